import request from 'supertest';
import type { TestApp } from '../support/test-app';

/** A flag through the API (201 expected); returns its body. */
export async function createFlag(t: TestApp, body: object, projectId = t.projectId, key = t.key) {
  const res = await t.post(`/api/projects/${projectId}/feature_flags/`, body, key);
  if (res.status !== 201) throw new Error(`flag not created: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: number; key: string; version: number; filters: Record<string, unknown> };
}

/** A cohort through the API (201 expected); returns its body. */
export async function createCohort(t: TestApp, body: object, projectId = t.projectId, key = t.key) {
  const res = await t.post(`/api/projects/${projectId}/cohorts/`, body, key);
  if (res.status !== 201) throw new Error(`cohort not created: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: number; name: string; is_calculating: boolean; count: number | null };
}

/** Persons with stored properties, created the way SDKs create them: `$identify` with `$set`. */
export async function identify(
  t: { baseUrl: string },
  token: string,
  persons: Array<{ distinctId: string; properties: Record<string, unknown>; anonDistinctId?: string }>,
): Promise<void> {
  const batch = persons.map((p) => ({
    event: '$identify',
    distinct_id: p.distinctId,
    properties: { $set: p.properties, ...(p.anonDistinctId ? { $anon_distinct_id: p.anonDistinctId } : {}) },
  }));
  await request(t.baseUrl).post('/batch/').send({ api_key: token, batch }).expect(200);
}

/** POST /flags?v=2 (or another path / version) with the project token in the body. */
export function flags(t: { baseUrl: string }, body: object, path = '/flags/?v=2') {
  return request(t.baseUrl).post(path).send(body);
}

/** The value of each flag in a /flags v2 body. */
export function valuesOf(body: { flags: Record<string, { enabled: boolean; variant: string | null }> }) {
  return Object.fromEntries(Object.entries(body.flags).map(([k, f]) => [k, f.variant ?? f.enabled]));
}

/** Of `distinctIds`, those `/flags` answers the flag `key` enabled for (sorted); `body` adds to each request. */
export async function enabledFor(
  t: { baseUrl: string; projectToken: string },
  key: string,
  distinctIds: readonly string[],
  body: object = {},
): Promise<string[]> {
  const on: string[] = [];
  for (const distinctId of distinctIds) {
    const res = await flags(t, {
      token: t.projectToken,
      distinct_id: distinctId,
      flag_keys_to_evaluate: [key],
      ...body,
    });
    if (res.body.flags[key].enabled) on.push(distinctId);
  }
  return on.sort();
}
