/** @sql-sensitive nested cohorts compiled to SQL */
/**
 * Issue 16, item 7: nested cohorts were inlined into one statement, so a chain of cohorts each
 * `OR [in previous, in previous]` grew as 2^depth: depth 15 needed 65,537 bind parameters and
 * PostgreSQL's refusal came back as 503 "the database is unavailable". Now each referenced cohort
 * is compiled once (a materialised CTE), a cohort's expanded size (every reference counted) is
 * capped on save, and a statement PostgreSQL refuses is a logged 500, never a 503.
 */
import { startTestApp, TestApp } from '../support/test-app';
import { createFlag, flags, identify } from '../evaluation/factories';
import { waitFor } from '../support/poll';

const pro = { key: 'plan', type: 'person', value: 'pro' };
const twice = (id: number) => ({
  properties: {
    type: 'OR',
    values: [
      { key: 'id', type: 'cohort', value: id },
      { key: 'id', type: 'cohort', value: id },
    ],
  },
});

async function chain(t: TestApp, depth: number) {
  const base = `/api/projects/${t.projectId}/cohorts/`;
  const first = await t.post(base, { name: 'depth 0', filters: { properties: { type: 'AND', values: [pro] } } });
  expect(first.status).toBe(201);
  const ids = [first.body.id as number];
  const statuses: number[] = [];
  for (let level = 1; level <= depth; level++) {
    const res = await t.post(base, { name: `depth ${level}`, filters: twice(ids[ids.length - 1]) });
    statuses.push(res.status);
    if (res.status !== 201) return { ids, statuses, refusal: res.body };
    ids.push(res.body.id);
  }
  return { ids, statuses, refusal: null };
}

async function members(t: TestApp, id: number) {
  const started = process.hrtime.bigint();
  const res = await t.get(`/api/projects/${t.projectId}/cohorts/${id}/persons/`);
  return { res, ms: Number(process.hrtime.bigint() - started) / 1e6 };
}

describe('nested cohorts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
    await identify(t, t.projectToken, [
      { distinctId: 'a', properties: { plan: 'pro' } },
      { distinctId: 'b', properties: { plan: 'free' } },
    ]);
  });
  afterAll(() => t?.close());

  it('caps a cohort’s expanded size on save (400 naming filters), never a 5xx', async () => {
    const { ids, statuses, refusal } = await chain(t, 15);
    // 2^13 filters fit the default 10,000; 2^14 do not.
    expect(ids).toHaveLength(14);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(refusal).toMatchObject({ type: 'validation_error', attr: 'filters' });
    expect(refusal.detail).toMatch(/more than 10000 filters once the cohorts it references are expanded/);
    const deepest = ids[ids.length - 1];
    const { res, ms } = await members(t, deepest);
    console.log(`NESTED COHORTS: persons of a depth-13 chain (8,192 filters expanded): ${ms.toFixed(0)} ms`);
    expect(res.status).toBe(200);
    expect(res.body.results.map((p: { distinct_ids: string[] }) => p.distinct_ids)).toEqual([['a']]);
    const settled = await waitFor(async () => {
      const cohort = (await t.get(`/api/projects/${t.projectId}/cohorts/${deepest}/`).expect(200)).body;
      return cohort.is_calculating ? undefined : cohort;
    });
    expect(settled).toMatchObject({ count: 1, errors_calculating: 0 });

    // The cohorts referencing a cohort grow with it: an edit that would push one over is refused.
    const fourTimes = Array.from({ length: 4 }, () => ({ key: 'id', type: 'cohort', value: ids[0] }));
    const grow = await t.patch(`/api/projects/${t.projectId}/cohorts/${ids[1]}/`, {
      filters: { properties: { type: 'OR', values: fourTimes } },
    });
    expect(grow.status).toBe(400);
    expect(grow.body.detail).toMatch(/which references this one/);
  });

  it('refuses 500 references to a cohort of 500 references (250,000 filters expanded)', async () => {
    const base = `/api/projects/${t.projectId}/cohorts/`;
    const leaf = await t
      .post(base, { name: 'leaf', filters: { properties: { type: 'AND', values: [pro] } } })
      .expect(201);
    const refs = (id: number) => ({
      properties: { type: 'OR', values: Array.from({ length: 500 }, () => ({ key: 'id', type: 'cohort', value: id })) },
    });
    const wide = await t.post(base, { name: 'wide', filters: refs(leaf.body.id) }).expect(201);
    const wider = await t.post(base, { name: 'wider', filters: refs(wide.body.id) }).expect(400);
    expect(wider.body).toMatchObject({ attr: 'filters' });
    const listed = await members(t, wide.body.id);
    console.log(`NESTED COHORTS: persons of a cohort of 500 references: ${listed.ms.toFixed(0)} ms`);
    expect(listed.res.status).toBe(200);
    // The flags engine evaluates each referenced cohort once per request as well.
    await createFlag(t, {
      key: 'wide-flag',
      filters: { groups: [{ properties: [{ key: 'id', type: 'cohort', value: wide.body.id }] }] },
    });
    const res = await flags(t, { token: t.projectToken, distinct_id: 'a' }).expect(200);
    expect(res.body.flags['wide-flag'].enabled).toBe(true);
  });

  it('compiles each referenced cohort once: a depth-15 chain is counted and listed (it answered 503)', async () => {
    const raised = await startTestApp({ TARGETING_COHORT_MAX_EXPANSION: '1000000' });
    try {
      await identify(raised, raised.projectToken, [
        { distinctId: 'a', properties: { plan: 'pro' } },
        { distinctId: 'b', properties: { plan: 'free' } },
      ]);
      const { ids, statuses } = await chain(raised, 15);
      expect(statuses.every((s) => s === 201)).toBe(true);
      const deepest = ids[15];
      const { res, ms } = await members(raised, deepest);
      console.log(
        `NESTED COHORTS: persons of a depth-15 chain (32,768 filters expanded, 16 CTEs): ${ms.toFixed(0)} ms`,
      );
      expect(res.status).toBe(200);
      expect(res.body.results.map((p: { distinct_ids: string[] }) => p.distinct_ids)).toEqual([['a']]);
      const settled = await waitFor(async () => {
        const cohort = (await raised.get(`/api/projects/${raised.projectId}/cohorts/${deepest}/`).expect(200)).body;
        return cohort.is_calculating ? undefined : cohort;
      });
      expect(settled).toMatchObject({ count: 1, errors_calculating: 0 });
      const person = (await raised.get(`/api/projects/${raised.projectId}/persons/?distinct_id=a`).expect(200)).body
        .results[0];
      const cohorts = await raised
        .get(`/api/projects/${raised.projectId}/persons/cohorts/?person_id=${person.id}`)
        .expect(200);
      expect(cohorts.body.results.map((c: { id: number }) => c.id).sort((x: number, y: number) => x - y)).toEqual(ids);
    } finally {
      await raised.close();
    }
  });
});
