/**
 * Differential test: our engine against posthog-node's own local evaluation (the real SDK,
 * unmodified, fed the definitions through its `fetch` option; no network).
 *
 * A fixed-seed generator builds random projects (flags with random conditions, operators,
 * values, variants, rollouts, payloads, holdouts, early exits, cohorts, dependencies, group and
 * mixed-group conditions) and random persons (properties of every JSON type, groups, static
 * cohort membership). posthog-node gets the definitions as stored (conditions in their stored
 * order; PostHog adds only the dependency chains and the cohorts). For every (person, flag) pair
 * posthog-node decides locally, our value and payload must equal its value and payload. Pairs it
 * leaves to the server (`undefined`) are counted and skipped: that is where the server has to
 * decide with data the SDK does not have.
 *
 * Where posthog-node reads a value differently from PostHog's flags service, we follow the
 * service (docs/compatibility.md): numbers under `gt`/`lt` (the service compares only numbers,
 * posthog-node falls back to text), versions with pre-release or build parts or more than three
 * numbers, dates in forms other than ISO 8601, and the holdout of a group flag called without its
 * group (the service runs it, posthog-node answers false). A pair whose flag reads such a value is
 * compared apart, recognised from the values alone (not from our engine), and reported.
 */
import { jest } from '@jest/globals';
import { parseDateProperty } from '@app/targeting';
import { PostHog } from 'posthog-node';
import type { CohortDefinition, FlagCondition, FlagDefinition, PropertyFilter, PropertyGroup } from './definitions';
import { isPropertyGroup } from './definitions';
import { withDependencyChains } from './dependencies';
import { compileFlags, evaluateFlag } from './engine';
import { cohortsForLocalEvaluation, cohortLookup, localEvaluationDefinitions } from './local-evaluation';
import { parsePayload } from './payloads';

// Date strings without a zone are local time to the SDK (JavaScript's Date); ours reads UTC.
process.env.TZ = 'UTC';

const SEED = 0x5eed_f1a9;
const PROJECTS = 190;
const PERSONS_PER_PROJECT = 12;
const GROUP_TYPES = { '0': 'company', '1': 'team' };
// Relative dates (`-7d`) are measured from the clock; both engines read the same frozen one.
const NOW = Date.UTC(2025, 5, 15, 9, 30, 0);
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
  some<T>(items: readonly T[], min: number, max: number): T[] {
    return Array.from({ length: this.int(min, max) }, () => this.pick(items));
  }
}

// ---- value pools: the coercions that bite ----------------------------------------------------

const isoDaysAgo = (days: number, format: 'iso' | 'date' | 'space' | 'ms' | 's') => {
  const at = NOW - days * DAY - DAY / 2; // half a day off any relative boundary
  const iso = new Date(at).toISOString();
  if (format === 'iso') return iso;
  if (format === 'date') return iso.slice(0, 10);
  if (format === 'space') return iso.slice(0, 19).replace('T', ' ');
  if (format === 'ms') return at;
  return String(Math.floor(at / 1000));
};

const STRINGS = [
  'pro',
  'PRO',
  'Pro',
  'free',
  'enterprise',
  '',
  ' ',
  'true',
  'TRUE',
  'True',
  'false',
  'FALSE',
  'null',
  'NULL',
  '5',
  '10',
  '10.5',
  '-3',
  '1e3',
  '007',
  ' 7',
  '30',
  'abc',
  'ABC',
  'abd',
  'ÄB',
  'äb',
  'straße',
  'STRASSE',
  'İstanbul',
  'user@example.com',
  'USER@Example.COM',
  'a,b',
  '[1,2]',
  'x\ny',
  'x\r\ny',
  'café',
  '😀',
  'aaa',
  'abcabc',
  'foo bar',
  '1.2.3',
  'v1.2.3',
  '1.2',
  '2.0.0-beta',
  '10.0.1',
  '01.2.3',
  '1.02.3',
  '0.0.1',
  '0.3.0',
  'not-a-version',
  '1.2.3.4',
  '2024-01-15',
  '2024-01-15T10:30:00Z',
  '2024-01-15 10:30:00',
  '2023-06-01T00:00:00+02:00',
  'June 1, 2023',
  '1700000000',
  'yesterday',
  '12',
];
const NUMBERS = [0, 1, -1, 5, 7, 10, 10.5, 0.1, 1000, 3.14, 30, 100, -0.5, 1.5, 1700000000000, 1700000000];

