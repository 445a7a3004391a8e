/**
 * Who is calling: the user behind the personal API key, and what the key may do; or a project's
 * secret token (`projectSecret`), which stands for no user and holds `feature_flag:read` on the
 * routes that take it (`AcceptsProjectSecret`) only.
 */
export interface Actor {
  userId: number;
  userUuid: string;
  distinctId: string;
  email: string;
  firstName: string;
  lastName: string;
  isEmailVerified: boolean;
  keyId: string;
  keyHash: string;
  scopes: string[];
  currentProjectId: number | null;
  currentOrganizationId: string | null;
  projectSecret?: { projectId: number };
}

/** A project the actor may use, with the actor's level in its organization. */
export interface ProjectAccess {
  id: number;
  uuid: string;
  organizationId: string;
  name: string;
  apiToken: string;
  membershipLevel: number;
}

export interface OrganizationAccess {
  id: string;
  name: string;
  membershipLevel: number;
}
