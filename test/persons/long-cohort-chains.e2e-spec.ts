/** @sql-sensitive cohort chains compiled to SQL */
/**
 * Issue 16 (the class of item 10, for cohorts): nothing bounded how long a chain of cohorts, each
 * referencing the one before once, could grow (its expanded size stays 1 filter per level), and
 * the references were read one level per query: the 500th cohort of a chain cost 500 queries to
 * save (measured: the first 500 took 65 s to create, the next 500 229 s), and every walk of the
 * chain (flags engine, local-evaluation definitions, membership SQL) grew with it. Now the graph
 * is read in one recursive statement and a chain is at most `TARGETING_COHORT_MAX_DEPTH` (100)
 * cohorts long: one cohort more is a 400 naming `filters`, including when an edit lengthens the
 * chain of a cohort that references the edited one.
 */
import { startTestApp, TestApp } from '../support/test-app';
import { createFlag, flags, identify } from '../evaluation/factories';

const pro = { key: 'plan', type: 'person', value: 'pro' };
const inCohort = (id: number) => ({ properties: { type: 'AND', values: [{ key: 'id', type: 'cohort', value: id }] } });

describe('long cohort chains', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await startTestApp();
    base = `/api/projects/${t.projectId}/cohorts/`;
    await identify(t, t.projectToken, [
      { distinctId: 'a', properties: { plan: 'pro' } },
      { distinctId: 'b', properties: { plan: 'free' } },
    ]);
  });
  afterAll(() => t?.close());

  it('takes a chain of 100 cohorts, refuses the 101st (400 naming filters) and evaluates the chain everywhere', async () => {
    const ids = [
      (await t.post(base, { name: 'c1', filters: { properties: { type: 'AND', values: [pro] } } }).expect(201)).body.id,
    ];
    for (let n = 2; n <= 100; n++) {
      ids.push((await t.post(base, { name: `c${n}`, filters: inCohort(ids[ids.length - 1]) }).expect(201)).body.id);
    }
    const deepest = ids[ids.length - 1];
    const refused = await t.post(base, { name: 'c101', filters: inCohort(deepest) }).expect(400);
    expect(refused.body).toMatchObject({ type: 'validation_error', attr: 'filters' });
    expect(refused.body.detail).toMatch(/chain of more than 100 cohorts/);

    // An edit that lengthens the chain below a cohort is refused for the cohorts above it.
    const extra = (
      await t.post(base, { name: 'extra', filters: { properties: { type: 'AND', values: [pro] } } }).expect(201)
    ).body.id;
    const lengthen = await t.patch(`${base}${ids[0]}/`, { filters: inCohort(extra) }).expect(400);
    expect(lengthen.body).toMatchObject({ attr: 'filters' });
    expect(lengthen.body.detail).toMatch(new RegExp(`Cohort ${deepest}, which references this one`));

    // The whole chain, evaluated by every path that walks it.
    await createFlag(t, {
      key: 'deep',
      filters: { groups: [{ properties: [{ key: 'id', type: 'cohort', value: deepest }] }] },
    });
    const a = await flags(t, { token: t.projectToken, distinct_id: 'a' }).expect(200);
    const b = await flags(t, { token: t.projectToken, distinct_id: 'b' }).expect(200);
    expect([a.body.flags.deep.enabled, b.body.flags.deep.enabled]).toEqual([true, false]);
    const shipped = await t
      .get(`/api/projects/${t.projectId}/feature_flags/local_evaluation/?send_cohorts`)
      .expect(200);
    expect(
      Object.keys(shipped.body.cohorts)
        .map(Number)
        .sort((x, y) => x - y),
    ).toEqual([...ids].sort((x, y) => x - y));
    const members = await t.get(`${base}${deepest}/persons/`).expect(200);
    expect(members.body.results.map((p: { distinct_ids: string[] }) => p.distinct_ids)).toEqual([['a']]);
  }, 120_000);
});
