/** @sql-sensitive the SQL compiler against the in-memory matcher */
/**
 * Differential test of the targeting rules' two implementations: the SQL compiler (the persons
 * list and cohort membership, on PostgreSQL or PGlite) against the in-memory matcher (what the
 * flags engine runs). Random filters over random persons; every filter must select the same
 * persons both ways: 0 disagreements. The seed is printed on failure (`TARGETING_DIFF_SEED`
 * replays a run).
 *
 * 1. Persons list: `GET /persons?properties=<filter>` against the filter evaluated in memory by
 *    `compilePropertyMatcher` on the properties the API returns.
 * 2. Cohorts: dynamic cohorts of random filters (some referencing earlier cohorts), their
 *    persons as counted in SQL against a flag on each cohort, evaluated by the flags engine
 *    (`evaluation_reasons`) for every person: one membership, whichever side computes it.
 */
import request from 'supertest';
import { compilePropertyMatcher, EvaluationBudget, PROPERTY_OPERATORS } from '@app/targeting';
import type { PropertyFilter } from '@app/targeting';
import { startTestApp, TestApp } from '../support/test-app';

const SEED = Number(process.env.TARGETING_DIFF_SEED ?? 0x7a29e7);
const PERSONS = 220;
const FILTERS = 400;
const COHORTS = 36;
// The project's time zones: UTC, then zones whose clocks change by an hour and by half an hour.
const LIST_TIME_ZONES = ['UTC', 'Europe/Paris', 'Australia/Lord_Howe'];
const COHORT_TIME_ZONE = 'America/New_York';
const DAY = 86_400_000;

type Random = () => number;

function mulberry32(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

class Gen {
  constructor(readonly random: Random) {}
  chance(p: number): boolean {
    return this.random() < p;
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.random() * (max - min + 1));
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.random() * items.length)];
  }
}

// ---- values -----------------------------------------------------------------------------------

const STARTED = Date.now();
// Half a day off any relative boundary, so seconds between SQL and memory cannot flip a date.
const daysAgo = (days: number) => STARTED - days * DAY - DAY / 2;

const STRINGS = [
  'pro',
  'PRO',
  'Pro',
  'free',
  '',
  ' ',
  'true',
  'TRUE',
  'False',
  'null',
  '5',
  '10',
  '10.5',
  '-3',
  '1e3',
  '007',
  ' 7',
  '7abc',
  '.5',
  '1.',
  'inf',
  '-Infinity',
  'NaN',
  '1e400',
  'abc',
  'ABC',
  'abd',
  'ÄB',
  'äb',
  'straße',
  'STRASSE',
  'İstanbul',
  'i̇stanbul',
  'ΟΔΟΣ',
  'οδος',
  'οδοσ',
  'Σίσυφος ΣΑΣ',
  'K',
  'k',
  'Ⓐ',
  'ⓐ',
  'ǅ',
  'ᲊ',
  'Ꭰ',
  'ꭰ',
  '𐐀',
  '𐐨',
  'user@example.com',
  'USER@Example.COM',
  'a,b',
  '[1,2]',
  '["a"]',
  '{"a":1}',
  'x\ny',
  'x\r\ny',
  'café',
  '😀',
  'aaa',
  'abcabc',
  'foo bar',
  'foo_bar',
  'a.b',
  'a+b',
  '100%',
  'under_score',
  '1.2.3',
  'v1.2.3',
  'V1.2.3',
  ' 1.2.3 ',
  '1.2',
  '3.08',
  '2.0.0-beta',
  '2.0.0-beta.2',
  '2.0.0-rc.1',
  '2.0.0',
  '2.0.0+build.7',
  '1.2.3.4',
  '01.2.3',
  '0.0.1',
  '0.3.0',
  '10.0.1',
  '1.2.3-01',
  '2024-01-15',
  '2024-01-15T10:30:00Z',
  '2024-01-15 10:30:00',
  '2024-01-15t10:30:00z',
  '2023-06-01T00:00:00+02:00',
  '2023-06-01 00:00:00.5+0230',
  '2024',
  '2024-02',
  '2024-02-30',
  'June 1, 2023',
  '1700000000',
  '1700000000.5',
  ' 1700000000 ',
  'yesterday',
  '12',
];
// Case mappings JavaScript and PostgreSQL's `lower()` disagree on, and their look-alikes.
const TRICKY = [
  'İstanbul',
  'i\u0307stanbul',
  'istanbul',
  'ΟΔΟΣ',
  'οδος',
  'οδοσ',
  'ΣΑΣ Σ.',
  'σας σ.',
  '\u212a',
  'k',
  '\u24b6',
  '\u24d0',
  '\u01c5',
  '\u01c6',
  '\u1c89',
  '\u1c8a',
  '\u13a0',
  '\uab70',
  '\u{10400}',
  '\u{10428}',
  '\ua7da',
  '\ua7db',
  'ÄB',
  'äb',
  'straße',
  'STRASSE',
  'TRUE',
  'True',
];
const NUMBERS = [
  0,
  1,
  -1,
  5,
  7,
  10,
  10.5,
  0.1,
  1000,
  3.14,
  30,
  100,
  -0.5,
  1e21,
  1e-7,
  1.5,
  123456789012,
  1700000000000,
  1700000000,
  2 ** 53,
  -1e300,
];

