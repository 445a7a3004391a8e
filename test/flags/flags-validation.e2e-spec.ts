/** @sql-sensitive filters checked against the cohorts they name */
import { startTestApp, TestApp } from '../support/test-app';

type Body = Record<string, unknown>;

const person = (p: Body = {}) => ({ key: 'email', type: 'person', value: 'a@example.com', ...p });
const conditions = (...properties: Body[]) => ({ groups: [{ properties, rollout_percentage: 100 }] });
const variants = (...rollouts: number[]) => ({
  variants: rollouts.map((rollout_percentage, i) => ({ key: `v${i}`, rollout_percentage })),
});

describe('feature flags: validation (reference §2.3), 400 with code and attr, never 500', () => {
  let t: TestApp;
  let base: string;
  let takenKey: string;
  let n = 0;
  const key = () => `valid-${++n}`;

  beforeAll(async () => {
    t = await startTestApp();
    base = `/api/projects/${t.projectId}/feature_flags`;
    takenKey = (await t.post(`${base}/`, { key: 'taken' }).expect(201)).body.key;
  });
  afterAll(() => t?.close());

  const cases: Array<[string, () => Body, string, string | null, RegExp?]> = [
    // key
    ['key missing', () => ({ key: undefined, name: 'no key' }), 'required', 'key', /This field is required/],
    ['key null', () => ({ key: null }), 'null', 'key'],
    ['key not a string', () => ({ key: 5 }), 'invalid_input', 'key', /Not a valid string/],
    ['key blank', () => ({ key: '' }), 'blank', 'key'],
    ['key too long', () => ({ key: 'k'.repeat(401) }), 'max_length', 'key'],
    ['key with a dot', () => ({ key: 'a.b' }), 'invalid_key', 'key', /Only letters, numbers, hyphens/],
    ['key with a slash', () => ({ key: 'a/b' }), 'invalid_key', 'key'],
    ['key with a space', () => ({ key: 'a b' }), 'invalid_key', 'key'],
    ['key with a question mark', () => ({ key: 'a?' }), 'invalid_key', 'key'],
    ['key with a backslash', () => ({ key: 'a\\b' }), 'invalid_key', 'key'],
    ['key with a NUL', () => ({ key: 'a\u0000' }), 'invalid_key', 'key'],
    ['key taken', () => ({ key: takenKey }), 'unique', 'key', /There is already a feature flag with this key/],
    // filters: property types
    [
      'event property',
      () => ({ filters: conditions(person({ type: 'event' })) }),
      'invalid_input',
      'filters',
      /can only use person, cohort, and flag properties/,
    ],
    [
      'property without type',
      () => ({ filters: conditions({ key: 'a', value: 'b' }) }),
      'invalid_input',
      'filters',
      /can only use person/,
    ],
    [
      'group property without aggregation',
      () => ({ filters: conditions(person({ type: 'group', group_type_index: 0 })) }),
      'invalid_input',
      'filters',
    ],
    [
      'person property on a group flag',
      () => ({ filters: { ...conditions(person()), aggregation_group_type_index: 0 } }),
      'invalid_input',
      'filters',
      /can only use group properties/,
    ],
    [
      'group property of another type',
      () => ({
        filters: { ...conditions(person({ type: 'group', group_type_index: 1 })), aggregation_group_type_index: 0 },
      }),
      'invalid_input',
      'filters',
      /group properties/,
    ],
    [
      'aggregation index not an integer',
      () => ({ filters: { groups: [], aggregation_group_type_index: 'x' } }),
      'invalid_input',
      'filters',
    ],
    // filters: shape
    ['filters not an object', () => ({ filters: [] }), 'invalid_input', 'filters', /Expected a dictionary/],
    ['filters null', () => ({ filters: null }), 'null', 'filters'],
    ['groups not a list', () => ({ filters: { groups: 'all' } }), 'invalid_input', 'filters'],
    ['group null', () => ({ filters: { groups: [null] } }), 'invalid_input', 'filters'],
    ['properties null', () => ({ filters: { groups: [{ properties: null }] } }), 'invalid_input', 'filters'],
    ['property null', () => ({ filters: { groups: [{ properties: [null] }] } }), 'invalid_input', 'filters'],
    [
      'rollout over 100',
      () => ({ filters: { groups: [{ rollout_percentage: 100.5 }] } }),
      'invalid_input',
      'filters',
      /between 0 and 100/,
    ],
    ['rollout below 0', () => ({ filters: { groups: [{ rollout_percentage: -5 }] } }), 'invalid_input', 'filters'],
    [
      'rollout as a string',
      () => ({ filters: { groups: [{ rollout_percentage: '10' }] } }),
      'invalid_input',
      'filters',
    ],
    // filters: operators and values
    ['unknown operator', () => ({ filters: conditions(person({ operator: 'like' })) }), 'invalid_operator', 'filters'],
    ['operator not a string', () => ({ filters: conditions(person({ operator: 3 })) }), 'invalid_input', 'filters'],
    [
      'in on a person property',
      () => ({ filters: conditions(person({ operator: 'in' })) }),
      'invalid_operator',
      'filters',
      /only valid for cohort properties/,
    ],
    [
      'null value',
      () => ({ filters: conditions(person({ value: null })) }),
      'invalid_value',
      'filters',
      /Invalid value for operator exact: None/,
    ],
    [
      'icontains with a list',
      () => ({ filters: conditions(person({ operator: 'icontains', value: ['@posthog.com'] })) }),
      'invalid_value',
      'filters',
      /Invalid value for operator icontains: \['@posthog.com'\]/,
    ],
    [
      'regex with a number',
      () => ({ filters: conditions(person({ operator: 'regex', value: 5 })) }),
      'invalid_value',
      'filters',
    ],
    [
      'regex longer than TARGETING_REGEX_MAX_LENGTH',
      () => ({ filters: conditions(person({ operator: 'regex', value: 'a'.repeat(1001) })) }),
      'invalid_value',
      'filters',
      /at most 1000 characters/,
    ],
    [
      'regex over TARGETING_REGEX_MAX_PROGRAM',
      () => ({ filters: conditions(person({ operator: 'not_regex', value: '(ab|cd){0,1000}' })) }),
      'invalid_value',
      'filters',
      /too large/,
    ],
    [
      'more conditions than TARGETING_MAX_CONDITIONS',
      () => ({ filters: { groups: Array.from({ length: 501 }, () => ({ properties: [person()] })) } }),
      'invalid_input',
      'filters',
      /at most 500 conditions/,
    ],
    [
      'between with its ends the wrong way round',
      () => ({ filters: conditions(person({ operator: 'between', value: [10, 5] })) }),
      'invalid_value',
      'filters',
    ],
    [
      'lte with a boolean',
      () => ({ filters: conditions(person({ operator: 'lte', value: true })) }),
      'invalid_value',
      'filters',
    ],
    [
      'is_date_before unparsable',
      () => ({ filters: conditions(person({ operator: 'is_date_before', value: 'next week' })) }),
      'invalid_date',
      'filters',
      /Invalid date value: next week/,
    ],
    [
      'is_date_after with a list',
      () => ({ filters: conditions(person({ operator: 'is_date_after', value: ['-7d'] })) }),
      'invalid_date',
      'filters',
    ],
    [
      'more than 1000 values',
      () => ({ filters: conditions(person({ value: Array.from({ length: 1001 }, (_, i) => `v${i}`) })) }),
      'invalid_input',
      'filters',
      /cannot contain more than 1000 values/,
    ],
    [
      'object value for exact',
      () => ({ filters: conditions(person({ value: { a: 1 } })) }),
      'invalid_value',
      'filters',
    ],
    // filters: cohorts and flags
    [
      'cohort value not an id',
      () => ({ filters: conditions({ key: 'id', type: 'cohort', value: 'power users' }) }),
      'invalid_value',
      'filters',
    ],
    [
      'flag property without flag_evaluates_to',
      () => ({ filters: conditions({ key: '1', type: 'flag', value: true }) }),
      'invalid_input',
      'filters',
      /flag_evaluates_to/,
    ],
    [
      'flag property naming a key',
      () => ({ filters: conditions({ key: 'taken', type: 'flag', value: true, operator: 'flag_evaluates_to' }) }),
      'invalid_input',
      'filters',
      /must reference flag IDs/,
    ],
    [
      'flag property naming a missing flag',
      () => ({ filters: conditions({ key: '999999', type: 'flag', value: true, operator: 'flag_evaluates_to' }) }),
      'invalid_input',
      'filters',
      /non-existent flag with ID 999999/,
    ],
    [
      'flag property naming an id beyond int4',
      () => ({
        filters: conditions({ key: '99999999999999', type: 'flag', value: true, operator: 'flag_evaluates_to' }),
      }),
      'invalid_input',
      'filters',
      /non-existent flag with ID 99999999999999/,
    ],
    // filters: multivariate
    [
      'variants summing to 90',
      () => ({ filters: { groups: [], multivariate: variants(45, 45) } }),
      'invalid_input',
      'filters',
      /Variant rollout percentages must sum to 100/,
    ],
    [
      'variants summing to 110',
      () => ({ filters: { groups: [], multivariate: variants(60, 50) } }),
      'invalid_input',
      'filters',
      /must sum to 100/,
    ],
    [
      'variant without a key',
      () => ({ filters: { groups: [], multivariate: { variants: [{ rollout_percentage: 100 }] } } }),
      'invalid_input',
      'filters',
    ],
    [
      'multivariate not an object',
      () => ({ filters: { groups: [], multivariate: 'yes' } }),
      'invalid_input',
      'filters',
    ],
    [
      'unknown variant override',
      () => ({ filters: { groups: [{ properties: [], variant: 'v9' }], multivariate: variants(100) } }),
      'invalid_input',
      'filters',
      /variant override does not exist/,
    ],
    [
      'variant override on a boolean flag',
      () => ({ filters: { groups: [{ variant: 'v0' }] } }),
      'invalid_input',
      'filters',
      /variant override/,
    ],
    // filters: payloads
    [
      'payloads not an object',
      () => ({ filters: { groups: [], payloads: ['x'] } }),
      'invalid_input',
      'filters',
      /Payloads must be passed as a dictionary/,
    ],
    [
      'payload not JSON',
      () => ({ filters: { groups: [], payloads: { true: '{oops' } } }),
      'invalid_input',
      'filters',
      /Payload value is not valid JSON/,
    ],
    [
      'payload key on a boolean flag',
      () => ({ filters: { groups: [], payloads: { v0: '1' } } }),
      'invalid_input',
      'filters',
      /must be 'true' for boolean flags/,
    ],
    [
      'two payload keys on a boolean flag',
      () => ({ filters: { groups: [], payloads: { true: '1', false: '0' } } }),
      'invalid_input',
      'filters',
      /'true'/,
    ],
    [
      'payload key not a variant',
      () => ({ filters: { groups: [], multivariate: variants(100), payloads: { other: '1' } } }),
      'invalid_input',
      'filters',
      /must match a variant key/,
    ],
    // other fields
    ['name not a string', () => ({ name: ['x'] }), 'invalid_input', 'name', /Not a valid string/],
    ['name null', () => ({ name: null }), 'null', 'name'],
    ['name with a NUL', () => ({ name: 'a\u0000b' }), 'null_characters_not_allowed', 'name'],
    ['active as a string', () => ({ active: 'true' }), 'invalid_input', 'active', /Must be a valid boolean/],
    ['deleted as a number', () => ({ deleted: 1 }), 'invalid_input', 'deleted'],
    [
      'ensure_experience_continuity null',
      () => ({ ensure_experience_continuity: null }),
      'null',
      'ensure_experience_continuity',
    ],
    ['rollback_conditions a string', () => ({ rollback_conditions: 'x' }), 'invalid_input', 'rollback_conditions'],
    ['performed_rollback as a string', () => ({ performed_rollback: 'no' }), 'invalid_input', 'performed_rollback'],
    ['tags not a list', () => ({ tags: 'beta' }), 'invalid_input', 'tags', /Expected a list/],
    ['tags with a number', () => ({ tags: ['ok', 5] }), 'invalid_input', 'tags'],
    ['blank tag', () => ({ tags: ['  '] }), 'blank', 'tags'],
    [
      'unknown dashboard',
      () => ({ analytics_dashboards: [5] }),
      'does_not_exist',
      'analytics_dashboards',
      /Invalid pk "5"/,
    ],
    ['dashboards not integers', () => ({ analytics_dashboards: ['x'] }), 'invalid_input', 'analytics_dashboards'],
    [
      'has_enriched_analytics as a string',
      () => ({ has_enriched_analytics: 'yes' }),
      'invalid_input',
      'has_enriched_analytics',
    ],
  ];

  const rows = cases.map(([name, body, code, attr, detail]) => ({ name, body, code, attr, detail }));
  it.each(rows)('POST: $name → $code on $attr', async ({ body, code, attr, detail }) => {
    const payload = { key: key(), ...body() };
    const res = await t.post(`${base}/`, payload).expect(400);
    expect(res.body).toEqual({ type: 'validation_error', code, attr, detail: expect.any(String) });
    if (detail) expect(res.body.detail).toMatch(detail);
  });

  it('accepts what the table allows', async () => {
    const cohort = await t
      .post(`/api/projects/${t.projectId}/cohorts/`, {
        name: 'Twelve',
        filters: { properties: { type: 'AND', values: [{ key: 'plan', type: 'person', value: 'pro' }] } },
      })
      .expect(201);
    const ok: Body[] = [
      { filters: conditions(person({ operator: 'exact', value: ['a', 1, true] })) },
      { filters: conditions(person({ operator: 'is_set' })) },
      { filters: conditions(person({ operator: 'is_not_set', value: null })) },
      { filters: conditions(person({ operator: 'is_date_after', value: '-30d' })) },
      { filters: conditions(person({ operator: 'is_date_before', value: '2024-05-01T00:00:00Z' })) },
      { filters: conditions(person({ operator: 'regex', value: '^.+@example\\.com$' })) },
      { filters: conditions({ key: 'id', type: 'cohort', value: cohort.body.id, operator: 'in', negation: true }) },
      { filters: { ...conditions(person({ type: 'group', group_type_index: 1 })), aggregation_group_type_index: 1 } },
      {
        filters: {
          groups: [{ properties: [], variant: 'v1' }],
          multivariate: variants(25, 75),
          payloads: { v0: '1', v1: { a: 1 } },
        },
      },
      { filters: { groups: [], payloads: { true: '"hello"' } } },
      { filters: { multivariate: null, payloads: {} } },
      { rollback_conditions: {} },
      { rollback_conditions: null },
      { tags: [] },
      { analytics_dashboards: [] },
      { name: '' },
    ];
    for (const body of ok) {
      await t.post(`${base}/`, { key: key(), ...body }).expect(201);
    }
  });

  it('reports the first failing field in PostHog order', async () => {
    const res = await t
      .post(`${base}/`, { key: 'a.b', filters: conditions(person({ type: 'event' })), tags: ['  '] })
      .expect(400);
    expect(res.body.attr).toBe('key');
    const res2 = await t
      .post(`${base}/`, { key: key(), filters: conditions(person({ type: 'event' })), tags: ['  '] })
      .expect(400);
    expect(res2.body.attr).toBe('filters');
    const res3 = await t
      .post(`${base}/`, { key: takenKey, filters: conditions(person({ type: 'event' })) })
      .expect(400);
    expect(res3.body.code).toBe('unique');
    // A new flag's key is checked by the insert; an error of a later field still yields to a taken key.
    for (const later of [{ tags: ['  '] }, { analytics_dashboards: [2_000_000_000] }, { filters: { groups: 'all' } }]) {
      const res4 = await t.post(`${base}/`, { key: takenKey, ...later }).expect(400);
      expect(res4.body).toMatchObject({ code: 'unique', attr: 'key' });
    }
    // The unique index holds live flags only: a flag created deleted is refused the same way.
    const res5 = await t.post(`${base}/`, { key: takenKey, deleted: true }).expect(400);
    expect(res5.body).toMatchObject({ code: 'unique', attr: 'key' });
  });

  it('creates one flag of a new key sent five times at once, and answers the others 400 unique', async () => {
    const k = key();
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => t.post(`${base}/`, { key: k })));
    expect(answers.map((r) => r.status).sort()).toEqual([201, 400, 400, 400, 400]);
    for (const r of answers.filter((a) => a.status === 400)) {
      expect(r.body).toMatchObject({ code: 'unique', attr: 'key' });
    }
    const list = await t.get(`${base}/?search=${k}`).expect(200);
    expect(list.body.results.map((f: { key: string }) => f.key)).toEqual([k]);
  });

  it('PATCH validates the same way, and a filters object without groups is ignored', async () => {
    const flag = (await t.post(`${base}/`, { key: key() }).expect(201)).body;
    const url = `${base}/${flag.id}/`;
    expect((await t.patch(url, { key: takenKey }).expect(400)).body).toMatchObject({ code: 'unique', attr: 'key' });
    expect((await t.patch(url, { key: 'bad key' }).expect(400)).body).toMatchObject({
      code: 'invalid_key',
      attr: 'key',
    });
    expect((await t.patch(url, { filters: { groups: [{ rollout_percentage: 101 }] } }).expect(400)).body.attr).toBe(
      'filters',
    );
    expect((await t.patch(url, { version: '1' }).expect(400)).body).toMatchObject({ attr: 'version' });
    expect((await t.patch(url, { version: 1.5 }).expect(400)).body).toMatchObject({ attr: 'version' });
    await t.patch(url, { filters: { payloads: 'not even an object' } }).expect(200);
    expect((await t.get(url)).body).toEqual(flag);
  });

  it('answers 400, never 500, to bodies that are not flag objects', async () => {
    const raw = (body: string) => t.req('post', `${base}/`).set('Content-Type', 'application/json').send(body);
    for (const body of ['{', '[]', '"key"', 'null', '12', '{"key": "x", "filters": {"groups": [}}']) {
      const res = await raw(body);
      expect(res.status).toBe(400);
      expect(res.body.type).toBe('validation_error');
    }
    let deep = '"x"';
    for (let i = 0; i < 2000; i++) deep = `[${deep}]`;
    const nested = await raw(`{"key": "${key()}", "filters": {"groups": [], "extra": ${deep}}}`);
    expect(nested.status).toBe(400);
    expect(nested.body).toMatchObject({ code: 'too_deep', attr: 'filters' });
    const huge = await raw(
      `{"key": "${key()}", "filters": {"groups": [{"properties": [{"key": "n", "type": "person", "value": 1e400}]}]}}`,
    );
    expect(huge.body).toMatchObject({ code: 'invalid_input', attr: 'filters', detail: 'Numbers must be finite.' });
    const hugeRollout = await raw(`{"key": "${key()}", "filters": {"groups": [{"rollout_percentage": 1e400}]}}`);
    expect(hugeRollout.body).toMatchObject({ code: 'invalid_input', attr: 'filters' });
    const hugeVersion = await t
      .req('patch', `${base}/1/`)
      .set('Content-Type', 'application/json')
      .send('{"version": 1e400}');
    expect(hugeVersion.body).toMatchObject({ attr: 'version' });
    const text = await t.req('post', `${base}/`).set('Content-Type', 'text/plain').send('key=x');
    expect(text.status).toBe(415);
  });
});
