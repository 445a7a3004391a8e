/** @sql-sensitive search and ordering, in SQL */
import { ingest } from '../persons/factories';
import { startTestApp, Tenant, TestApp } from '../support/test-app';
import { DefinitionBody, definitionsPath, listDefinitions } from './factories';

const NAMES = [
  'signed up',
  'Sign In',
  'sign out',
  '$pageview',
  '$autocapture',
  '100% done',
  '200 done',
  'a_b',
  'axb',
  'checkout started',
  'never seen',
];

// last_seen_at of each definition (set through PATCH): ties and a never-seen one. Tied names
// differ in letters or digits, so any collation orders them the same way.
const SEEN: Record<string, string | null> = {
  'signed up': '2026-01-05T00:00:00.000Z',
  'Sign In': '2026-01-04T00:00:00.000Z',
  'sign out': '2026-01-04T00:00:00.000Z',
  $pageview: '2026-01-06T00:00:00.000Z',
  $autocapture: '2026-01-03T00:00:00.000Z',
  '100% done': '2026-01-02T00:00:00.000Z',
  '200 done': '2026-01-02T00:00:00.000Z',
  a_b: '2026-01-01T00:00:00.000Z',
  axb: '2026-01-01T00:00:00.000Z',
  'checkout started': '2026-01-07T00:00:00.000Z',
  'never seen': null,
};

const names = (defs: DefinitionBody[]) => defs.map((d) => d.name);