function propertyValue(g: Gen): unknown {
  const roll = g.random();
  if (roll < 0.45) return g.pick(STRINGS);
  if (roll < 0.65) return g.pick(NUMBERS);
  if (roll < 0.73) return g.chance(0.5);
  if (roll < 0.77) return null;
  if (roll < 0.85) return isoDaysAgo(g.int(-400, 400), g.pick(['iso', 'date', 'space', 'ms', 's'] as const));
  if (roll < 0.93) return g.pick([['a', 'b'], ['pro'], [], [1, 2], ['true'], [true], [1.5], ['PRO', 'x']]);
  return g.pick([{ a: 1 }, { b: 'x', a: 'y' }, { a: 1.5 }, {}]);
}

const PERSON_KEYS = ['plan', 'email', 'age', 'beta', 'country', 'signup', 'app_version', 'score', 'tags', 'name'];
const GROUP_KEYS = ['name', 'plan', 'size', 'created', '$group_key'];

const REGEXES = [
  '^pro$',
  '^PRO$',
  'pro',
  '[a-z]+@example\\.com',
  '\\d+',
  '^\\d{2,3}$',
  '^-?\\d+(\\.\\d+)?$',
  'true|false',
  '^$',
  '.',
  'x.y',
  'a{2}',
  '^a+$',
  '(ab|c)+',
  '[^a-z]',
  '\\s',
  '\\w+\\W',
  '^v?\\d+\\.\\d+',
  '(a+)+$',
  'ä',
  'é',
  '😀',
  '(?i)pro',
  '(?=x)',
  '[',
  '(',
  'a**',
  '[z-a]',
  '\\bfoo',
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
  '^[0-9]{4}-[0-9]{2}',
  '\\x41',
  'b{1,}',
  '^.{3}$',
  'c$',
  ']',
];

function regexValue(g: Gen): string {
  if (g.chance(0.6)) return g.pick(REGEXES);
  const atoms = ['a', 'b', 'c', 'p', 'r', 'o', '.', '\\d', '\\w', '\\s', '[a-c]', '[^p]', '[0-9]', 'A', '-', '@'];
  const quantifiers = ['', '', '*', '+', '?', '{1,2}', '{2}'];
  let out = g.chance(0.3) ? '^' : '';
  for (let i = g.int(1, 4); i > 0; i--) {
    out += g.chance(0.15) ? `(${g.pick(atoms)}|${g.pick(atoms)})` : g.pick(atoms);
    out += g.pick(quantifiers);
  }
  return out + (g.chance(0.3) ? '$' : '');
}

function filterValue(g: Gen, operator: string): unknown {
  switch (operator) {
    case 'exact':
    case 'is_not': {
      if (g.chance(0.35)) {
        return g.some([...STRINGS, ...NUMBERS, true, false], 0, 3);
      }
      return g.chance(0.7) ? g.pick(STRINGS) : g.pick([...NUMBERS, true, false, null]);
    }
    case 'icontains':
    case 'not_icontains':
    case 'starts_with':
    case 'not_starts_with':
    case 'ends_with':
    case 'not_ends_with':
      return g.pick(['pro', 'PR', 'ä', 'Ä', '', 'true', '1', 'example', 'null', 'a,b', 'object', 'STR', 'ss', 1, 10]);
    case 'regex':
    case 'not_regex':
      return regexValue(g);
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte':
      return g.pick([5, 10, 10.5, -1, 0, 1e3, '5', '10', '1e3', ' 7', '7abc', 'abc', 'm', '', 'true', 1700000000]);
    case 'between':
    case 'not_between':
      return g.chance(0.2) ? g.pick(STRINGS) : [g.pick([0, 5, '5', -1]), g.pick([10, '10', 5, 1e3])];
    case 'icontains_multi':
    case 'not_icontains_multi':
      return [g.pick(['pro', 'PR', 'ä', '', '1']), g.pick(['example', 'null', 'STR', 10])];
    case 'is_date_before':
    case 'is_date_after':
      return g.pick([
        '-7d',
        '-30h',
        '-1w',
        '-2m',
        '-1y',
        '-3m',
        '30d',
        '-400d',
        '-10000d',
        '-0d',
        '-5x',
        '2024-01-01',
        '2023-06-01T12:00:00Z',
        '2024-01-15 10:30:00',
        'not a date',
        '1700000000',
        1700000000000,
        true,
        isoDaysAgo(g.int(-300, 300), 'iso'),
        isoDaysAgo(g.int(-300, 300), 'date'),
      ]);
    case 'semver_eq':
    case 'semver_neq':
    case 'semver_gt':
    case 'semver_gte':
    case 'semver_lt':
    case 'semver_lte':
    case 'semver_tilde':
    case 'semver_caret':
      return g.pick(['1.2.3', 'v1.2.3', '1.2', '1', '2.0.0-beta', '1.02.3', 'abc', '0.0.1', '0.2.0', '10.0.0', '0.3']);
    case 'semver_wildcard':
      return g.pick(['1.*', '1.2.*', '*', '1.*.*', 'x', '0.*', '10.*', 'v1.*']);
    case 'is_set':
    case 'is_not_set':
      return operator;
    default:
      return g.pick(STRINGS);
  }
}

