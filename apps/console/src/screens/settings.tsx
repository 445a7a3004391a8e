import { FormEvent, useState } from 'react';
import { api, ok, Schemas } from '../api/client';
import { ErrorBanner, errorAt, Field, formatDate, useLoad } from '../components/ui';
import { useSession } from '../session';

const SCOPES = [
  '*',
  'feature_flag:read',
  'feature_flag:write',
  'person:read',
  'person:write',
  'cohort:read',
  'cohort:write',
  'event_definition:read',
  'event_definition:write',
  'project:read',
  'project:write',
  'organization:read',
  'organization:write',
  'activity_log:read',
] as const;

export function Settings() {
  return (
    <>
      <h1>Settings</h1>
      <ProjectSettings />
      <PersonalKeys />
      <Members />
      <FlagAccess />
      <Roles />
      <Projects />
    </>
  );
}

function ProjectSettings() {
  const { projectId } = useSession();
  const project = useLoad(
    () => ok(api.GET('/api/projects/{project_id}', { params: { path: { project_id: String(projectId) } } })),
    [projectId],
  );
  const p = project.data as (Schemas['ProjectDto'] & { api_token: string }) | undefined;
  const host = location.origin;
  return (
    <section className="card" aria-labelledby="project-title">
      <h2 id="project-title">Project</h2>
      <ErrorBanner error={project.error} />
      {p ? (
        <>
          <p>
            <strong>{p.name}</strong> (id {p.id})
          </p>
          <p>
            Project token: <code data-testid="project-token">{p.api_token}</code>
          </p>
          <h3>posthog-node</h3>
          <pre className="snippet" tabIndex={0}>
            {`import { PostHog } from 'posthog-node';\n\nconst posthog = new PostHog('${p.api_token}', { host: '${host}' });\nconst enabled = await posthog.isFeatureEnabled('my-flag', 'user-distinct-id');`}
          </pre>
          <h3>posthog-js</h3>
          <pre className="snippet" tabIndex={0}>
            {`posthog.init('${p.api_token}', { api_host: '${host}' });\nposthog.onFeatureFlags(() => {\n  if (posthog.isFeatureEnabled('my-flag')) { /* … */ }\n});`}
          </pre>
        </>
      ) : null}
    </section>
  );
}

function PersonalKeys() {
  const keys = useLoad(() => ok(api.GET('/api/personal_api_keys')), []);
  const [label, setLabel] = useState('');
  const [scopes, setScopes] = useState<string[]>(['feature_flag:read']);
  const [created, setCreated] = useState<string | null>(null);
  const [error, setError] = useState<unknown>();
  const create = async (e: FormEvent) => {
    e.preventDefault();
    setError(undefined);
    try {
      const key = await ok(
        api.POST('/api/personal_api_keys', {
          body: { label, scopes: scopes as Schemas['CreatePersonalApiKeyDto']['scopes'] },
        }),
      );
      setCreated((key as { value: string }).value);
      setLabel('');
      keys.reload();
    } catch (err) {
      setError(err);
    }
  };
  const revoke = async (id: string) => {
    setError(undefined);
    try {
      await ok(api.DELETE('/api/personal_api_keys/{id}', { params: { path: { id } } }));
      keys.reload();
    } catch (err) {
      setError(err);
    }
  };
  const list = (keys.data ?? []) as unknown as Schemas['PersonalApiKeyDto'][];
  return (
    <section className="card" aria-labelledby="keys-title">
      <h2 id="keys-title">Personal API keys</h2>
      <ErrorBanner error={keys.error ?? error} shownAt={['label', 'scopes']} />
      {created ? (
        <div className="banner" role="status">
          New key (shown once, copy it now): <code>{created}</code>
        </div>
      ) : null}
      <ul className="key-list">
        {(Array.isArray(list)
          ? list
          : ((list as unknown as { results: Schemas['PersonalApiKeyDto'][] }).results ?? [])
        ).map((k) => (
          <li key={k.id}>
            <strong>{k.label}</strong> <code>{k.mask_value}</code>{' '}
            <span className="muted small">{k.scopes.join(', ')}</span>{' '}
            <button
              type="button"
              className="link danger"
              onClick={() => void revoke(k.id)}
              aria-label={`Revoke ${k.label}`}
            >
              Revoke
            </button>
          </li>
        ))}
      </ul>
      <form onSubmit={create} aria-label="Create a personal API key">
        <Field label="Key label" error={errorAt(error, 'label')}>
          {(p) => <input {...p} value={label} required maxLength={40} onChange={(e) => setLabel(e.target.value)} />}
        </Field>
        <fieldset>
          <legend>Scopes</legend>
          {errorAt(error, 'scopes') ? <p className="field-error">{errorAt(error, 'scopes')}</p> : null}
          <div className="scopes">
            {SCOPES.map((s) => (
              <div className="checkbox" key={s}>
                <input
                  id={`scope-${s}`}
                  type="checkbox"
                  checked={scopes.includes(s)}
                  onChange={(e) => setScopes(e.target.checked ? [...scopes, s] : scopes.filter((x) => x !== s))}
                />
                <label htmlFor={`scope-${s}`}>{s === '*' ? 'Everything (*)' : s}</label>
              </div>
            ))}
          </div>
        </fieldset>
        <button type="submit">Create key</button>
      </form>
    </section>
  );
}