function propertyValue(g: Gen): unknown {
  const roll = g.random();
  if (roll < 0.15) return g.pick(TRICKY);
  if (roll < 0.5) return g.pick(STRINGS);
  if (roll < 0.65) return g.pick(NUMBERS);
  if (roll < 0.72) return g.chance(0.5);
  if (roll < 0.76) return null;
  if (roll < 0.86) {
    const at = daysAgo(g.int(-400, 400));
    const iso = new Date(at).toISOString();
    if (g.chance(0.2)) return g.pick(CLOCK_CHANGES);
    return g.pick([iso, iso.slice(0, 10), iso.slice(0, 19).replace('T', ' '), at, String(Math.floor(at / 1000))]);
  }
  if (roll < 0.94) {
    return g.pick([
      ['a', 'b'],
      ['pro'],
      [],
      [1, 2],
      ['true'],
      [true],
      [1.5],
      ['PRO', 'x'],
      [null, [1, [2, []]], 'x'],
      [{}],
    ]);
  }
  return g.pick([{ a: 1 }, { b: 'x', a: 'y' }, { a: 1.5, Z: [1, { k: null }] }, {}, { é: 'ü', a: '\n' }]);
}

// Wall-clock times the zones below skip (spring) or show twice (autumn), and their neighbours.
const CLOCK_CHANGES = [
  '2024-03-31 02:30',
  '2024-03-31T01:59:59',
  '2024-03-31 03:00:00',
  '2024-10-27 02:30:00',
  '2024-10-27T02:00',
  '2024-03-10 02:30',
  '2024-11-03 01:30:00.250',
  '2024-04-07 01:45',
  '2024-10-06 02:15',
  '2024-10-27',
];

const KEYS = ['plan', 'email', 'age', 'version', 'signup', 'name', 'tags', 'score'];

// ---- filters ----------------------------------------------------------------------------------

