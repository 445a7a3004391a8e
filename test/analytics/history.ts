import { ingest, personOf } from '../persons/factories';
import type { TestApp } from '../support/test-app';

/**
 * A hand-checkable event history: twelve persons over four weeks of March 2024 (UTC; weeks start
 * on Sunday: W1 = Mar 3–9, W2 = Mar 10–16, W3 = Mar 17–23, W4 = Mar 24–30).
 *
 * | person | events                                                                          |
 * |--------|---------------------------------------------------------------------------------|
 * | alice  | Mar 4 10:00 pv /home, 10:05 pv /pricing/, 10:10 signed up; Mar 5 09:00 purchased; |
 * |        | Mar 11 10:00 pv /home; Mar 18 10:00 pv /home                                     |
 * | heidi  | pv /home Mar 4, 5, 6, 12, 26 at 15:00                                            |
 * | bob    | Mar 4 23:59:59.999 pv /home; Mar 5 00:00:00.000 pv /pricing, 00:10 signed up      |
 * | carol  | Mar 5 12:00 signed up, 12:30 pv /pricing; Mar 20 12:00 purchased                |
 * | dave   | as anon-dave: Mar 6 08:00 pv /home, 08:05 pv /pricing; 08:10 $identify as dave;  |
 * |        | 08:15 signed up; Mar 7 08:00 purchased                                           |
 * | erin   | Mar 6 09:00 pv /home, 09:05 signed up, 10:00 purchased; then DELETED (events stay)|
 * | frank  | Mar 7 10:00 pv /home, 10:01 clicked, 10:02 signed up                             |
 * | grace  | Mar 8 10:00 signed up, 10:05 pv /home, 11:00 purchased                           |
 * | ivan   | Mar 9 10:00 pv /home                                                             |
 * | judy   | as judy-web: Mar 10 10:00 pv /home; as judy: 11:00 signed up; 11:05              |
 * |        | $create_alias judy-web → the two persons merge                                   |
 * | ken    | Mar 10 23:30 pv /home (Firefox); Mar 11 00:30 pv /docs (Firefox)                 |
 * | leo    | Mar 12 09:00 pv /home (Firefox)                                                  |
 *
 * Pageviews are Chrome unless marked. Person properties: alice, dave, leo plan=pro; bob, carol
 * plan=free; alice, bob beta=true. A personless pageview (`visitor`) and another project's
 * events must never show up.
 */
const pv = (url: string, browser = 'Chrome') => ({ $current_url: url, $browser: browser });

type Row = [string, string, string, Record<string, unknown>?];

const ROWS: Row[] = [
  [
    'alice',
    '$pageview',
    '2024-03-04T10:00:00.000Z',
    { ...pv('/home'), $set: { email: 'alice@example.com', plan: 'pro', beta: true } },
  ],
  ['alice', '$pageview', '2024-03-04T10:05:00.000Z', pv('/pricing/')],
  ['alice', 'signed up', '2024-03-04T10:10:00.000Z'],
  ['alice', 'purchased', '2024-03-05T09:00:00.000Z', { amount: 30 }],
  ['alice', '$pageview', '2024-03-11T10:00:00.000Z', pv('/home')],
  ['alice', '$pageview', '2024-03-18T10:00:00.000Z', pv('/home')],
  ['heidi', '$pageview', '2024-03-04T15:00:00.000Z', { ...pv('/home'), $set: { email: 'heidi@example.com' } }],
  ['heidi', '$pageview', '2024-03-05T15:00:00.000Z', pv('/home')],
  ['heidi', '$pageview', '2024-03-06T15:00:00.000Z', pv('/home')],
  ['heidi', '$pageview', '2024-03-12T15:00:00.000Z', pv('/home')],
  ['heidi', '$pageview', '2024-03-26T15:00:00.000Z', pv('/home')],
  [
    'bob',
    '$pageview',
    '2024-03-04T23:59:59.999Z',
    { ...pv('/home'), $set: { email: 'bob@example.com', plan: 'free', beta: true } },
  ],
  ['bob', '$pageview', '2024-03-05T00:00:00.000Z', pv('/pricing')],
  ['bob', 'signed up', '2024-03-05T00:10:00.000Z'],
  ['carol', 'signed up', '2024-03-05T12:00:00.000Z', { $set: { email: 'carol@example.com', plan: 'free' } }],
  ['carol', '$pageview', '2024-03-05T12:30:00.000Z', pv('/pricing')],
  ['carol', 'purchased', '2024-03-20T12:00:00.000Z'],
  ['anon-dave', '$pageview', '2024-03-06T08:00:00.000Z', pv('/home')],
  ['anon-dave', '$pageview', '2024-03-06T08:05:00.000Z', pv('/pricing')],
  [
    'dave',
    '$identify',
    '2024-03-06T08:10:00.000Z',
    { $anon_distinct_id: 'anon-dave', $set: { email: 'dave@example.com', plan: 'pro' } },
  ],
  ['dave', 'signed up', '2024-03-06T08:15:00.000Z'],
  ['dave', 'purchased', '2024-03-07T08:00:00.000Z'],
  [
    'erin',
    '$pageview',
    '2024-03-06T09:00:00.000Z',
    { ...pv('/home'), $set: { email: 'erin@example.com', plan: 'pro' } },
  ],
  ['erin', 'signed up', '2024-03-06T09:05:00.000Z'],
  ['erin', 'purchased', '2024-03-06T10:00:00.000Z'],
  ['frank', '$pageview', '2024-03-07T10:00:00.000Z', { ...pv('/home'), $set: { email: 'frank@example.com' } }],
  ['frank', 'clicked', '2024-03-07T10:01:00.000Z'],
  ['frank', 'signed up', '2024-03-07T10:02:00.000Z'],
  ['grace', 'signed up', '2024-03-08T10:00:00.000Z', { $set: { email: 'grace@example.com' } }],
  ['grace', '$pageview', '2024-03-08T10:05:00.000Z', pv('/home')],
  ['grace', 'purchased', '2024-03-08T11:00:00.000Z'],
  ['ivan', '$pageview', '2024-03-09T10:00:00.000Z', { ...pv('/home'), $set: { email: 'ivan@example.com' } }],
  ['judy-web', '$pageview', '2024-03-10T10:00:00.000Z', pv('/home')],
  ['judy', 'signed up', '2024-03-10T11:00:00.000Z', { $set: { email: 'judy@example.com' } }],
  ['judy', '$create_alias', '2024-03-10T11:05:00.000Z', { alias: 'judy-web' }],
  ['ken', '$pageview', '2024-03-10T23:30:00.000Z', { ...pv('/home', 'Firefox'), $set: { email: 'ken@example.com' } }],
  ['ken', '$pageview', '2024-03-11T00:30:00.000Z', pv('/docs', 'Firefox')],
  [
    'leo',
    '$pageview',
    '2024-03-12T09:00:00.000Z',
    { ...pv('/home', 'Firefox'), $set: { email: 'leo@example.com', plan: 'pro' } },
  ],
  ['visitor', '$pageview', '2024-03-04T11:00:00.000Z', { ...pv('/home'), $process_person_profile: false }],
];

