/** @sql-sensitive list filters, search and ordering, in SQL */
import { startTestApp, TestApp } from '../support/test-app';

describe('feature flags: list filters, ordering and pagination', () => {
  let t: TestApp;
  let base: string;
  const ids: Record<string, number> = {};

  const keysOf = (body: { results: Array<{ key: string }> }) => body.results.map((f) => f.key);
  const list = async (query = '') => (await t.get(`${base}/${query}`).expect(200)).body;

  beforeAll(async () => {
    t = await startTestApp();
    base = `/api/projects/${t.projectId}/feature_flags`;
    const second = await t.newUser(t.organizationId, { scopes: ['feature_flag:write'] });
    const variants = {
      variants: [
        { key: 'a', rollout_percentage: 50 },
        { key: 'b', rollout_percentage: 50 },
      ],
    };
    const flags: Array<[Record<string, unknown>, string?]> = [
      [{ key: 'alpha', name: 'First feature', tags: ['Beta'] }],
      [{ key: 'bravo', name: 'Checkout REDESIGN', active: false, tags: ['beta', 'web'] }],
      [{ key: 'charlie', filters: { groups: [{ properties: [] }], multivariate: variants } }, second.key],
      [{ key: 'delta-redesign', name: 'other', filters: { groups: [], multivariate: null } }, second.key],
      [{ key: 'echo', tags: ['web'] }],
      [{ key: 'gone', name: 'deleted one' }],
    ];
    for (const [body, key] of flags) {
      ids[body.key as string] = (await t.post(`${base}/`, body, key).expect(201)).body.id;
    }
    ids.secondUser = second.userId;
    await t.patch(`${base}/${ids.gone}/`, { deleted: true }).expect(200);
  });
  afterAll(() => t?.close());

  it('lists live flags newest first with an exact count', async () => {
    const body = await list();
    expect(body).toMatchObject({ count: 5, next: null, previous: null });
    expect(keysOf(body)).toEqual(['echo', 'delta-redesign', 'charlie', 'bravo', 'alpha']);
  });

  it('filters by active', async () => {
    expect(keysOf(await list('?active=false'))).toEqual(['bravo']);
    expect(keysOf(await list('?active=true'))).toEqual(['echo', 'delta-redesign', 'charlie', 'alpha']);
  });

  it('searches key or name, case-insensitively, with LIKE characters taken literally', async () => {
    expect(keysOf(await list('?search=REDESIGN'))).toEqual(['delta-redesign', 'bravo']);
    expect(keysOf(await list('?search=first'))).toEqual(['alpha']);
    expect((await list('?search=%25')).count).toBe(0);
    expect((await list('?search=_')).count).toBe(0);
    expect((await list('?search=')).count).toBe(5);
  });

  it('filters by type', async () => {
    expect(keysOf(await list('?type=multivariant'))).toEqual(['charlie']);
    expect(keysOf(await list('?type=boolean'))).toEqual(['echo', 'delta-redesign', 'bravo', 'alpha']);
    expect((await list('?type=experiment')).count).toBe(0);
  });

  it('filters by creator', async () => {
    expect(keysOf(await list(`?created_by_id=${ids.secondUser}`))).toEqual(['delta-redesign', 'charlie']);
    expect(keysOf(await list(`?created_by_id=${t.userId}`))).toEqual(['echo', 'bravo', 'alpha']);
  });

  it('filters by tags: a JSON list (any of them) or one tag, case-insensitively', async () => {
    expect(keysOf(await list(`?tags=${encodeURIComponent('["BETA"]')}`))).toEqual(['bravo', 'alpha']);
    expect(keysOf(await list(`?tags=${encodeURIComponent('["beta","web"]')}`))).toEqual(['echo', 'bravo', 'alpha']);
    expect(keysOf(await list('?tags=web'))).toEqual(['echo', 'bravo']);
  });

  it('combines filters', async () => {
    expect(keysOf(await list('?tags=web&active=true'))).toEqual(['echo']);
  });

  it('orders by a known field, ascending or descending', async () => {
    expect(keysOf(await list('?order=key'))).toEqual(['alpha', 'bravo', 'charlie', 'delta-redesign', 'echo']);
    expect(keysOf(await list('?order=-key'))).toEqual(['echo', 'delta-redesign', 'charlie', 'bravo', 'alpha']);
    expect(keysOf(await list('?order=created_at'))).toEqual(['alpha', 'bravo', 'charlie', 'delta-redesign', 'echo']);
    expect(keysOf(await list('?order=active')).slice(0, 1)).toEqual(['bravo']);
  });

  it.each([
    ['order=filters', 'order'],
    ['order=-deleted', 'order'],
    ['order=key;drop', 'order'],
    ['active=maybe', 'active'],
    ['type=remote_config', 'type'],
    ['created_by_id=me', 'created_by_id'],
    ['tags=%5Boops', 'tags'],
    ['limit=-1', 'limit'],
    ['offset=x', 'offset'],
    ['search=a&search=b', 'search'],
  ])('rejects %s with 400 naming %s', async (query, attr) => {
    const res = await t.get(`${base}/?${query}`).expect(400);
    expect(res.body).toMatchObject({ type: 'validation_error', attr });
  });

  it('pages with limit and offset, with absolute next/previous links', async () => {
    const first = await list('?limit=2');
    expect(first.count).toBe(5);
    expect(keysOf(first)).toEqual(['echo', 'delta-redesign']);
    expect(first.previous).toBeNull();
    expect(first.next).toMatch(/^http:\/\/[^/]+\/api\/projects\/\d+\/feature_flags\/\?limit=2&offset=2$/);
    const second = (await t.get(new URL(first.next).pathname + new URL(first.next).search).expect(200)).body;
    expect(keysOf(second)).toEqual(['charlie', 'bravo']);
    expect(second.previous).toMatch(/offset=0/);
    const last = await list('?limit=2&offset=4');
    expect(keysOf(last)).toEqual(['alpha']);
    expect(last.next).toBeNull();
    const beyond = await list('?offset=50');
    expect(beyond.results).toEqual([]);
    // The count is the whole list's on every page: a page that reaches the end, one that ends
    // exactly at it, one past it, and all of it.
    expect(
      [last, beyond, await list('?limit=1&offset=4'), await list('?limit=5'), await list('?limit=4')].map(
        (page) => page.count,
      ),
    ).toEqual([5, 5, 5, 5, 5]);
  });

  it('ignores X-Forwarded-Proto and -Host without a trusted proxy (links on PUBLIC_URL)', async () => {
    const res = await t
      .get(`${base}/?limit=1`)
      .set('X-Forwarded-Proto', 'https')
      .set('X-Forwarded-Host', 'flags.example.com')
      .expect(200);
    expect(res.body.next).toBe(`${t.publicUrl}${base}/?limit=1&offset=1`);
  });
});