function regexValue(g: Gen): string {
  if (g.chance(0.5)) {
    return g.pick([
      '^pro$',
      '(?i)^pro$',
      'pro',
      '[a-z]+@example\\.com',
      '\\d+',
      '^\\d{2,3}$',
      '^-?\\d+(\\.\\d+)?$',
      'true|false',
      '^$',
      '.',
      'x.y',
      '(?s)x.y',
      'a{2}',
      '(ab|c)+',
      '[^a-z]',
      '\\s',
      '\\w+\\W',
      '^v?\\d+\\.\\d+',
      'ä',
      '(?i)Ä',
      'é',
      '😀',
      '(?i)straße',
      '(?i)[a-c]+',
      '(?i)k',
      '(?i)ς',
      '(?i)σ',
      '(?i)i',
      '\\bfoo\\b',
      '\\Bo',
      '(?m)^y$',
      '^y$',
      'null',
      '1,2',
      'object',
      '^\\[',
      '[\\d-z]',
      'x\\ny',
      '^(?:a|b)*c?$',
      'A|B',
      '[A-Z]',
      '\\.',
      '\\x41',
      'b{1,}',
      '^.{3}$',
      'c$',
      ']',
      '\\A\\d',
      '\\d\\z',
      '(?i:A)b',
      'a{0,300}b',
      '(?:x{2}){3,}',
      '[^\\n]',
      '[\\u00e0-\\u00ff]',
      '\\u00c4',
      '^\\s*7$',
      '^(?:\\d{1,3},)*\\d{1,3}$',
    ]);
  }
  const atoms = [
    'a',
    'b',
    'c',
    'p',
    'r',
    'o',
    '.',
    '\\d',
    '\\w',
    '\\s',
    '[a-c]',
    '[^p]',
    '[0-9]',
    'A',
    '-',
    '@',
    'é',
    'Σ',
  ];
  const quantifiers = ['', '', '*', '+', '?', '{1,2}', '{2}', '*?'];
  let out = g.pick(['', '', '^', '(?i)', '(?m)^']);
  for (let i = g.int(1, 4); i > 0; i--) {
    out += g.chance(0.15) ? `(${g.pick(atoms)}|${g.pick(atoms)})` : g.pick(atoms);
    out += g.pick(quantifiers);
  }
  return out + (g.chance(0.3) ? '$' : '');
}

function filterValue(g: Gen, operator: string): unknown {
  switch (operator) {
    case 'exact':
    case 'is_not':
      if (g.chance(0.3))
        return Array.from({ length: g.int(0, 3) }, () => g.pick([...STRINGS, ...TRICKY, ...NUMBERS, true, false]));
      if (g.chance(0.4)) return g.pick(TRICKY);
      return g.chance(0.75) ? g.pick(STRINGS) : g.pick([...NUMBERS, true, false]);
    case 'regex':
    case 'not_regex':
      return regexValue(g);
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte':
      if (g.chance(0.3)) return g.pick([5, 10, 10.5, -1, 0, 0.5, 1e21, 7]);
      return g.pick(['5', '10', '10.5', '-1', '0', '1e3', '.5', 'inf', '-inf', '1e21', '100', '1700000000000', '7']);
    case 'between':
    case 'not_between': {
      const bound = () =>
        g.pick<unknown>([5, 10, 0, -1, 7, 10.5, '5', '10', '.5', '1e3', 'inf', '-inf', 'nan', 'x', true]);
      if (g.chance(0.1)) return g.pick<unknown>([[5], [1, 2, 3], '5', [], [10, 5]]);
      if (g.chance(0.3)) return [bound(), bound()];
      const low = g.pick<number | string>([-1, 0, 5, 7, '5', '.5', '-inf', 1e3]);
      return [low, g.pick<number | string>([Number(low) + g.int(0, 20), String(Number(low) + 3), 'inf'])];
    }
    case 'icontains_multi':
    case 'not_icontains_multi':
      if (g.chance(0.2)) return g.pick([...STRINGS, ...TRICKY]);
      return Array.from({ length: g.int(0, 3) }, () => g.pick([...STRINGS, ...TRICKY, ...NUMBERS, true]));
    case 'is_date_before':
    case 'is_date_after':
    case 'is_date_exact': {
      const relative = g.pick(['-7d', '-30h', '-1w', '-2m', '-1y', '-3m', '30d', '-400d', '-0d', '-13m']);
      const at = new Date(daysAgo(g.int(-300, 300)));
      return g.pick([
        relative,
        relative,
        at.toISOString(),
        at.toISOString().slice(0, 10),
        `${at.toISOString().slice(0, 19).replace('T', ' ')} +01:00`,
        '2024-01-15T10:30:00Z',
        '2024-01-15',
        g.pick(CLOCK_CHANGES),
      ]);
    }
    case 'semver_eq':
    case 'semver_neq':
    case 'semver_gt':
    case 'semver_gte':
    case 'semver_lt':
    case 'semver_lte':
      return g.pick([
        '1.2.3',
        'v1.2.3',
        '1.2',
        '1',
        '2.0.0-beta',
        '2.0.0-beta.2',
        '2.0.0',
        '2.0.0+build.7',
        '3.08',
        '0.0.1',
        '10.0.0',
      ]);
    case 'semver_tilde':
    case 'semver_caret':
      return g.pick(['1.2.3', '1.2', '1', '2.0.0-beta', '2.0.0-rc.1', '0.0.1', '0.3', '0.3.0', '10.0.0', '3.08']);
    case 'semver_wildcard':
      return g.pick(['1.*', '1.2.*', '*', '1.*.*', '0.*', '2.0.*', '3.08.*', '1.2', '2.0.0']);
    default:
      return g.pick(STRINGS);
  }
}

