/** @sql-sensitive static cohorts and person lookups behind the SDK's remote calls */
import { jest } from '@jest/globals';
import { PostHog } from 'posthog-node';
import { waitFor } from '../support/poll';
import { startTestApp, TestApp } from '../support/test-app';
import { createCohort, createFlag, flags, valuesOf } from './factories';

/** A Prometheus counter's value, summed over the series whose labels contain `labels`. */
async function metric(t: TestApp, name: string, labels = ''): Promise<number> {
  const text = (await t.get('/_metrics', null).expect(200)).text;
  return text
    .split('\n')
    .filter((l) => (l.startsWith(`${name}{`) || l.startsWith(`${name} `)) && l.includes(labels))
    .reduce((sum, l) => sum + Number(l.split(' ').pop()), 0);
}

interface TestPerson {
  distinctId: string;
  properties: Record<string, string | number | boolean>;
  groups?: Record<string, string>;
}

const PERSONS: TestPerson[] = [
  {
    distinctId: 'ann',
    properties: { plan: 'pro', email: 'ann@acme.com', age: 34, beta: true },
    groups: { company: 'acme' },
  },
  { distinctId: 'ben', properties: { plan: 'free', email: 'ben@gmail.com', age: 17, beta: false } },
  {
    distinctId: 'cat',
    properties: { plan: 'enterprise', email: 'cat@initech.com', age: 51, beta: true },
    groups: { company: 'initech' },
  },
  { distinctId: 'dan', properties: { plan: 'pro', email: 'dan@gmail.com', age: 22, beta: false } },
  {
    distinctId: 'eve',
    properties: { plan: 'free', email: 'eve@acme.com', age: 45, beta: true },
    groups: { company: 'acme' },
  },
  ...Array.from({ length: 15 }, (_, i) => ({
    distinctId: `user-${i}`,
    properties: {
      plan: ['free', 'pro', 'enterprise'][i % 3],
      email: `u${i}@example.com`,
      age: 15 + i * 3,
      beta: i % 2 === 0,
    },
  })),
];
const COMPANIES: Record<string, Record<string, string | number>> = {
  acme: { name: 'Acme', seats: 120 },
  initech: { name: 'Initech', seats: 8 },
};

