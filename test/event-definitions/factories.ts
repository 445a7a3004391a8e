import type { TestApp } from '../support/test-app';

/** An event definition as the API returns it. */
export interface DefinitionBody {
  id: string;
  name: string;
  description: string;
  created_at: string | null;
  last_seen_at: string | null;
  last_updated_at: string;
  tags: string[];
  is_action: boolean;
  action_id: number | null;
  is_calculating: boolean;
  last_calculated_at: string | null;
  created_by: unknown;
  post_to_slack: boolean;
  volume_30_day: number | null;
}

export function definitionsPath(projectId: number): string {
  return `/api/projects/${projectId}/event_definitions`;
}

/** Every definition of the project (one page of up to 1000), in the list's order for `query`. */
export async function listDefinitions(
  t: TestApp,
  query = '',
  projectId = t.projectId,
  key = t.key,
): Promise<DefinitionBody[]> {
  const sep = query === '' ? '' : '&';
  const res = await t.get(`${definitionsPath(projectId)}/?limit=1000${sep}${query}`, key).expect(200);
  return res.body.results;
}

/** The definition of this event name, through the list's search (undefined when none). */
export async function definitionOf(
  t: TestApp,
  name: string,
  projectId = t.projectId,
  key = t.key,
): Promise<DefinitionBody | undefined> {
  const all = await listDefinitions(t, `search=${encodeURIComponent(name)}`, projectId, key);
  return all.find((d) => d.name === name);
}
