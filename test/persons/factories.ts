import request from 'supertest';
import { DataSource } from 'typeorm';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { TestApp } from '../support/test-app';

export interface PersonBody {
  id: number;
  uuid: string;
  name: string;
  distinct_ids: string[];
  properties: Record<string, unknown>;
  created_at: string;
  is_identified: boolean;
}

/** Sends events as one batch to /batch/ (without sent_at: their timestamps stay as given) and expects them accepted. */
export async function ingest(t: { baseUrl: string }, token: string, batch: object[]): Promise<void> {
  await request(t.baseUrl).post('/batch/').send({ api_key: token, batch }).expect(200, { status: 1 });
}

/** The person with this distinct id, through the persons API (undefined when none). */
export async function personOf(
  t: TestApp,
  distinctId: string,
  projectId = t.projectId,
  key = t.key,
): Promise<PersonBody | undefined> {
  const res = await t
    .get(`/api/projects/${projectId}/persons/?distinct_id=${encodeURIComponent(distinctId)}`, key)
    .expect(200);
  return res.body.results[0];
}

export function dataSource(t: TestApp): DataSource {
  return t.app.get<DataSource>(getDataSourceToken());
}

/** Stored events of a project (there is no events API yet), oldest first. */
export async function storedEvents(
  t: TestApp,
  projectId = t.projectId,
): Promise<
  Array<{
    uuid: string;
    event: string;
    distinct_id: string;
    person_id: string | null;
    properties: Record<string, unknown>;
    timestamp: Date;
  }>
> {
  return dataSource(t).query(
    `SELECT uuid, event, distinct_id, person_id, properties, timestamp FROM events WHERE project_id = $1 ORDER BY timestamp, uuid`,
    [projectId],
  );
}