const OPERATORS = [
  ...Array<string>(6).fill('exact'),
  'is_not',
  'is_not',
  'icontains',
  'not_icontains',
  'starts_with',
  'ends_with',
  'not_starts_with',
  'not_ends_with',
  'regex',
  'regex',
  'not_regex',
  'gt',
  'gte',
  'lt',
  'lte',
  'is_date_before',
  'is_date_after',
  'is_date_exact',
  'semver_eq',
  'semver_neq',
  'semver_gt',
  'semver_gte',
  'semver_lt',
  'semver_lte',
  'semver_tilde',
  'semver_caret',
  'semver_wildcard',
  'is_set',
  'is_not_set',
  'between',
  'not_between',
  'icontains_multi',
  'not_icontains_multi',
  '',
];

function propertyFilter(g: Gen, keys: readonly string[], type: 'person' | 'group', groupTypeIndex?: number) {
  const operator = g.pick(OPERATORS);
  const filter: PropertyFilter = { key: g.pick(keys), type, value: filterValue(g, operator || 'exact') };
  if (operator) filter.operator = operator;
  else if (g.chance(0.5)) filter.operator = null;
  if (type === 'group') filter.group_type_index = groupTypeIndex;
  return filter;
}

// ---- projects ---------------------------------------------------------------------------------

interface Project {
  flags: FlagDefinition[];
  cohorts: CohortDefinition[];
  staticMembers: Map<number, Set<string>>;
}

function cohortGroup(g: Gen, earlierCohorts: readonly CohortDefinition[], depth: number): PropertyGroup {
  const leaf = (): PropertyFilter => {
    if (earlierCohorts.length > 0 && g.chance(0.15)) {
      return { key: 'id', type: 'cohort', value: g.pick(earlierCohorts).id, negation: g.chance(0.3) };
    }
    const filter = propertyFilter(g, PERSON_KEYS, 'person');
    if (g.chance(0.25)) filter.negation = true;
    return filter;
  };
  const nested = depth < 2 && g.chance(0.5);
  return {
    type: g.pick(['AND', 'OR']),
    values: nested
      ? Array.from({ length: g.int(1, 3) }, () => cohortGroup(g, earlierCohorts, depth + 1))
      : Array.from({ length: g.int(0, 3) }, leaf),
  };
}