export const NAMES = [
  'alice',
  'heidi',
  'bob',
  'carol',
  'dave',
  'erin',
  'frank',
  'grace',
  'ivan',
  'judy',
  'ken',
  'leo',
] as const;
export type Name = (typeof NAMES)[number];

/** What a test needs of the history's persons: integer ids by name (erin's is gone). */
export interface History {
  ids: Record<Name, number>;
  /** Names as the API shows them (the email), in person id order. */
  byId(names: Name[]): string[];
}

export function email(name: Name): string {
  return `${name}@example.com`;
}

/**
 * Ingests the history into `t`'s project (in time order; the identity events in their own
 * batches, after what they merge), deletes erin without her events, and puts an event of the
 * same names into another project.
 */
export async function loadHistory(t: TestApp, otherToken?: string): Promise<History> {
  const event = ([distinctId, name, timestamp, properties]: Row) => ({
    event: name,
    distinct_id: distinctId,
    timestamp,
    properties: properties ?? {},
  });
  const sorted = [...ROWS].sort((a, b) => a[2].localeCompare(b[2]));
  // Each identity event in a batch of its own, after the events before it.
  let batch: Row[] = [];
  for (const row of sorted) {
    if (row[1] === '$identify' || row[1] === '$create_alias') {
      if (batch.length > 0) await ingest(t, t.projectToken, batch.map(event));
      await ingest(t, t.projectToken, [event(row)]);
      batch = [];
    } else {
      batch.push(row);
    }
  }
  if (batch.length > 0) await ingest(t, t.projectToken, batch.map(event));
  const ids = {} as Record<Name, number>;
  for (const name of NAMES) ids[name] = (await personOf(t, name))!.id;
  await t.del(`/api/projects/${t.projectId}/persons/${ids.erin}/`).expect(204);
  if (otherToken) {
    await ingest(t, otherToken, [event(['alice', '$pageview', '2024-03-04T10:00:00.000Z', pv('/home')])]);
  }
  return {
    ids,
    byId: (names) => [...names].sort((a, b) => ids[a] - ids[b]).map(email),
  };
}

export interface ActorsBody {
  results: Array<{ people: Array<{ id: number; name: string; value_at_data_point: number | null }>; count: number }>;
  next: string | null;
  missing_persons: number;
}

/** The names of the persons of an actors response, in its order. */
export function names(body: ActorsBody): string[] {
  expect(body.results).toHaveLength(1);
  expect(body.results[0].count).toBe(body.results[0].people.length);
  return body.results[0].people.map((p) => p.name);
}

/** A query string from parameters (objects and arrays as JSON). */
export function qs(params: Record<string, unknown>): string {
  return Object.entries(params)
    .map(([k, v]) => `${k}=${encodeURIComponent(typeof v === 'string' ? v : JSON.stringify(v))}`)
    .join('&');
}
