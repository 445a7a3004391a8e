/** @sql-sensitive the persons of a cohort, in SQL */
import { createCohort, identify } from '../evaluation/factories';
import { personOf } from '../persons/factories';
import { startTestApp, Tenant, TestApp } from '../support/test-app';

const and = (...values: object[]) => ({ properties: { type: 'AND', values: [{ type: 'AND', values }] } });

describe('GET /persons/cohorts: the cohorts a person belongs to', () => {
  let t: TestApp;
  let other: Tenant;
  let ana: { id: number; uuid: string };
  const cohortsOf = (personId: string | number, key?: string) =>
    t.get(`/api/projects/${t.projectId}/persons/cohorts/?person_id=${personId}`, key);
  const names = (body: { results: Array<{ name: string }> }) => body.results.map((c) => c.name).sort();

  beforeAll(async () => {
    t = await startTestApp();
    other = await t.newTenant();
    await identify(t, t.projectToken, [
      { distinctId: 'ana', properties: { country: 'DE', plan: 'pro' } },
      { distinctId: 'ben', properties: { country: 'FR', plan: 'free' } },
    ]);
    ana = (await personOf(t, 'ana'))!;
    const german = await createCohort(t, {
      name: 'German',
      filters: and({ key: 'country', type: 'person', value: 'DE' }),
    });
    await createCohort(t, { name: 'Free', filters: and({ key: 'plan', type: 'person', value: 'free' }) });
    await createCohort(t, {
      name: 'German, not free',
      filters: and(
        { key: 'id', type: 'cohort', value: german.id },
        { key: 'plan', type: 'person', value: 'free', negation: true },
      ),
    });
    const chosen = await createCohort(t, { name: 'Chosen', is_static: true });
    await t
      .req('patch', `/api/projects/${t.projectId}/cohorts/${chosen.id}/add_persons_to_static_cohort/`)
      .send({ person_ids: [ana.uuid] })
      .expect(200);
    const gone = await createCohort(t, { name: 'Gone', filters: and({ key: 'country', type: 'person', value: 'DE' }) });
    await t.patch(`/api/projects/${t.projectId}/cohorts/${gone.id}/`, { deleted: true }).expect(200);
  });
  afterAll(() => t?.close());

  it('lists static and dynamic cohorts, nested and negated ones included, by integer id or uuid', async () => {
    const byId = await cohortsOf(ana.id).expect(200);
    expect(names(byId.body)).toEqual(['Chosen', 'German', 'German, not free']);
    expect(byId.body.results[0]).toMatchObject({ id: expect.any(Number), is_static: expect.any(Boolean) });
    const byUuid = await cohortsOf(ana.uuid).expect(200);
    expect(names(byUuid.body)).toEqual(names(byId.body));
    const ben = (await personOf(t, 'ben'))!;
    expect(names((await cohortsOf(ben.id).expect(200)).body)).toEqual(['Free']);
  });

  it('follows the person’s properties as they change', async () => {
    await t.patch(`/api/projects/${t.projectId}/persons/${ana.id}/`, { properties: { plan: 'free' } }).expect(200);
    expect(names((await cohortsOf(ana.id).expect(200)).body)).toEqual(['Chosen', 'Free', 'German']);
  });

  it('answers for a project whose cohorts reference no other dynamic cohort (the statement then has no CTE)', async () => {
    // Found by the fuzzer: the one-person scope's parameter was bound even when no CTE read it,
    // and PostgreSQL (and PGlite) refused the statement: 500.
    await identify(t, other.projectToken, [{ distinctId: 'carla', properties: { plan: 'pro' } }]);
    await createCohort(
      t,
      { name: 'Pro', filters: and({ key: 'plan', type: 'person', value: 'pro' }) },
      other.projectId,
      other.key,
    );
    const listed = await createCohort(t, { name: 'Listed', is_static: true }, other.projectId, other.key);
    const carla = await t.get(`/api/projects/${other.projectId}/persons/?distinct_id=carla`, other.key).expect(200);
    await t
      .req('patch', `/api/projects/${other.projectId}/cohorts/${listed.id}/add_persons_to_static_cohort/`, other.key)
      .send({ person_ids: [carla.body.results[0].uuid] })
      .expect(200);
    const res = await t
      .get(`/api/projects/${other.projectId}/persons/cohorts/?person_id=${carla.body.results[0].id}`, other.key)
      .expect(200);
    expect(names(res.body)).toEqual(['Listed', 'Pro']);
  });

  it('refuses what it cannot answer', async () => {
    const missing = await t.get(`/api/projects/${t.projectId}/persons/cohorts/`).expect(400);
    expect(missing.body).toMatchObject({ code: 'required', attr: 'person_id' });
    const malformed = await cohortsOf('not-a-person').expect(400);
    expect(malformed.body.attr).toBe('person_id');
    await cohortsOf(999999).expect(404);
    // another organization's person, through our project, is nobody here; through theirs, a 404
    await identify(t, other.projectToken, [{ distinctId: 'theirs', properties: { country: 'DE' } }]);
    const theirs = await t.get(`/api/projects/${other.projectId}/persons/?distinct_id=theirs`, other.key).expect(200);
    await cohortsOf(theirs.body.results[0].id).expect(404);
    await t.get(`/api/projects/${other.projectId}/persons/cohorts/?person_id=${ana.id}`).expect(404);
  });

  it('needs person:read and cohort:read', async () => {
    const personOnly = await t.newUser(t.organizationId, { scopes: ['person:read'] });
    const res = await cohortsOf(ana.id, personOnly.key).expect(403);
    expect(res.body.detail).toBe("API key missing required scope 'cohort:read'");
    const both = await t.newUser(t.organizationId, { scopes: ['person:read', 'cohort:read'] });
    await cohortsOf(ana.id, both.key).expect(200);
  });
});