function leaf(g: Gen): PropertyFilter {
  const operator = g.pick(PROPERTY_OPERATORS);
  const filter: PropertyFilter = { key: g.pick(KEYS), type: 'person', operator, value: filterValue(g, operator) };
  if (operator === 'is_set' || operator === 'is_not_set') delete filter.value;
  if (g.chance(0.2)) filter.negation = true;
  return filter;
}

interface Group {
  type: 'AND' | 'OR';
  values: Array<Group | PropertyFilter>;
}

function group(g: Gen, depth: number, leafOf: () => PropertyFilter): Group {
  const nested = depth < 2 && g.chance(0.35);
  return {
    type: g.pick(['AND', 'OR']),
    values: nested
      ? Array.from({ length: g.int(1, 3) }, () => group(g, depth + 1, leafOf))
      : Array.from({ length: g.int(1, 3) }, leafOf),
  };
}

// ---- the in-memory side -----------------------------------------------------------------------

const isGroup = (node: Group | PropertyFilter): node is Group => Array.isArray((node as Group).values);

function matches(
  node: Group | PropertyFilter,
  properties: Record<string, unknown>,
  now: number,
  timeZone: string,
): boolean {
  if (isGroup(node)) {
    const results = node.values.map((v) => matches(v, properties, now, timeZone));
    return node.type === 'AND' ? results.every(Boolean) : results.some(Boolean);
  }
  const hit = compilePropertyMatcher(node)(properties, { now, timeZone, budget: new EvaluationBudget(10_000_000) });
  return node.negation ? !hit : hit;
}

// ---- the test ---------------------------------------------------------------------------------

interface StoredPerson {
  distinctId: string;
  properties: Record<string, unknown>;
}

