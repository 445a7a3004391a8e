/** @sql-sensitive persons lists, search and filters, in SQL */
import { parseCsv } from '../../libs/persons/src/testing/csv-reader';
import { ingest, PersonBody, personOf } from './factories';
import { startTestApp, Tenant, TestApp } from '../support/test-app';

describe('GET /api/projects/:project_id/persons', () => {
  let t: TestApp;
  let other: Tenant;
  let base: string;
  const ids = (res: { body: { results: PersonBody[] } }) => res.body.results.map((p) => p.distinct_ids[0]).sort();

  beforeAll(async () => {
    t = await startTestApp();
    other = await t.newTenant();
    base = `/api/projects/${t.projectId}/persons`;
    const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 0, minutes)).toISOString();
    const person = (id: string, minutes: number, set: Record<string, unknown>) => ({
      event: '$set',
      distinct_id: id,
      timestamp: at(minutes),
      properties: { $set: set },
    });
    await ingest(t, t.projectToken, [
      person('ann', 1, {
        email: 'ann@example.com',
        age: 31,
        plan: 'Pro',
        beta: true,
        signup: '2025-06-01T10:00:00Z',
        app_version: '2.10.1',
      }),
      person('bob', 2, {
        email: 'bob@EXAMPLE.org',
        age: '9',
        plan: 'free',
        beta: 'false',
        signup: '2026-01-01',
        app_version: '2.9.0',
      }),
      person('cid', 3, {
        email: 'cid@example.com',
        age: 45,
        plan: 'pro',
        tags: ['a', 'b'],
        note: 'likes 50%_off deals',
        app_version: 'v3.0.0-rc1',
      }),
      person('dee', 4, { name: 'Dee', age: null, 'odd key': 'x"y' }),
      person('0190aaaa-bbbb-7ccc-8ddd-eeeeffff0000', 5, {}),
    ]);
    await ingest(t, t.projectToken, [
      { event: '$identify', distinct_id: 'ann-2', properties: { $anon_distinct_id: 'ann' } },
    ]);
    // Another organization's person with the same distinct id.
    await ingest(t, other.projectToken, [person('ann', 6, { email: 'other-ann@example.com' })]);
  });
  afterAll(() => t?.close());

  it('lists the project’s persons newest first with an exact count', async () => {
    const res = await t.get(`${base}/`).expect(200);
    expect(res.body.count).toBe(5);
    expect(res.body.next).toBeNull();
    expect(res.body.results.map((p: PersonBody) => p.name)).toEqual([
      '0190aaaa-bbbb-7ccc-8ddd-eeeeffff0000',
      'Dee',
      'cid@example.com',
      'bob@EXAMPLE.org',
      'ann@example.com',
    ]);
    const ann = res.body.results[4];
    expect(ann).toEqual({
      id: expect.any(Number),
      uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'ann@example.com',
      distinct_ids: ['ann', 'ann-2'],
      properties: expect.objectContaining({ email: 'ann@example.com', age: 31 }),
      created_at: '2026-01-01T00:01:00.000Z',
      is_identified: true,
    });
  });

  it('pages with limit and offset and absolute next/previous links', async () => {
    const first = await t.get(`${base}/?limit=2`).expect(200);
    expect(first.body.results).toHaveLength(2);
    expect(first.body.next).toMatch(/^http:\/\/localhost:\d+\/api\/projects\/\d+\/persons\/\?limit=2&offset=2$/);
    const second = await t.get(`${base}/?limit=2&offset=2`).expect(200);
    expect(second.body.previous).toMatch(/offset=0/);
    expect(second.body.results[0].id).not.toBe(first.body.results[0].id);
    for (const bad of ['limit=abc', 'offset=-1', 'limit=1.5']) {
      const res = await t.get(`${base}/?${bad}`).expect(400);
      expect(res.body.attr).toBe(bad.split('=')[0]);
    }
  });

  it('filters by distinct id (any of the person’s), email (exact) and search', async () => {
    expect(ids(await t.get(`${base}/?distinct_id=ann-2`).expect(200))).toEqual(['ann']);
    expect((await t.get(`${base}/?distinct_id=nobody`).expect(200)).body.count).toBe(0);
    expect(ids(await t.get(`${base}/?email=bob@EXAMPLE.org`).expect(200))).toEqual(['bob']);
    expect((await t.get(`${base}/?email=bob@example.org`).expect(200)).body.count).toBe(0);
    expect(ids(await t.get(`${base}/?search=example.COM`).expect(200))).toEqual(['ann', 'cid']);
    expect(ids(await t.get(`${base}/?search=dee`).expect(200))).toEqual(['dee']);
    const uuid = (await personOf(t, 'cid'))!.uuid;
    expect(ids(await t.get(`${base}/?search=${uuid}`).expect(200))).toEqual(['cid']);
    expect((await t.get(`${base}/?search=de`).expect(200)).body.count).toBe(0);
  });

  it.each([
    ['exact, any case and type', [{ key: 'plan', value: 'PRO' }], ['ann', 'cid']],
    ['exact on a list', [{ key: 'plan', value: ['free', 'nope'], operator: 'exact' }], ['bob']],
    ['exact booleans match "false" strings', [{ key: 'beta', value: false }], ['bob']],
    ['exact numbers match numeric strings', [{ key: 'age', value: '31' }], ['ann']],
    ['exact numeric strings match numbers', [{ key: 'age', value: [45, '9'] }], ['bob', 'cid']],
    ['exact "TRUE" matches booleans', [{ key: 'beta', value: 'TRUE' }], ['ann']],
    ['exact keys keep their case', [{ key: 'PLAN', value: 'pro' }], []],
    [
      'exact on two keys',
      [
        { key: 'plan', value: 'pro' },
        { key: 'email', value: 'CID@example.com' },
      ],
      ['cid'],
    ],
    [
      'is_not includes persons without the key',
      [{ key: 'plan', value: 'pro', operator: 'is_not' }],
      ['0190aaaa-bbbb-7ccc-8ddd-eeeeffff0000', 'bob', 'dee'],
    ],
    ['icontains', [{ key: 'email', value: 'EXAMPLE.ORG', operator: 'icontains' }], ['bob']],
    ['icontains with LIKE characters', [{ key: 'note', value: '50%_off', operator: 'icontains' }], ['cid']],
    [
      'not_icontains',
      [{ key: 'email', value: 'example.com', operator: 'not_icontains' }],
      ['0190aaaa-bbbb-7ccc-8ddd-eeeeffff0000', 'bob', 'dee'],
    ],
    ['regex', [{ key: 'email', value: '^[ab]', operator: 'regex' }], ['ann', 'bob']],
    ['gt numeric, numeric strings too', [{ key: 'age', value: 10, operator: 'gt' }], ['ann', 'cid']],
    ['lte numeric', [{ key: 'age', value: '9', operator: 'lte' }], ['bob']],
    ['is_set', [{ key: 'age', operator: 'is_set' }], ['ann', 'bob', 'cid', 'dee']],
    ['is_not_set', [{ key: 'email', operator: 'is_not_set' }], ['0190aaaa-bbbb-7ccc-8ddd-eeeeffff0000', 'dee']],
    ['is_date_before', [{ key: 'signup', value: '2025-12-31', operator: 'is_date_before' }], ['ann']],
    ['is_date_after relative', [{ key: 'signup', value: '-3650d', operator: 'is_date_after' }], ['ann', 'bob']],
    ['semver_gt', [{ key: 'app_version', value: '2.9.5', operator: 'semver_gt' }], ['ann', 'cid']],
    ['semver_caret', [{ key: 'app_version', value: '2.9.0', operator: 'semver_caret' }], ['ann', 'bob']],
    [
      'negation',
      [{ key: 'plan', value: 'pro', negation: true }],
      ['0190aaaa-bbbb-7ccc-8ddd-eeeeffff0000', 'bob', 'dee'],
    ],
    [
      'OR of AND groups',
      {
        type: 'OR',
        values: [
          {
            type: 'AND',
            values: [
              { key: 'plan', value: 'pro' },
              { key: 'age', value: 40, operator: 'gt' },
            ],
          },
          { type: 'AND', values: [{ key: 'name', value: 'dee' }] },
        ],
      },
      ['cid', 'dee'],
    ],
    ['keys with odd characters', [{ key: 'odd key', value: 'x"y' }], ['dee']],
  ])('filters properties: %s', async (_, filter, expected) => {
    const res = await t.get(`${base}/?properties=${encodeURIComponent(JSON.stringify(filter))}`).expect(200);
    expect(ids(res)).toEqual(expected);
    expect(res.body.count).toBe(expected.length);
  });

  it.each([
    ['invalid JSON', '[{'],
    ['an unknown operator', JSON.stringify([{ key: 'a', value: 1, operator: 'near' }])],
    ['a null value', JSON.stringify([{ key: 'a', value: null }])],
    ['an invalid regex', JSON.stringify([{ key: 'email', value: '(', operator: 'regex' }])],
    ['a lookaround (SQL has no step budget)', JSON.stringify([{ key: 'email', value: '(?=a)', operator: 'regex' }])],
    [
      'a caret range written with its caret (the operator adds one; PostHog never matches it)',
      JSON.stringify([{ key: 'app_version', value: '^2.9.0', operator: 'semver_caret' }]),
    ],
    ['cohort filters', JSON.stringify([{ key: 'id', value: 1, type: 'cohort', operator: 'in' }])],
    ['a string', '"email"'],
  ])('answers 400 naming properties for %s', async (_, value) => {
    const res = await t.get(`${base}/?properties=${encodeURIComponent(value)}`).expect(400);
    expect(res.body).toMatchObject({ type: 'validation_error', attr: 'properties' });
  });

  it('filters on an empty list of values: exact matches no one, is_not everyone (they failed the statement)', async () => {
    const filter = (operator: string) =>
      encodeURIComponent(JSON.stringify([{ key: 'plan', value: [], operator, type: 'person' }]));
    const all = ids(await t.get(`${base}/`).expect(200));
    expect(all.length).toBeGreaterThan(0);
    const none = await t.get(`${base}/?properties=${filter('exact')}`).expect(200);
    expect(none.body).toMatchObject({ count: 0, results: [] });
    expect(ids(await t.get(`${base}/?properties=${filter('is_not')}`).expect(200))).toEqual(all);
  });

  it('answers 400 for a repeated filter, an unknown format and NUL characters', async () => {
    expect((await t.get(`${base}/?email=a&email=b`).expect(400)).body.attr).toBe('email');
    expect((await t.get(`${base}/?format=xml`).expect(400)).body.attr).toBe('format');
    expect((await t.get(`${base}/?search=a%00b`).expect(400)).body.attr).toBe('search');
  });

  it('exports CSV that parses back, with flattened properties', async () => {
    const res = await t.get(`${base}/?format=csv`).expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const [header, ...rows] = parseCsv(res.text);
    expect(header.slice(0, 5)).toEqual(['id', 'uuid', 'name', 'created_at', 'is_identified']);
    expect(header).toEqual(
      expect.arrayContaining([
        'distinct_ids.0',
        'distinct_ids.1',
        'properties.email',
        'properties.tags.1',
        'properties.odd key',
      ]),
    );
    expect(rows).toHaveLength(5);
    const records = rows.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i]])));
    const ann = records.find((r) => r['distinct_ids.0'] === 'ann')!;
    expect(ann).toMatchObject({
      'distinct_ids.1': 'ann-2',
      'properties.email': 'ann@example.com',
      'properties.age': '31',
      is_identified: 'true',
    });
    expect(records.find((r) => r.name === 'Dee')!['properties.odd key']).toBe('x"y');
    const filtered = await t.get(`${base}/?format=csv&search=bob`).expect(200);
    expect(parseCsv(filtered.text)).toHaveLength(2);
  });

  it('retrieves by integer id or uuid, as CSV too', async () => {
    const bob = (await personOf(t, 'bob'))!;
    expect((await t.get(`${base}/${bob.id}/`).expect(200)).body).toEqual(bob);
    expect((await t.get(`${base}/${bob.uuid.toUpperCase()}`).expect(200)).body).toEqual(bob);
    const csv = parseCsv((await t.get(`${base}/${bob.id}/?format=csv`).expect(200)).text);
    expect(csv[1][0]).toBe(String(bob.id));
  });

  it('answers PostHog’s 400 for ids that are neither, and 404 for unknown ones', async () => {
    const res = await t.get(`${base}/bob/`).expect(400);
    expect(res.body).toMatchObject({
      type: 'validation_error',
      attr: 'id',
      detail: expect.stringContaining('does not look like a personID'),
    });
    await t.get(`${base}/999999/`).expect(404);
    await t.get(`${base}/99999999999999999999999/`).expect(404);
    await t.get(`${base}/0190aaaa-0000-7000-8000-000000000000/`).expect(404);
  });

  it('never shows another organization’s persons', async () => {
    const theirs = (await personOf(t, 'ann', other.projectId, other.key))!;
    expect(theirs.properties.email).toBe('other-ann@example.com');
    await t.get(`${base}/${theirs.id}/`).expect(404);
    await t.get(`${base}/${theirs.uuid}/`).expect(404);
    await t.get(`/api/projects/${other.projectId}/persons/`).expect(404);
    await t.get(`/api/projects/${t.projectId}/persons/`, other.key).expect(404);
  });

  it('needs person:read', async () => {
    const reader = await t.newUser(t.organizationId, { scopes: ['person:read'] });
    const flagsOnly = await t.newUser(t.organizationId, { scopes: ['feature_flag:read'] });
    await t.get(`${base}/`, reader.key).expect(200);
    const res = await t.get(`${base}/`, flagsOnly.key).expect(403);
    expect(res.body.detail).toContain('person:read');
    await t.get(`${base}/`, null).expect(401);
  });
});
