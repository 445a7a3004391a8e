/** @sql-sensitive concurrent ingestion of one person: row locks, upserts */
import { ingest, personOf, storedEvents } from '../persons/factories';
import { startTestApp, TestApp } from '../support/test-app';

function shuffled<T>(items: T[], seed: number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    const j = seed % (i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

describe('concurrent ingestion', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  it('two concurrent batches for one new distinct id make one person', async () => {
    await Promise.all([
      ingest(t, t.projectToken, [{ event: 'from-a', distinct_id: 'race-1', properties: { $set: { a: 1 } } }]),
      ingest(t, t.projectToken, [{ event: 'from-b', distinct_id: 'race-1', properties: { $set: { b: 2 } } }]),
    ]);
    const res = await t.get(`/api/projects/${t.projectId}/persons/?search=race-1`).expect(200);
    expect(res.body.count).toBe(1);
    expect(res.body.results[0]).toMatchObject({ distinct_ids: ['race-1'], properties: { a: 1, b: 2 } });
    const events = (await storedEvents(t)).filter((e) => e.distinct_id === 'race-1');
    expect(events.map((e) => e.person_id)).toEqual([res.body.results[0].uuid, res.body.results[0].uuid]);
  });

  it('many concurrent batches over the same new ids lose no person and no property', async () => {
    const ids = ['r-a', 'r-b', 'r-c', 'r-d'];
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        ingest(
          t,
          t.projectToken,
          shuffled(ids, i + 1).map((id) => ({
            event: 'tick',
            distinct_id: id,
            properties: { $set: { [`k${i}`]: i } },
          })),
        ),
      ),
    );
    const expected = Object.fromEntries(Array.from({ length: 8 }, (_, i) => [`k${i}`, i]));
    for (const id of ids) {
      const person = await personOf(t, id);
      expect(person).toMatchObject({ distinct_ids: [id], properties: expected });
    }
    const res = await t.get(`/api/projects/${t.projectId}/persons/?search=r-`).expect(200);
    expect((await storedEvents(t)).filter((e) => e.event === 'tick')).toHaveLength(32);
    expect(res.body.count).toBe(0); // search matches exact distinct ids only
  });

  it('concurrent identifies into one user fold every anonymous id into one person', async () => {
    await ingest(
      t,
      t.projectToken,
      Array.from({ length: 6 }, (_, i) => ({
        event: 'visit',
        distinct_id: `m-anon-${i}`,
        properties: { $set: { [`seen${i}`]: true } },
      })),
    );
    await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        ingest(t, t.projectToken, [
          { event: '$identify', distinct_id: 'm-user', properties: { $anon_distinct_id: `m-anon-${i}` } },
        ]),
      ),
    );
    const person = await personOf(t, 'm-user');
    expect([...person!.distinct_ids].sort()).toEqual([
      'm-anon-0',
      'm-anon-1',
      'm-anon-2',
      'm-anon-3',
      'm-anon-4',
      'm-anon-5',
      'm-user',
    ]);
    expect(Object.keys(person!.properties).sort()).toEqual(['seen0', 'seen1', 'seen2', 'seen3', 'seen4', 'seen5']);
    const visits = (await storedEvents(t)).filter((e) => e.event === 'visit' || e.event === '$identify');
    expect(new Set(visits.map((e) => e.person_id))).toEqual(new Set([person!.uuid]));
  });

  it('plain events of known persons racing with merges of those persons land on the surviving person', async () => {
    const anons = Array.from({ length: 5 }, (_, i) => `sh-anon-${i}`);
    await ingest(
      t,
      t.projectToken,
      anons.map((id, i) => ({ event: 'first', distinct_id: id, properties: { $set: { [`n${i}`]: i } } })),
    );
    await Promise.all([
      // Batches without person changes (shared locks) ...
      ...Array.from({ length: 6 }, (_, i) =>
        ingest(
          t,
          t.projectToken,
          shuffled(anons, i + 7).map((id) => ({ event: 'plain', distinct_id: id, properties: { step: i } })),
        ),
      ),
      // ... while each anonymous person is merged into one user (exclusive locks).
      ...anons.map((id) =>
        ingest(t, t.projectToken, [
          { event: '$identify', distinct_id: 'sh-user', properties: { $anon_distinct_id: id } },
        ]),
      ),
    ]);
    const person = await personOf(t, 'sh-user');
    expect([...person!.distinct_ids].sort()).toEqual([...anons, 'sh-user'].sort());
    expect(person!.properties).toEqual({ n0: 0, n1: 1, n2: 2, n3: 3, n4: 4 });
    const events = (await storedEvents(t)).filter(
      (e) => ['first', 'plain', '$identify'].includes(e.event) && e.distinct_id.startsWith('sh-'),
    );
    expect(events.filter((e) => e.event === 'plain')).toHaveLength(30);
    expect(new Set(events.map((e) => e.person_id))).toEqual(new Set([person!.uuid]));
  });
});