function generateProject(g: Gen, projectIndex: number, distinctIds: readonly string[]): Project {
  const cohorts: CohortDefinition[] = [];
  const staticMembers = new Map<number, Set<string>>();
  for (let i = 0, n = g.int(0, 3); i < n; i++) {
    const id = projectIndex * 100 + i + 1;
    if (g.chance(0.25)) {
      cohorts.push({ id, is_static: true, filters: { properties: {} } });
      staticMembers.set(id, new Set(distinctIds.filter(() => g.chance(0.4))));
    } else {
      cohorts.push({ id, is_static: false, filters: { properties: cohortGroup(g, [...cohorts], 0) } });
    }
  }

  const flags: FlagDefinition[] = [];
  for (let i = 0, n = g.int(6, 14); i < n; i++) {
    const key = `flag-${projectIndex}-${i}`;
    const roll = g.random();
    const aggregation = roll < 0.15 ? g.pick([0, 1]) : roll < 0.18 ? 5 : null;
    const variants = g.chance(0.4)
      ? g
          .pick([
            [50, 50],
            [34, 33, 33],
            [33.33, 33.33, 33.33],
            [25, 25, 25, 25],
            [10, 90],
            [0, 100],
            [20, 30, 49],
          ])
          .map((pct, v) => ({ key: `v${v}`, rollout_percentage: pct }))
      : null;
    const conditions: FlagCondition[] = Array.from({ length: g.int(0, 4) }, () => {
      const condition: FlagCondition = {
        properties: Array.from({ length: g.int(0, 3) }, (): PropertyFilter => {
          const kind = g.random();
          if (kind < 0.12 && cohorts.length > 0 && aggregation === null) {
            const cohort = g.pick(cohorts);
            return { key: 'id', type: 'cohort', value: cohort.id, operator: g.pick(['in', 'not_in', undefined]) };
          }
          if (kind < 0.24 && flags.length > 0) {
            const target = g.pick(flags);
            const targetVariants = target.filters?.multivariate?.variants ?? [];
            return {
              key: g.chance(0.5) ? String(target.id) : target.key,
              type: 'flag',
              operator: 'flag_evaluates_to',
              value: g.pick([true, false, ...targetVariants.map((v) => v.key), 'nope']),
            };
          }
          return aggregation === null
            ? propertyFilter(g, PERSON_KEYS, 'person')
            : propertyFilter(g, GROUP_KEYS, 'group', aggregation);
        }),
        rollout_percentage: g.pick([null, null, undefined, 0, 0.5, 10, 33.3, 50, 99, 100, g.random() * 100]),
      };
      if (variants && g.chance(0.3)) condition.variant = g.pick([...variants.map((v) => v.key), 'nope']);
      if (aggregation === null && g.chance(0.06)) {
        // Mixed targeting: a group-bucketed condition in a person flag.
        condition.aggregation_group_type_index = g.pick([0, 1]);
        condition.properties = [propertyFilter(g, GROUP_KEYS, 'group', condition.aggregation_group_type_index)];
      }
      return condition;
    });
    const payloads: Record<string, string> = {};
    const payloadText = () =>
      g.pick(['{"a":1}', '"text"', '123', 'not json', '', '[1,2]', 'null', '{"nested":{"x":[true]}}']);
    if (g.chance(0.5)) payloads.true = payloadText();
    for (const variant of variants ?? []) if (g.chance(0.5)) payloads[variant.key] = payloadText();
    const flag: FlagDefinition = {
      id: i + 1,
      key,
      active: g.chance(0.9),
      deleted: false,
      ensure_experience_continuity: g.chance(0.05),
      filters: {
        groups: conditions,
        payloads,
        ...(variants ? { multivariate: { variants } } : {}),
        ...(aggregation !== null ? { aggregation_group_type_index: aggregation } : {}),
      },
    };
    if (g.chance(0.1)) {
      flag.filters!.holdout = { id: g.int(1, 9), exclusion_percentage: g.pick([0, 10, 50, 100, 150, -5]) };
      if (g.chance(0.5)) flag.filters!.payloads![`holdout-${flag.filters!.holdout.id}`] = '"held out"';
    }
    if (g.chance(0.15)) flag.filters!.early_exit = true;
    if (aggregation === null && g.chance(0.1)) flag.bucketing_identifier = 'device_id';
    flags.push(flag);
  }
  return { flags, cohorts, staticMembers };
}

interface Person {
  distinctId: string;
  personProperties: Record<string, unknown>;
  groups: Record<string, string>;
  groupProperties: Record<string, Record<string, unknown>>;
}