describe('event definitions list: search, event_type, ordering, pagination', () => {
  let t: TestApp;
  let base: string;
  let other: Tenant;

  beforeAll(async () => {
    t = await startTestApp();
    base = definitionsPath(t.projectId);
    await ingest(
      t,
      t.projectToken,
      NAMES.map((event) => ({ event, distinct_id: 'u1' })),
    );
    for (const d of await listDefinitions(t)) {
      await t.patch(`${base}/${d.id}/`, { last_seen_at: SEEN[d.name] }).expect(200);
    }
    other = await t.newTenant();
    await ingest(t, other.projectToken, [{ event: 'signed up', distinct_id: 'x' }]);
  });
  afterAll(() => t?.close());

  it('orders by -last_seen_at (never seen last), then by name, by default', async () => {
    expect(names(await listDefinitions(t))).toEqual([
      'checkout started',
      '$pageview',
      'signed up',
      'Sign In',
      'sign out',
      '$autocapture',
      '100% done',
      '200 done',
      'a_b',
      'axb',
      'never seen',
    ]);
  });

  it('orders by name or last_seen_at in either direction, name breaking ties', async () => {
    const byName = names(await listDefinitions(t, 'ordering=name'));
    expect(byName).toHaveLength(NAMES.length);
    expect(names(await listDefinitions(t, 'ordering=-name'))).toEqual([...byName].reverse());
    expect(names(await listDefinitions(t, 'ordering=last_seen_at'))).toEqual([
      'never seen',
      'a_b',
      'axb',
      '100% done',
      '200 done',
      '$autocapture',
      'Sign In',
      'sign out',
      'signed up',
      '$pageview',
      'checkout started',
    ]);
    expect(names(await listDefinitions(t, 'ordering=-last_seen_at,-name'))).toEqual(
      names(await listDefinitions(t, 'ordering=last_seen_at')).reverse(),
    );
    expect(names(await listDefinitions(t, 'ordering=-last_seen_at'))).toEqual(names(await listDefinitions(t)));
  });

  it('refuses an unknown ordering, naming it', async () => {
    for (const bad of ['created_at', 'volume_30_day', '-id', 'name,nope']) {
      const res = await t.get(`${base}/?ordering=${bad}`).expect(400);
      expect(res.body).toMatchObject({ type: 'validation_error', code: 'invalid_input', attr: 'ordering' });
    }
  });

  it('search: every space-separated term occurs in the name, in any case', async () => {
    const search = async (q: string) =>
      names(await listDefinitions(t, `search=${encodeURIComponent(q)}&ordering=name`)).sort();
    expect(await search('sign')).toEqual(['Sign In', 'sign out', 'signed up'].sort());
    expect(await search('SIGN u')).toEqual(['sign out', 'signed up'].sort());
    expect(await search('up signed')).toEqual(['signed up']);
    expect(await search('  in   sign ')).toEqual(['Sign In']);
    expect(await search('nothing like it')).toEqual([]);
    expect(await search('')).toHaveLength(NAMES.length);
  });

  it('search takes % and _ literally', async () => {
    const search = async (q: string) => names(await listDefinitions(t, `search=${encodeURIComponent(q)}`)).sort();
    expect(await search('100%')).toEqual(['100% done']);
    expect(await search('%')).toEqual(['100% done']);
    expect(await search('a_b')).toEqual(['a_b']);
    expect(await search('_')).toEqual(['a_b']);
    expect(await search('\\')).toEqual([]);
  });

  it('event_type: custom events, PostHog’s own ($…), or all', async () => {
    const posthog = names(await listDefinitions(t, 'event_type=event_posthog&ordering=name'));
    expect(posthog).toEqual(['$autocapture', '$pageview']);
    const custom = names(await listDefinitions(t, 'event_type=event_custom'));
    expect(custom).toHaveLength(NAMES.length - 2);
    expect(custom.some((n) => n.startsWith('$'))).toBe(false);
    expect(await listDefinitions(t, 'event_type=all')).toEqual(await listDefinitions(t));
    expect(await listDefinitions(t, 'event_type=event')).toEqual(await listDefinitions(t));
    expect(names(await listDefinitions(t, 'event_type=event_posthog&search=PAGE'))).toEqual(['$pageview']);
  });

  it('refuses an unknown event_type, naming it', async () => {
    const res = await t.get(`${base}/?event_type=actions`).expect(400);
    expect(res.body).toMatchObject({ type: 'validation_error', attr: 'event_type' });
    expect(res.body.detail).toContain('event_custom');
    await t.get(`${base}/?event_type=event&event_type=all`).expect(400);
  });

  it('pages with limit and offset: exact count, absolute next/previous, no overlap', async () => {
    const all = names(await listDefinitions(t));
    const first = await t.get(`${base}/?limit=4`).expect(200);
    expect(first.body.count).toBe(NAMES.length);
    expect(names(first.body.results)).toEqual(all.slice(0, 4));
    expect(first.body.previous).toBeNull();
    expect(first.body.next).toBe(`${t.publicUrl}${base}/?limit=4&offset=4`);
    const seen: string[] = [];
    let url: string | null = `${base}/?limit=4`;
    while (url) {
      const res: { body: { results: DefinitionBody[]; next: string | null } } = await t
        .get(url.replace(t.publicUrl, ''))
        .expect(200);
      seen.push(...names(res.body.results));
      url = res.body.next;
    }
    expect(seen).toEqual(all);
    const last = await t.get(`${base}/?limit=4&offset=8&search=e`).expect(200);
    expect(last.body.previous).toBe(`${t.publicUrl}${base}/?limit=4&offset=4&search=e`);
    expect(last.body.next).toBeNull();
    const beyond = await t.get(`${base}/?offset=500`).expect(200);
    expect(beyond.body).toMatchObject({ count: NAMES.length, results: [] });
  });

  it('refuses malformed paging parameters', async () => {
    for (const q of ['limit=-1', 'limit=abc', 'offset=1.5', 'offset=-3']) {
      const res = await t.get(`${base}/?${q}`).expect(400);
      expect(res.body.attr).toBe(q.split('=')[0]);
    }
  });

  it('answers with and without a trailing slash, and for @current', async () => {
    const withSlash = await t.get(`${base}/`).expect(200);
    expect((await t.get(base).expect(200)).body).toEqual(withSlash.body);
    const current = await t.get('/api/projects/@current/event_definitions/').expect(200);
    expect(current.body.count).toBe(withSlash.body.count);
  });

  it('never shows another organization’s definitions', async () => {
    const [theirs] = await listDefinitions(t, '', other.projectId, other.key);
    expect(theirs.name).toBe('signed up');
    const ours = names(await listDefinitions(t, 'search=signed'));
    expect(ours).toEqual(['signed up']);
    expect((await listDefinitions(t, 'search=signed')).map((d) => d.id)).not.toContain(theirs.id);
    await t.get(`${base}/${theirs.id}/`).expect(404);
    await t.get(`${definitionsPath(other.projectId)}/`).expect(404);
    await t.get(`${definitionsPath(other.projectId)}/${theirs.id}/`).expect(404);
    await t.get(`${base}/`, other.key).expect(404);
  });

  it('needs event_definition:read (write also reads)', async () => {
    const reader = await t.newUser(t.organizationId, { scopes: ['event_definition:read'] });
    const writer = await t.newUser(t.organizationId, { scopes: ['event_definition:write'] });
    const personsOnly = await t.newUser(t.organizationId, { scopes: ['person:read'] });
    await t.get(`${base}/`, reader.key).expect(200);
    await t.get(`${base}/`, writer.key).expect(200);
    const res = await t.get(`${base}/`, personsOnly.key).expect(403);
    expect(res.body.detail).toContain('event_definition:read');
    await t.get(`${base}/`, null).expect(401);
  });
});