describe('SQL compiler against the in-memory matcher (random filters × random persons)', () => {
  let t: TestApp;
  let persons: StoredPerson[];
  const g = new Gen(mulberry32(SEED));
  const failure = (detail: object) => ({ seed: SEED, replay: `TARGETING_DIFF_SEED=${SEED}`, ...detail });

  beforeAll(async () => {
    t = await startTestApp();
    const generated = Array.from({ length: PERSONS }, (_, i) => {
      const properties: Record<string, unknown> = {};
      for (const key of KEYS) if (g.chance(0.8)) properties[key] = propertyValue(g);
      return { distinctId: `p-${i}`, properties };
    });
    for (let i = 0; i < generated.length; i += 100) {
      const batch = generated.slice(i, i + 100).map((p) => ({
        event: '$identify',
        distinct_id: p.distinctId,
        properties: { $set: p.properties },
      }));
      await request(t.baseUrl).post('/batch/').send({ api_key: t.projectToken, batch }).expect(200);
    }
    const listed = (await t.get(`/api/projects/${t.projectId}/persons/?limit=1000`).expect(200)).body.results as Array<{
      distinct_ids: string[];
      properties: Record<string, unknown>;
    }>;
    persons = listed.map((p) => ({ distinctId: p.distinct_ids[0], properties: p.properties }));
    expect(persons).toHaveLength(PERSONS);
  });
  afterAll(() => t?.close());

  it('selects the same persons in the persons list (SQL) as in memory', async () => {
    let compared = 0;
    let refused = 0;
    let selected = 0;
    let timeZone = 'UTC';
    for (let i = 0; i < FILTERS; i++) {
      // The project's time zone, in turns: dates without a zone are its wall-clock time.
      const zone = LIST_TIME_ZONES[Math.floor((i * LIST_TIME_ZONES.length) / FILTERS)];
      if (zone !== timeZone) {
        await t.patch(`/api/projects/${t.projectId}/`, { timezone: zone }).expect(200);
        timeZone = zone;
      }
      const filter = group(g, 0, () => leaf(g));
      const res = await t.get(
        `/api/projects/${t.projectId}/persons/?limit=1000&properties=${encodeURIComponent(JSON.stringify(filter))}`,
      );
      if (res.status === 400) {
        // Refused for the query (a pattern that does not parse, a version that is none…).
        refused++;
        continue;
      }
      expect(failure({ filter, status: res.status, body: res.body })).toEqual(
        failure({ filter, status: 200, body: res.body }),
      );
      const now = Date.now();
      const bySql = new Set((res.body.results as Array<{ distinct_ids: string[] }>).map((p) => p.distinct_ids[0]));
      for (const person of persons) {
        const inMemory = matches(filter, person.properties, now, timeZone);
        if (inMemory !== bySql.has(person.distinctId)) {
          expect(failure({ filter, timeZone, person, inMemory, inSql: !inMemory })).toBeUndefined();
        }
        if (inMemory) selected++;
        compared++;
      }
    }
    console.log(
      `SQL differential (persons list, seed ${SEED}, in ${LIST_TIME_ZONES.join(', ')}): ${FILTERS} filters × ${PERSONS} persons: ${compared} comparisons, ` +
        `0 disagreements, ${selected} selected; ${refused} filters refused as queries`,
    );
    expect(compared).toBeGreaterThan(FILTERS * PERSONS * 0.6);
    expect(selected).toBeGreaterThan(compared / 20);
  });

  it('counts the members of a cohort in SQL that the flags engine sees in it', async () => {
    const base = `/api/projects/${t.projectId}`;
    await t.patch(`${base}/`, { timezone: COHORT_TIME_ZONE }).expect(200);
    const cohorts: Array<{ id: number; flag: string; filters: Group }> = [];
    let refused = 0;
    while (cohorts.length < COHORTS) {
      const earlier = cohorts.map((c) => c.id);
      const filters = group(g, 0, () =>
        earlier.length > 0 && g.chance(0.2)
          ? { key: 'id', type: 'cohort', value: g.pick(earlier), operator: g.pick(['in', 'not_in']) }
          : leaf(g),
      );
      const created = await t.post(`${base}/cohorts/`, {
        name: `c${cohorts.length}`,
        filters: { properties: filters },
      });
      if (created.status === 400) {
        refused++;
        continue;
      }
      expect(failure({ filters, status: created.status, body: created.body })).toEqual(
        failure({ filters, status: 201, body: created.body }),
      );
      const flag = `in-c${cohorts.length}`;
      await t
        .post(`${base}/feature_flags/`, {
          key: flag,
          filters: { groups: [{ properties: [{ key: 'id', type: 'cohort', value: created.body.id }] }] },
        })
        .expect(201);
      cohorts.push({ id: created.body.id, flag, filters });
    }
    const bySql = new Map<number, Set<string>>();
    for (const cohort of cohorts) {
      const res = await t.get(`${base}/cohorts/${cohort.id}/persons/?limit=1000`).expect(200);
      bySql.set(
        cohort.id,
        new Set((res.body.results as Array<{ distinct_ids: string[] }>).map((p) => p.distinct_ids[0])),
      );
    }
    let compared = 0;
    let members = 0;
    for (const person of persons) {
      const reasons = (
        await t.get(`${base}/feature_flags/evaluation_reasons?distinct_id=${person.distinctId}`).expect(200)
      ).body;
      for (const cohort of cohorts) {
        const byEngine = reasons[cohort.flag].value === true;
        const inSql = bySql.get(cohort.id)!.has(person.distinctId);
        if (byEngine !== inSql) {
          expect(failure({ cohort: cohort.filters, person, byEngine, inSql })).toBeUndefined();
        }
        if (inSql) members++;
        compared++;
      }
    }
    console.log(
      `SQL differential (cohorts, seed ${SEED}, in ${COHORT_TIME_ZONE}): ${COHORTS} cohorts × ${PERSONS} persons: ${compared} comparisons ` +
        `between SQL membership and the flags engine, 0 disagreements, ${members} memberships; ${refused} refused on save`,
    );
    expect(members).toBeGreaterThan(compared / 20);
  });
});
