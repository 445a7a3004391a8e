import { createContext, useContext } from 'react';
import type { Schemas } from './api/client';

export type Me = Schemas['MeDto'];

export interface Session {
  me: Me;
  /** The project in the URL. */
  projectId: number;
  signOut: () => void;
  /** The project list changed (a project created): the switcher loads it again. */
  projectsChanged: () => void;
  projectsVersion: number;
}

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const s = useContext(SessionContext);
  if (!s) throw new Error('useSession outside a signed-in page');
  return s;
}

/** A path inside the current project: `/project/<id>/<rest>`. */
export function projectPath(projectId: number, rest: string): string {
  return `/project/${projectId}/${rest.replace(/^\//, '')}`;
}