function generatePerson(g: Gen, distinctId: string): Person {
  const personProperties: Record<string, unknown> = {};
  for (const key of PERSON_KEYS) if (g.chance(0.85)) personProperties[key] = propertyValue(g);
  if (g.chance(0.5)) personProperties.$device_id = g.pick(['device-1', 'device-2', '', `d-${distinctId}`]);
  if (g.chance(0.03)) personProperties.distinct_id = 'overridden';
  const groups: Record<string, string> = {};
  const groupProperties: Record<string, Record<string, unknown>> = {};
  for (const name of Object.values(GROUP_TYPES)) {
    if (!g.chance(0.7)) continue;
    groups[name] = g.pick(['acme', 'globex', 'initech', '42', `${name}-${g.int(1, 50)}`]);
    const props: Record<string, unknown> = {};
    for (const key of GROUP_KEYS) if (key !== '$group_key' && g.chance(0.85)) props[key] = propertyValue(g);
    groupProperties[name] = props;
  }
  return { distinctId, personProperties, groups, groupProperties };
}

// ---- partial information ------------------------------------------------------------------------

/**
 * posthog-node skips a condition it cannot evaluate (a property it was not given, a value it
 * cannot parse) and returns a later condition's value. That is a guess whenever the skipped
 * condition could have changed the value: with `early_exit` (it might have been the
 * out-of-rollout stop), or in a multivariate flag with variant overrides or group-bucketed
 * conditions (it might have chosen another variant). The server decides the skipped condition,
 * so it may answer differently; so may a flag depending on such a guess.
 *
 * To recognise these cases without trusting our engine, posthog-node itself is asked about each
 * condition on its own: a probe flag per condition (same properties, no rollout) is shipped with
 * the definitions, and `undefined` from a probe means the SDK could not evaluate that condition.
 */
const orderSensitive = (flag: FlagDefinition): boolean =>
  flag.filters?.early_exit === true ||
  (!!flag.filters?.multivariate &&
    (flag.filters.groups ?? []).some((c) => c.variant || c.aggregation_group_type_index !== undefined));

const probeKey = (flag: FlagDefinition, condition: number) => `probe--${flag.key}--${condition}`;

function conditionProbes(flags: readonly FlagDefinition[]): FlagDefinition[] {
  return flags.filter(orderSensitive).flatMap((flag) =>
    (flag.filters?.groups ?? []).map((condition, i) => ({
      id: 100_000 + flag.id * 10 + i,
      key: probeKey(flag, i),
      active: true,
      bucketing_identifier: flag.bucketing_identifier,
      filters: {
        aggregation_group_type_index: flag.filters?.aggregation_group_type_index,
        groups: [{ ...condition, rollout_percentage: null, variant: null }],
      },
    })),
  );
}

async function guessedFlags(client: PostHog, flags: readonly FlagDefinition[], person: Person): Promise<Set<string>> {
  const options = {
    personProperties: person.personProperties as Record<string, string>,
    groups: person.groups,
    groupProperties: person.groupProperties as Record<string, Record<string, string>>,
    onlyEvaluateLocally: true,
    sendFeatureFlagEvents: false,
  };
  const guessed = new Set<string>();
  for (const flag of flags.filter(orderSensitive)) {
    for (let i = 0; i < (flag.filters?.groups ?? []).length; i++) {
      if ((await client.getFeatureFlag(probeKey(flag, i), person.distinctId, options)) === undefined) {
        guessed.add(flag.key);
        break;
      }
    }
  }
  // A flag whose dependency was guessed is guessed too.
  const byReference = new Map<string, FlagDefinition>();
  for (const f of flags) byReference.set(f.key, f).set(String(f.id), f);
  for (let changed = true; changed;) {
    changed = false;
    for (const flag of flags) {
      if (guessed.has(flag.key)) continue;
      const dependsOnGuess = (flag.filters?.groups ?? []).some((c) =>
        (c.properties ?? []).some((p) => p.type === 'flag' && guessed.has(byReference.get(String(p.key))?.key ?? '')),
      );
      if (dependsOnGuess) {
        guessed.add(flag.key);
        changed = true;
      }
    }
  }
  return guessed;
}

// ---- where posthog-node reads values differently from PostHog's service -----------------------

const SERVICE_NUMBER = /^[+-]?(inf|infinity|nan|(\d+\.?\d*|\.\d+)(e[+-]?\d+)?)$/i;
const PLAIN_VERSION = /^v?(0|[1-9]\d*)(\.(0|[1-9]\d*)){0,2}$/;