type Member = Schemas['OrganizationMemberDto'];
const LEVELS: Record<number, string> = { 1: 'Member', 8: 'Admin', 15: 'Owner' };

/** The organization's members: levels changed and members removed by admins (the API says who may). */
function Members() {
  const { me } = useSession();
  const orgId = me.organization?.id;
  const [error, setError] = useState<unknown>();
  const members = useLoad(
    () =>
      ok(
        api.GET('/api/organizations/{organization_id}/members', {
          params: { path: { organization_id: String(orgId) } },
        }),
      ),
    [orgId],
  );
  const write = async (method: 'PATCH' | 'DELETE', member: Member, level?: number) => {
    setError(undefined);
    const path = { organization_id: String(orgId), user_uuid: member.user.uuid };
    try {
      if (method === 'PATCH')
        await ok(
          api.PATCH('/api/organizations/{organization_id}/members/{user_uuid}', {
            params: { path },
            body: { level } as never,
          }),
        );
      else await ok(api.DELETE('/api/organizations/{organization_id}/members/{user_uuid}', { params: { path } }));
    } catch (e) {
      setError(e);
    }
    members.reload();
  };
  if (!orgId) return null;
  return (
    <section className="card" aria-labelledby="members-title">
      <h2 id="members-title">Members of {me.organization?.name}</h2>
      <ErrorBanner error={members.error ?? error} />
      <div className="table-wrap">
        <table>
          <caption className="visually-hidden">Members</caption>
          <thead>
            <tr>
              <th scope="col">Email</th>
              <th scope="col">Level</th>
              <th scope="col">Joined</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {((members.data?.results ?? []) as Member[]).map((m) => (
              <tr key={m.id}>
                <td>{m.user.email}</td>
                <td>
                  <select
                    aria-label={`Level of ${m.user.email}`}
                    value={m.level}
                    onChange={(e) => void write('PATCH', m, Number(e.target.value))}
                  >
                    {Object.entries(LEVELS).map(([v, l]) => (
                      <option key={v} value={v}>
                        {l}
                      </option>
                    ))}
                  </select>
                </td>
                <td>{formatDate(m.joined_at)}</td>
                <td>
                  {m.user.email === me.email ? null : (
                    <button
                      type="button"
                      className="link danger"
                      onClick={() => void write('DELETE', m)}
                      aria-label={`Remove ${m.user.email}`}
                    >
                      Remove
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function FlagAccess() {
  const { me } = useSession();
  const orgId = me.organization?.id;
  const [error, setError] = useState<unknown>();
  const access = useLoad(
    () =>
      ok(
        api.GET('/api/organizations/{organization_id}/feature_flag_access', {
          params: { path: { organization_id: String(orgId) } },
        }),
      ),
    [orgId],
  );
  const set = async (level: 21 | 37) => {
    setError(undefined);
    try {
      access.set(
        await ok(
          api.PATCH('/api/organizations/{organization_id}/feature_flag_access', {
            params: { path: { organization_id: String(orgId) } },
            body: { access_level: level },
          }),
        ),
      );
    } catch (e) {
      setError(e);
    }
  };
  if (!orgId) return null;
  return (
    <section className="card" aria-labelledby="access-title">
      <h2 id="access-title">Default feature flag access</h2>
      <ErrorBanner error={access.error ?? error} />
      {access.data ? (
        <Field label="Members without a role can" hint="Roles and a flag's role access can grant editing back.">
          {(p) => (
            <select {...p} value={access.data!.access_level} onChange={(e) => void set(Number(e.target.value) as 21)}>
              <option value={37}>View and edit feature flags</option>
              <option value={21}>Only view feature flags</option>
            </select>
          )}
        </Field>
      ) : null}
    </section>
  );
}

type Role = Schemas['RoleDto'];
const ACCESS: Record<number, string> = { 21: 'Only view feature flags', 37: 'View and edit feature flags' };

/**
 * The organization's roles: a role's members edit feature flags at the role's level, and a
 * view-only role still edits the flags that give it access (a flag's page, "Role access").
 */
function Roles() {
  const { me } = useSession();
  const orgId = me.organization?.id;
  const organization = { organization_id: String(orgId) };
  const loadRoles = () =>
    ok(
      api.GET('/api/organizations/{organization_id}/roles', { params: { path: organization, query: { limit: 1000 } } }),
    );
  const roles = useLoad(loadRoles, [orgId]);
  const members = useLoad(
    () =>
      ok(
        api.GET('/api/organizations/{organization_id}/members', {
          params: { path: organization, query: { limit: 1000 } },
        }),
      ),
    [orgId],
  );
  const [name, setName] = useState('');
  const [level, setLevel] = useState('');
  const [error, setError] = useState<unknown>();
  const [status, setStatus] = useState('');
  /** Runs a change, loads the roles again and then says what it did (or shows why not). */
  const run = async (change: () => Promise<unknown>, done: string) => {
    setError(undefined);
    setStatus('');
    try {
      await change();
      roles.set(await loadRoles());
      setStatus(done);
      return true;
    } catch (e) {
      setError(e);
      return false;
    }
  };
  const create = async (e: FormEvent) => {
    e.preventDefault();
    const body = { name, ...(level ? { feature_flags_access_level: Number(level) as 21 | 37 } : {}) };
    if (
      await run(
        () => ok(api.POST('/api/organizations/{organization_id}/roles', { params: { path: organization }, body })),
        `Created role ${name.trim()}.`,
      )
    ) {
      setName('');
      setLevel('');
    }
  };
  if (!orgId) return null;
  const list = roles.data?.results ?? [];
  const users = ((members.data?.results ?? []) as Member[]).map((m) => m.user);
  return (
    <section className="card" aria-labelledby="roles-title">
      <h2 id="roles-title">Roles</h2>
      <p className="muted">
        A role's members edit feature flags at the role's level; a view-only role still edits the flags that give it
        access (on a flag's page).
      </p>
      <ErrorBanner error={roles.error ?? members.error ?? error} shownAt={['name']} />
      {status ? (
        <p role="status" className="banner">
          {status}
        </p>
      ) : null}
      {roles.data && list.length === 0 ? <p className="muted">No roles yet.</p> : null}
      {list.map((role) => (
        <RoleCard
          key={role.id}
          role={role}
          users={users}
          onAdd={(userUuid, email) =>
            run(
              () =>
                ok(
                  api.POST('/api/organizations/{organization_id}/roles/{id}/role_memberships', {
                    params: { path: { ...organization, id: role.id } },
                    body: { user_uuid: userUuid },
                  }),
                ),
              `Added ${email} to ${role.name}.`,
            )
          }
          onRemove={(membershipId, email) =>
            run(
              () =>
                ok(
                  api.DELETE('/api/organizations/{organization_id}/roles/{id}/role_memberships/{membership_id}', {
                    params: { path: { ...organization, id: role.id, membership_id: membershipId } },
                  }),
                ),
              `Removed ${email} from ${role.name}.`,
            )
          }
          onDelete={() =>
            run(
              () =>
                ok(
                  api.DELETE('/api/organizations/{organization_id}/roles/{id}', {
                    params: { path: { ...organization, id: role.id } },
                  }),
                ),
              `Deleted role ${role.name}.`,
            )
          }
        />
      ))}
      <form onSubmit={create} className="inline-form" aria-label="New role">
        <Field label="Role name" error={errorAt(error, 'name')}>
          {(p) => <input {...p} value={name} required maxLength={200} onChange={(e) => setName(e.target.value)} />}
        </Field>
        <Field label="Its members can" error={errorAt(error, 'feature_flags_access_level')}>
          {(p) => (
            <select {...p} value={level} onChange={(e) => setLevel(e.target.value)}>
              <option value="">As the organization's default</option>
              <option value="21">{ACCESS[21]}</option>
              <option value="37">{ACCESS[37]}</option>
            </select>
          )}
        </Field>
        <button type="submit">Create role</button>
      </form>
    </section>
  );
}

function RoleCard({
  role,
  users,
  onAdd,
  onRemove,
  onDelete,
}: {
  role: Role;
  users: Array<Member['user']>;
  onAdd: (userUuid: string, email: string) => Promise<boolean>;
  onRemove: (membershipId: string, email: string) => void;
  onDelete: () => void;
}) {
  const [userUuid, setUserUuid] = useState('');
  const [confirming, setConfirming] = useState(false);
  const inRole = new Set(role.members.map((m) => m.user?.uuid));
  const candidates = users.filter((u) => !inRole.has(u.uuid));
  const titleId = `role-${role.id}`;
  const add = async (e: FormEvent) => {
    e.preventDefault();
    const user = users.find((u) => u.uuid === userUuid);
    if (user && (await onAdd(user.uuid, user.email))) setUserUuid('');
  };
  return (
    <section className="role" aria-labelledby={titleId}>
      <h3 id={titleId}>{role.name}</h3>
      <p className="muted small">
        {ACCESS[role.feature_flags_access_level]}
        {role.associated_flags.length > 0 ? ` · access to ${role.associated_flags.map((f) => f.key).join(', ')}` : ''}
      </p>
      {role.members.length === 0 ? <p className="muted">No members.</p> : null}
      <ul>
        {role.members.map((m) => (
          <li key={m.id}>
            {m.user?.email ?? 'A former user'}{' '}
            <button
              type="button"
              className="link danger"
              onClick={() => onRemove(m.id, m.user?.email ?? 'the member')}
              aria-label={`Remove ${m.user?.email ?? 'the member'} from ${role.name}`}
            >
              Remove
            </button>
          </li>
        ))}
      </ul>
      <div className="actions">
        {candidates.length > 0 ? (
          <form onSubmit={add} className="inline-form">
            <div className="field">
              <label htmlFor={`${titleId}-add`}>Add a member to {role.name}</label>
              <select id={`${titleId}-add`} value={userUuid} required onChange={(e) => setUserUuid(e.target.value)}>
                <option value="">Choose a member</option>
                {candidates.map((u) => (
                  <option key={u.uuid} value={u.uuid}>
                    {u.email}
                  </option>
                ))}
              </select>
            </div>
            <button type="submit">Add member</button>
          </form>
        ) : null}
        <span className="spacer" />
        {confirming ? (
          <>
            <span>Delete {role.name}, its members and its access to flags?</span>
            <button type="button" className="danger" onClick={onDelete}>
              Yes, delete
            </button>
            <button type="button" onClick={() => setConfirming(false)}>
              Cancel
            </button>
          </>
        ) : (
          <button
            type="button"
            className="danger"
            onClick={() => setConfirming(true)}
            aria-label={`Delete role ${role.name}`}
          >
            Delete role
          </button>
        )}
      </div>
    </section>
  );
}

function Projects() {
  const { me, projectsChanged } = useSession();
  const projects = useLoad(() => ok(api.GET('/api/projects', { params: { query: { limit: 200 } } })), []);
  const [name, setName] = useState('');
  const [error, setError] = useState<unknown>();
  const create = async (e: FormEvent) => {
    e.preventDefault();
    setError(undefined);
    try {
      await ok(
        api.POST('/api/projects', {
          body: { name, organization_id: me.organization?.id } as Schemas['CreateProjectDto'],
        }),
      );
      setName('');
      projects.reload();
      projectsChanged();
    } catch (err) {
      setError(err);
    }
  };
  return (
    <section className="card" aria-labelledby="projects-title">
      <h2 id="projects-title">Projects</h2>
      <ul>
        {(projects.data?.results ?? []).map((p) => (
          <li key={p.id}>
            <a href={`/project/${p.id}/feature_flags`}>{p.name}</a>
          </li>
        ))}
      </ul>
      <form onSubmit={create} className="inline-form" aria-label="New project">
        <Field label="New project name" error={errorAt(error, 'name')}>
          {(p) => <input {...p} value={name} required onChange={(e) => setName(e.target.value)} />}
        </Field>
        <button type="submit">Create project</button>
      </form>
      <ErrorBanner error={projects.error ?? error} shownAt={['name']} />
    </section>
  );
}