describe('posthog-node (unmodified) against the service', () => {
  let t: TestApp;
  let local: PostHog;
  let legacyPath: PostHog;
  const errors: unknown[] = [];
  const definitionPaths: string[] = [];

  const options = (p: TestPerson) => ({
    personProperties: p.properties as Record<string, string>,
    groups: p.groups ?? {},
    groupProperties: Object.fromEntries(
      Object.entries(p.groups ?? {}).map(([type, key]) => [type, COMPANIES[key] as Record<string, string>]),
    ),
  });

  beforeAll(async () => {
    // posthog-node 5.70 calls getFeatureFlag & co. deprecated (in favour of evaluateFlags).
    const warn = console.warn;
    jest.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
      if (!String(args[0]).includes('is deprecated')) warn(...args);
    });
    t = await startTestApp();
    // Persons and groups come in through ingestion, as posthog-node sends them.
    const ingest = new PostHog(t.projectToken, { host: t.baseUrl, flushAt: 1, fetchRetryCount: 0 });
    ingest.on('error', (e) => errors.push(e));
    for (const p of PERSONS) ingest.identify({ distinctId: p.distinctId, properties: p.properties });
    for (const [key, properties] of Object.entries(COMPANIES)) {
      ingest.groupIdentify({ groupType: 'company', groupKey: key, properties });
    }
    await ingest.shutdown();

    const gmail = await createCohort(t, {
      name: 'Gmail users',
      filters: {
        properties: {
          type: 'OR',
          values: [
            { type: 'AND', values: [{ key: 'email', type: 'person', value: 'gmail.com', operator: 'icontains' }] },
          ],
        },
      },
    });
    const adults = await createCohort(t, {
      name: 'Adult gmail users',
      filters: {
        properties: {
          type: 'AND',
          values: [
            { key: 'age', type: 'person', value: '18', operator: 'gte' },
            { key: 'id', type: 'cohort', value: gmail.id },
          ],
        },
      },
    });
    const chosen = await createCohort(t, { name: 'Chosen', is_static: true });
    const ids = await Promise.all(
      ['ann', 'user-3', 'user-4'].map(
        async (d) =>
          (await t.get(`/api/projects/${t.projectId}/persons/?distinct_id=${d}`).expect(200)).body.results[0].uuid,
      ),
    );
    await t
      .req('patch', `/api/projects/${t.projectId}/cohorts/${chosen.id}/add_persons_to_static_cohort/`)
      .send({ person_ids: ids })
      .expect(200);

    const pro = await createFlag(t, {
      key: 'pro-plan',
      filters: {
        groups: [{ properties: [{ key: 'plan', type: 'person', value: ['pro', 'enterprise'] }] }],
        payloads: { true: '{"limit": 100}' },
      },
    });
    await createFlag(t, { key: 'half', filters: { groups: [{ properties: [], rollout_percentage: 50 }] } });
    await createFlag(t, {
      key: 'experiment',
      filters: {
        groups: [
          { properties: [{ key: 'age', type: 'person', value: '30', operator: 'gt' }], rollout_percentage: 80 },
          { properties: [{ key: 'beta', type: 'person', value: ['true'] }], variant: 'treatment' },
        ],
        multivariate: {
          variants: [
            { key: 'control', rollout_percentage: 50 },
            { key: 'treatment', rollout_percentage: 50 },
          ],
        },
        payloads: { control: '{"color": "grey"}', treatment: '"shiny"' },
      },
    });
    await createFlag(t, {
      key: 'gmail-adults',
      filters: { groups: [{ properties: [{ key: 'id', type: 'cohort', value: adults.id }] }] },
    });
    await createFlag(t, {
      key: 'chosen-ones',
      filters: { groups: [{ properties: [{ key: 'id', type: 'cohort', value: chosen.id }] }] },
    });
    await createFlag(t, {
      key: 'big-companies',
      filters: {
        aggregation_group_type_index: 0,
        groups: [{ properties: [{ key: 'seats', type: 'group', group_type_index: 0, value: '100', operator: 'gt' }] }],
      },
    });
    await createFlag(t, {
      key: 'pro-and-half',
      filters: {
        groups: [
          {
            properties: [
              { key: String(pro.id), type: 'flag', operator: 'flag_evaluates_to', value: true },
              { key: 'email', type: 'person', value: '@acme\\.com$', operator: 'regex' },
            ],
          },
        ],
      },
    });
    await createFlag(t, {
      key: 'sticky',
      ensure_experience_continuity: true,
      filters: { groups: [{ properties: [], rollout_percentage: 40 }] },
    });
    await createFlag(t, { key: 'off', active: false });

    const client = (fetchPath?: (url: string) => string) => {
      const c = new PostHog(t.projectToken, {
        host: t.baseUrl,
        personalApiKey: t.key,
        featureFlagsPollingInterval: 100,
        sendFeatureFlagEvent: false,
        flushAt: 1,
        fetchRetryCount: 0,
        fetch: async (url: string, init: unknown) => {
          const target = fetchPath ? fetchPath(url) : url;
          if (target.includes('local_evaluation') || target.includes('/flags/definitions')) {
            definitionPaths.push(new URL(target).pathname);
          }
          return fetch(target, init as RequestInit);
        },
      });
      c.on('error', (e) => errors.push(e));
      return c;
    };
    local = client();
    // An older posthog-node asks the legacy path, with the same headers and query.
    legacyPath = client((url) => url.replace('/flags/definitions', '/api/feature_flag/local_evaluation'));
    await local.waitForLocalEvaluationReady(10_000);
    await legacyPath.waitForLocalEvaluationReady(10_000);
  });
  afterAll(async () => {
    await local?.shutdown();
    await legacyPath?.shutdown();
    await t?.close();
  });
  afterEach(() => expect(errors).toEqual([]));

  it('feeds the SDK the conditions as stored (PostHog ships them unchanged since PostHog/posthog#37859)', async () => {
    const shipped = (await t.get(`/api/feature_flag/local_evaluation?token=${t.projectToken}&send_cohorts`).expect(200))
      .body.flags as Array<{ id: number; filters: { groups: unknown[] } }>;
    for (const flag of shipped) {
      const stored = (await t.get(`/api/projects/${t.projectId}/feature_flags/${flag.id}/`).expect(200)).body;
      // Stored conditions, in their order; PostHog adds only the dependency chains (and names the
      // dependency by key), responses add cohort names.
      type Condition = { properties?: Array<Record<string, unknown>> };
      const plain = (groups: unknown[]) =>
        (groups as Condition[]).map((c) => ({
          ...c,
          properties: (c.properties ?? []).map(({ dependency_chain: _chain, cohort_name: _name, ...p }) =>
            p.type === 'flag' ? { ...p, key: 'dependency' } : p,
          ),
        }));
      expect([flag.id, plain(flag.filters.groups)]).toEqual([flag.id, plain(stored.filters.groups)]);
    }
  });

  it('loads the definitions by both paths, with cohorts, and polls with the ETag (304)', async () => {
    expect(definitionPaths).toContain('/flags/definitions');
    expect(definitionPaths).toContain('/api/feature_flag/local_evaluation');
    await waitFor(async () =>
      (await metric(t, 'http_requests_total', 'route="/flags/definitions",status="304"')) >= 2 ? true : undefined,
    );
    await waitFor(async () =>
      (await metric(t, 'http_requests_total', 'route="/api/feature_flag/local_evaluation",status="304"')) >= 2
        ? true
        : undefined,
    );
    expect(await metric(t, 'flag_definitions_loads_total')).toBeGreaterThanOrEqual(1);
  });

  it('answers every flag as the service does, locally or through /flags', async () => {
    const remoteBefore = await metric(t, 'flag_evaluation_requests_total', 'endpoint="flags"');
    let compared = 0;
    for (const person of PERSONS) {
      const server = await flags(t, {
        token: t.projectToken,
        distinct_id: person.distinctId,
        groups: person.groups ?? {},
      }).expect(200);
      const expected = valuesOf(server.body);
      const query = person.groups ? `&groups=${encodeURIComponent(JSON.stringify(person.groups))}` : '';
      const reasons = (
        await t
          .get(`/api/projects/${t.projectId}/feature_flags/evaluation_reasons?distinct_id=${person.distinctId}${query}`)
          .expect(200)
      ).body;
      for (const [key, value] of Object.entries(expected)) {
        for (const client of [local, legacyPath]) {
          expect([
            key,
            person.distinctId,
            await client.getFeatureFlag(key, person.distinctId, options(person)),
          ]).toEqual([key, person.distinctId, value]);
        }
        expect([key, reasons[key].value]).toEqual([key, value]);
        const payload = server.body.flags[key].metadata.payload;
        expect(await local.getFeatureFlagPayload(key, person.distinctId, undefined, options(person))).toEqual(
          payload === undefined ? null : JSON.parse(payload),
        );
        compared++;
      }
      const all = await local.getAllFlags(person.distinctId, options(person));
      expect({ ...all, off: undefined }).toEqual({ ...expected, off: undefined });
      expect(all.off ?? false).toBe(false);
      expect(reasons.off).toEqual({ value: false, evaluation: { reason: 'disabled', condition_index: null } });
    }
    expect(compared).toBe(PERSONS.length * 8);
    // Static cohorts and experience continuity are the server's to decide: those went remote.
    expect(await metric(t, 'flag_evaluation_requests_total', 'endpoint="flags"')).toBeGreaterThan(
      remoteBefore + PERSONS.length,
    );
  });

  it('decides locally what it can: no /flags call for plain conditions', async () => {
    const before = await metric(t, 'flag_evaluation_requests_total', 'endpoint="flags"');
    for (const person of PERSONS) {
      for (const key of ['pro-plan', 'half', 'experiment', 'gmail-adults', 'big-companies', 'pro-and-half']) {
        const value = await local.getFeatureFlag(key, person.distinctId, {
          ...options(person),
          onlyEvaluateLocally: true,
        });
        expect([key, value]).not.toEqual([key, undefined]);
      }
    }
    expect(await metric(t, 'flag_evaluation_requests_total', 'endpoint="flags"')).toBe(before);
  });

  it('picks up a flag change at its next poll (new ETag), and the server answers the same at once', async () => {
    const { body } = await t.get(`/api/projects/${t.projectId}/feature_flags/?search=half`).expect(200);
    const half = body.results.find((f: { key: string }) => f.key === 'half');
    await t
      .patch(`/api/projects/${t.projectId}/feature_flags/${half.id}/`, {
        filters: {
          groups: [{ properties: [{ key: 'plan', type: 'person', value: 'free' }], rollout_percentage: 100 }],
        },
      })
      .expect(200);
    const ben = PERSONS[1];
    expect((await flags(t, { token: t.projectToken, distinct_id: 'ben' })).body.flags.half.enabled).toBe(true);
    expect((await flags(t, { token: t.projectToken, distinct_id: 'ann' })).body.flags.half.enabled).toBe(false);
    for (const client of [local, legacyPath]) {
      await waitFor(async () =>
        (await client.getFeatureFlag('half', 'ann', { ...options(PERSONS[0]), onlyEvaluateLocally: true })) === false &&
        (await client.getFeatureFlag('half', 'ben', { ...options(ben), onlyEvaluateLocally: true })) === true
          ? true
          : undefined,
      );
    }
  });
});