/** Whether posthog-node and the service could read `filter` differently for these properties. */
function readsDifferently(filter: PropertyFilter, properties: Record<string, unknown>): boolean {
  const key = String(filter.key);
  if (!Object.prototype.hasOwnProperty.call(properties, key)) return false;
  const value = properties[key];
  const operator = filter.operator || 'exact';
  // posthog-node answers a `null` value `false` before reading the operator; the service reads
  // the text `null` for the `icontains_multi` pair (docs/compatibility.md).
  if (value === null && operator.endsWith('icontains_multi')) return true;
  if (value === null || value === undefined) return false;
  if (['gt', 'gte', 'lt', 'lte'].includes(operator))
    return orderingByNode(operator, value, filter.value) !== orderingByService(operator, value, filter.value);
  if (operator.startsWith('semver_')) {
    // posthog-node drops a pre-release, build metadata and parts past the third; the service
    // compares the first two and refuses the third.
    // posthog-node reads a list as its text (`[1.5]` is `1.5`), the service as JSON (no version).
    const plain = typeof value === 'number' || (typeof value === 'string' && PLAIN_VERSION.test(value.trim()));
    return nodeVersion(String(value)) !== null && !plain;
  }
  // The service reads only text filter values (posthog-node also epoch milliseconds).
  if (operator.startsWith('is_date_') && typeof filter.value === 'number') return true;
  if (operator.startsWith('is_date_') && typeof value === 'string') {
    // posthog-node reads what JavaScript's Date reads (`June 1, 2023`, `42` as 2042); the service
    // ISO 8601 and numeric text (epoch seconds).
    const byNode = Date.parse(value);
    return !Number.isNaN(byNode) && byNode !== parseDateProperty(value);
  }
  return false;
}

/** posthog-node's strict reading of a version (null: it leaves the condition to the server). */
function nodeVersion(text: string): number[] | null {
  const base = text.trim().replace(/^[vV]/, '').split('-')[0].split('+')[0];
  if (!base || base.startsWith('.')) return null;
  const parts = base.split('.').slice(0, 3);
  if (parts.some((p) => !/^\d+$/.test(p) || (p.length > 1 && p.startsWith('0')))) return null;
  return parts.map(Number);
}

const order = (operator: string, a: number | string, b: number | string) =>
  operator === 'gt' ? a > b : operator === 'gte' ? a >= b : operator === 'lt' ? a < b : a <= b;

/** posthog-node: both as `parseFloat` numbers when it reads both, else as text. */
function orderingByNode(operator: string, value: unknown, filter: unknown): boolean {
  const a = typeof value === 'number' ? value : parseFloat(String(value));
  const b = typeof filter === 'number' ? filter : parseFloat(String(filter));
  return Number.isFinite(a) && Number.isFinite(b)
    ? order(operator, a, b)
    : order(operator, String(value), String(filter));
}

/** PostHog's service: both as Rust parses a float, else false. */
function orderingByService(operator: string, value: unknown, filter: unknown): boolean {
  const read = (v: unknown): number | null => {
    if (typeof v === 'number') return v;
    if (typeof v !== 'string' || !SERVICE_NUMBER.test(v)) return null;
    const word = v.replace(/^[+-]/, '').toLowerCase();
    if (word === 'nan') return null;
    if (word.startsWith('inf')) return v.startsWith('-') ? -Infinity : Infinity;
    return Number(v);
  };
  const a = read(value);
  const b = read(filter);
  return a !== null && b !== null && order(operator, a, b);
}

function leavesOf(group: PropertyGroup | null | undefined): PropertyFilter[] {
  if (!group) return [];
  return (group.values ?? []).flatMap((v) => (isPropertyGroup(v) ? leavesOf(v) : [v]));
}

/** Flags (and the flags depending on them) that read a value posthog-node reads differently. */
function divergentFlags(project: Project, person: Person): Set<string> {
  const cohorts = new Map(project.cohorts.map((c) => [Number(c.id), c]));
  const cohortDiverges = (id: number, seen: Set<number>): boolean => {
    const cohort = cohorts.get(id);
    if (!cohort || cohort.is_static || seen.has(id)) return false;
    seen.add(id);
    return leavesOf(cohort.filters?.properties).some((leaf) =>
      leaf.type === 'cohort'
        ? cohortDiverges(Number(leaf.value), seen)
        : readsDifferently(leaf, person.personProperties),
    );
  };
  const out = new Set<string>();
  for (const flag of project.flags) {
    const aggregation = flag.filters?.aggregation_group_type_index ?? null;
    const conditions = flag.filters?.groups ?? [];
    const diverges = conditions.some((condition) => {
      const own = condition.aggregation_group_type_index;
      const index = own === undefined ? aggregation : own;
      const name = index === null ? null : GROUP_TYPES[String(index) as '0' | '1'];
      // Group conditions read the group's properties and its key (`$group_key`).
      const bag =
        name === null
          ? person.personProperties
          : { $group_key: person.groups[name], ...(person.groupProperties[name] ?? {}) };
      return (condition.properties ?? []).some((p) =>
        p.type === 'cohort'
          ? cohortDiverges(Number(p.value), new Set())
          : p.type !== 'flag' && readsDifferently(p, bag),
      );
    });
    // A group flag with a holdout called without its group: the service still runs the holdout
    // (over `holdout-` alone, `get_holdout_hash`), posthog-node answers false before it.
    const holdoutWithoutGroup =
      aggregation !== null &&
      !!flag.filters?.holdout &&
      person.groups[GROUP_TYPES[String(aggregation) as '0' | '1']] === undefined;
    if (diverges || holdoutWithoutGroup) out.add(flag.key);
  }
  const byReference = new Map<string, FlagDefinition>();
  for (const f of project.flags) byReference.set(f.key, f).set(String(f.id), f);
  for (let changed = true; changed;) {
    changed = false;
    for (const flag of project.flags) {
      if (out.has(flag.key)) continue;
      const dependsOn = (flag.filters?.groups ?? []).some((c) =>
        (c.properties ?? []).some((p) => p.type === 'flag' && out.has(byReference.get(String(p.key))?.key ?? '')),
      );
      if (dependsOn) {
        out.add(flag.key);
        changed = true;
      }
    }
  }
  return out;
}

// ---- the comparison ---------------------------------------------------------------------------

/** Requests posthog-node made other than loading definitions (there must be none). */
const otherRequests: string[] = [];

function sdkClient(definitions: unknown): PostHog {
  const body = JSON.stringify(definitions);
  const response = (status: number, text: string) => ({
    status,
    text: async () => text,
    json: async () => JSON.parse(text),
    headers: { get: () => null },
  });
  return new PostHog('phc_differential_project', {
    host: 'http://posthog.differential.invalid',
    personalApiKey: 'phx_differential_personal',
    featureFlagsPollingInterval: 3_600_000,
    strictLocalEvaluation: true,
    disableCompression: true,
    flushAt: 1_000,
    fetch: async (url: string) => {
      if (url.includes('/flags/definitions')) return response(200, body);
      otherRequests.push(url);
      return response(200, '{}');
    },
  });
}

describe('agreement with posthog-node local evaluation', () => {
  it('returns posthog-node’s value and payload on every case it decides locally', async () => {
    const g = new Gen(mulberry32(SEED));
    const counts = { cases: 0, decided: 0, agreed: 0, skipped: 0 };
    const partial = { cases: 0, agreed: 0 };
    const followingTheService = { cases: 0, agreed: 0 };
    const disagreements: unknown[] = [];
    jest.useFakeTimers({
      now: NOW,
      doNotFake: [
        'nextTick',
        'setImmediate',
        'setTimeout',
        'clearTimeout',
        'setInterval',
        'clearInterval',
        'queueMicrotask',
        'hrtime',
        'performance',
      ],
    });
    const warn = console.warn;
    console.warn = () => undefined; // the SDK warns about flags it cannot evaluate locally
    try {
      for (let p = 0; p < PROJECTS; p++) {
        const distinctIds = Array.from({ length: PERSONS_PER_PROJECT }, (_, i) =>
          g.pick([`user-${p}-${i}`, `${g.int(1, 1e6)}`, `anon_${g.random().toString(36).slice(2, 10)}`]),
        );
        const project = generateProject(g, p, distinctIds);
        // The definitions as stored, with what PostHog adds for SDKs (dependency chains, the
        // cohorts; posthog-node 5.70 asks with send_cohorts), plus the probes only this test needs.
        const definitions = {
          flags: withDependencyChains([...project.flags, ...conditionProbes(project.flags)]),
          group_type_mapping: GROUP_TYPES,
          cohorts: cohortsForLocalEvaluation(
            project.flags.map((f) => f.filters),
            cohortLookup(project.cohorts),
          ),
        };
        // What the definitions endpoints ship is exactly that: conditions as stored.
        const shipped = localEvaluationDefinitions(project.flags, project.cohorts, { sendCohorts: true });
        expect(shipped.flags).toEqual(definitions.flags.slice(0, project.flags.length));
        expect(shipped.cohorts).toEqual(definitions.cohorts);
        const compiled = compileFlags(project.flags, project.cohorts, { groupTypeMapping: GROUP_TYPES });
        const client = sdkClient(definitions);
        await client.waitForLocalEvaluationReady(5_000);
        for (const distinctId of distinctIds) {
          const person = generatePerson(g, distinctId);
          const guessed = await guessedFlags(client, project.flags, person);
          const divergent = divergentFlags(project, person);
          for (const flag of project.flags) {
            counts.cases++;
            const sdk = await client.getFeatureFlagResult(flag.key, distinctId, {
              personProperties: person.personProperties as Record<string, string>,
              groups: person.groups,
              groupProperties: person.groupProperties as Record<string, Record<string, string>>,
              onlyEvaluateLocally: true,
              sendFeatureFlagEvents: false,
            });
            if (sdk === undefined) {
              counts.skipped++;
              continue;
            }
            counts.decided++;
            const ours = evaluateFlag(compiled, flag.key, {
              ...person,
              isInStaticCohort: (id) => project.staticMembers.get(id)?.has(distinctId) ?? false,
            });
            const sdkValue = sdk.enabled ? (sdk.variant ?? true) : false;
            const ourPayload = parsePayload(ours?.payload ?? null) ?? undefined;
            const sdkPayload = sdk.payload ?? undefined;
            const same = ours?.value === sdkValue && JSON.stringify(ourPayload) === JSON.stringify(sdkPayload);
            if (guessed.has(flag.key)) {
              partial.cases++;
              if (same) partial.agreed++;
            } else if (divergent.has(flag.key)) {
              followingTheService.cases++;
              if (same) followingTheService.agreed++;
            } else if (same) {
              counts.agreed++;
            } else if (disagreements.length < 5) {
              disagreements.push({
                flag: shipped.flags.find((f) => f.key === flag.key),
                cohorts: definitions.cohorts,
                person,
                sdk: { value: sdkValue, payload: sdkPayload },
                ours: { value: ours?.value, payload: ourPayload, reason: ours?.reason },
              });
            }
          }
        }
        await client.shutdown();
      }
    } finally {
      console.warn = warn;
      jest.useRealTimers();
    }
    const compared = counts.decided - partial.cases - followingTheService.cases;
    console.log(
      `posthog-node differential: ${counts.cases} cases; ${counts.skipped} skipped (posthog-node leaves them to ` +
        `the server); ${counts.decided} decided locally by posthog-node, of which ${compared} from complete ` +
        `properties: ${counts.agreed} agreed, ${compared - counts.agreed} disagreed; and ${partial.cases} guessed ` +
        `from partial properties (compared separately: ${partial.agreed} agree, ` +
        `${partial.cases - partial.agreed} differ where the server decides the skipped condition); and ` +
        `${followingTheService.cases} reading a value posthog-node reads differently from PostHog's service ` +
        `(numbers under gt/lt, pre-release versions, non-ISO dates, null under icontains_multi, group holdouts without the group; compared separately: ` +
        `${followingTheService.agreed} agree, ${followingTheService.cases - followingTheService.agreed} differ)`,
    );
    expect(disagreements).toEqual([]);
    expect(otherRequests).toEqual([]);
    expect(counts.cases).toBeGreaterThanOrEqual(10_000);
    expect(counts.agreed).toBe(compared);
    expect(compared).toBeGreaterThanOrEqual(10_000);
    expect(partial.cases).toBeLessThan(counts.decided / 5);
    expect(followingTheService.cases).toBeLessThan(counts.decided / 5);
  });
});
