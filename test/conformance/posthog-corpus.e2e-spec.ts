/**
 * Conformance with PostHog's flags service, on the cases of its flag-evaluation reference corpus
 * (our own transcription: ./posthog-corpus.ts, which records the corpus version it follows).
 *
 * Every evaluation case gets a fresh project, its group types (created as SDKs create them, by
 * `$groupidentify`) and its flags (created through the management API), then asks `/flags` and
 * `/decide` in every response version PostHog's projection names: `/flags?v=2` and `/decide?v=4`
 * (detailed), `/flags`, `/flags?v=1` and `/decide?v=3` (every flag's value and payloads),
 * `/decide?v=2` (the enabled flags' values), `/decide` and `/decide?v=1` (the enabled flags'
 * keys). Hash vectors are checked through the API where a flag can express them (a rollout
 * boundary, a holdout, a variant split per vector) and on the exported hash functions always.
 * Any disagreement fails its test; the tally is printed at the end.
 */
import request from 'supertest';
import {
  compileFlags,
  evaluateAll,
  flagHash,
  hash01,
  holdoutHash,
  inRollout,
  rolloutThreshold,
  variantAt,
  variantRanges,
} from '../../libs/flags/src/domain/evaluation';
import type { FlagDefinition } from '../../libs/flags/src/domain/evaluation';
import { startTestApp, TestApp } from '../support/test-app';
import {
  CORPUS,
  EVALUATION_CASES,
  HASH_VECTORS,
  PARITY_INPUTS,
  THRESHOLD_VECTORS,
  VARIANT_VECTORS,
} from './posthog-corpus';
import type { CorpusFlag, DetailedOutcome, EvaluationCase, HashVector } from './posthog-corpus';

interface Project {
  id: number;
  token: string;
}

interface Created {
  id: number;
  version: number;
}

/** One comparison: what was asked, what PostHog answers, what we answered. */
interface Check {
  what: string;
  expected: unknown;
  actual: unknown;
}

const tally = { agreed: 0, checks: 0 };

/** The checks that disagree (and counts every check in the tally). */
function disagreements(checks: Check[]): Check[] {
  tally.checks += checks.length;
  const failed = checks.filter((c) => JSON.stringify(c.expected) !== JSON.stringify(c.actual));
  tally.agreed += checks.length - failed.length;
  return failed;
}

const sortedKeys = <T>(map: Record<string, T>): Record<string, T> =>
  Object.fromEntries(Object.entries(map).sort(([a], [b]) => a.localeCompare(b)));

describe(`PostHog flag-evaluation corpus ${CORPUS.version} (contract ${CORPUS.contract} ${CORPUS.contractVersion})`, () => {
  let t: TestApp;
  let projects = 0;

  beforeAll(async () => {
    t = await startTestApp();
  });

  afterAll(async () => {
    console.log(`PostHog corpus ${CORPUS.version}: ${tally.agreed} of ${tally.checks} checks agree`);
    await t?.close();
  });

  async function freshProject(): Promise<Project> {
    const res = await t.post('/api/projects/', { name: `Corpus ${++projects}` }).expect(201);
    return { id: res.body.id, token: res.body.api_token };
  }

  /** The project's group types, index 0 first: each made by a `$groupidentify`, as SDKs make them. */
  async function createGroupTypes(project: Project, names: string[]): Promise<void> {
    for (const name of names) {
      const batch = [
        {
          event: '$groupidentify',
          distinct_id: 'corpus-setup',
          properties: { $group_type: name, $group_key: 'corpus-setup', $group_set: {} },
        },
      ];
      await request(t.baseUrl).post('/batch/').send({ api_key: project.token, batch }).expect(200);
    }
    const definitions = await t.get(`/api/feature_flag/local_evaluation?token=${project.token}`).expect(200);
    expect(definitions.body.group_type_mapping).toEqual(Object.fromEntries(names.map((n, i) => [String(i), n])));
  }

  /** The flags through the management API, in order; a dependency's target key becomes its id. */
  async function createFlags(project: Project, flags: CorpusFlag[]): Promise<Map<string, Created>> {
    const created = new Map<string, Created>();
    for (const flag of flags) {
      const filters = JSON.parse(JSON.stringify(flag.filters)) as {
        groups?: Array<{ properties?: Array<{ type?: string; key: string }> }>;
      };
      for (const group of filters.groups ?? []) {
        for (const p of group.properties ?? []) {
          if (p.type === 'flag') p.key = String(created.get(p.key)!.id);
        }
      }
      const res = await t.post(`/api/projects/${project.id}/feature_flags/`, {
        key: flag.key,
        active: flag.active,
        filters,
      });
      if (res.status !== 201) throw new Error(`${flag.key} not created: ${res.status} ${JSON.stringify(res.body)}`);
      created.set(flag.key, { id: res.body.id, version: res.body.version });
    }
    return created;
  }

  const ask = (path: string, body: object) => request(t.baseUrl).post(path).send(body).expect(200);

  /** Every response version of one case's call, compared with the corpus's projection. */
  async function checksOf(c: EvaluationCase, project: Project, created: Map<string, Created>): Promise<Check[]> {
    const body = { token: project.token, ...c.context };
    const checks: Check[] = [];
    const keys = [...Object.keys(c.flagsV2), ...c.omitted];
    const detailed = (key: string, o: DetailedOutcome) => ({
      key,
      enabled: o.enabled,
      variant: o.variant,
      reason: o.reason,
      metadata: { id: created.get(key)!.id, version: created.get(key)!.version, payload: o.payload },
    });
    for (const path of ['/flags/?v=2', '/decide/?v=4']) {
      const answer = (await ask(path, body)).body;
      checks.push({
        what: `${path} errorsWhileComputingFlags`,
        expected: false,
        actual: answer.errorsWhileComputingFlags,
      });
      for (const key of keys) {
        const got = answer.flags?.[key];
        const o = c.flagsV2[key];
        checks.push({
          what: `${path} ${key}`,
          expected: o ? detailed(key, o) : undefined,
          actual: got && {
            key: got.key,
            enabled: got.enabled,
            variant: got.variant,
            reason: { code: got.reason?.code, condition_index: got.reason?.condition_index },
            metadata: { id: got.metadata?.id, version: got.metadata?.version, payload: got.metadata?.payload },
            ...(got.failed === undefined ? {} : { failed: got.failed }),
          },
        });
      }
    }
    for (const path of ['/flags/', '/flags/?v=1', '/decide/?v=3']) {
      const answer = (await ask(path, body)).body;
      checks.push({
        what: `${path} errorsWhileComputingFlags`,
        expected: false,
        actual: answer.errorsWhileComputingFlags,
      });
      for (const key of keys) {
        checks.push({
          what: `${path} ${key}`,
          expected: { value: c.flagsV1.featureFlags[key], payload: c.flagsV1.featureFlagPayloads[key] },
          actual: { value: answer.featureFlags?.[key], payload: answer.featureFlagPayloads?.[key] },
        });
      }
      checks.push({
        what: `${path} featureFlags keys`,
        expected: Object.keys(sortedKeys(c.flagsV1.featureFlags)),
        actual: Object.keys(sortedKeys(answer.featureFlags ?? {})),
      });
    }
    const decideV2 = (await ask('/decide/?v=2', body)).body;
    for (const key of keys) {
      checks.push({ what: `/decide/?v=2 ${key}`, expected: c.decideV2[key], actual: decideV2.featureFlags?.[key] });
    }
    for (const path of ['/decide/', '/decide/?v=1']) {
      const answer = (await ask(path, body)).body;
      const listed = Array.isArray(answer.featureFlags) ? answer.featureFlags : null;
      for (const key of keys) {
        checks.push({
          what: `${path} lists ${key}`,
          expected: c.decideV1.includes(key),
          actual: listed?.includes(key),
        });
      }
      checks.push({
        what: `${path} featureFlags`,
        expected: [...c.decideV1].sort(),
        actual: listed && [...listed].sort(),
      });
    }
    return checks;
  }

  describe('evaluation cases, through the API', () => {
    it.each(EVALUATION_CASES.filter((c) => !c.notThroughApi).map((c) => [c.id, c] as const))('%s', async (_, c) => {
      const project = await freshProject();
      await createGroupTypes(project, c.groupTypes);
      const created = await createFlags(project, c.flags);
      expect(disagreements(await checksOf(c, project, created))).toEqual([]);
    });
  });

  describe('evaluation cases the API cannot build, on the engine', () => {
    it.each(EVALUATION_CASES.filter((c) => c.notThroughApi).map((c) => [c.id, c] as const))('%s', (_, c) => {
      // Definitions as the engine reads them: flag properties naming their target by key.
      const flags: FlagDefinition[] = c.flags.map((f, i) => ({ id: i + 1, version: 1, ...f }) as FlagDefinition);
      const groupTypeMapping = Object.fromEntries(c.groupTypes.map((n, i) => [String(i), n]));
      const project = compileFlags(flags, [], { groupTypeMapping });
      const results = evaluateAll(project, {
        distinctId: c.context.distinct_id,
        personProperties: c.context.person_properties,
        groups: c.context.groups,
        groupProperties: c.context.group_properties,
      });
      const checks = Object.entries(c.flagsV2).map(([key, o]) => {
        const r = results.find((x) => x.key === key);
        return {
          what: `engine ${key}`,
          expected: o,
          actual: r && {
            enabled: r.enabled,
            variant: r.variant,
            payload: r.payload,
            reason: { code: r.reason.code, condition_index: r.reason.condition_index },
          },
        };
      });
      expect(disagreements(checks)).toEqual([]);
    });
  });

  describe('hash vectors', () => {
    const flagKeyOf = (v: HashVector) => v.prefix.slice(0, -1);
    /** A flag key the API takes: the prefix is `<key>.` with no other dot. */
    const expressible = (v: HashVector) => /^[a-zA-Z0-9_-]+\.$/.test(v.prefix) && v.identifier !== '';

    it.each(HASH_VECTORS.map((v) => [v.id, v] as const))('%s: the hash functions', (_, v) => {
      const checks: Check[] = [
        { what: 'hash01', expected: v.hash01, actual: hash01(`${v.prefix}${v.identifier}${v.salt}`) },
      ];
      if (v.prefix === 'holdout-')
        checks.push({ what: 'holdoutHash', expected: v.hash01, actual: holdoutHash(v.identifier) });
      else if (v.identifier !== '') {
        checks.push({ what: 'flagHash', expected: v.hash01, actual: flagHash(flagKeyOf(v), v.identifier, v.salt) });
      } else {
        // PostHog's service does not hash an empty identifier for rollouts and variants: 0.
        checks.push({ what: 'flagHash of an empty id', expected: 0, actual: flagHash(flagKeyOf(v), '', v.salt) });
      }
      for (const [percentage, included] of v.rollouts ?? []) {
        checks.push({
          what: `rollout ${percentage}`,
          expected: included,
          actual: inRollout(v.hash01, rolloutThreshold(percentage)!),
        });
      }
      if (v.variants) {
        const selected = variantAt(variantRanges(v.variants.variants), v.hash01);
        checks.push({ what: 'variant', expected: v.variants.selected, actual: selected });
      }
      expect(disagreements(checks)).toEqual([]);
    });

    /** The first variant of `flags?v=2` for one flag and caller. */
    async function served(project: Project, key: string, context: object) {
      const answer = (await ask('/flags/?v=2', { token: project.token, ...context })).body.flags[key];
      return answer.variant ?? answer.enabled;
    }

    it.each(HASH_VECTORS.filter((v) => v.prefix === 'holdout-').map((v) => [v.id, v] as const))(
      '%s: through a holdout',
      async (_, v) => {
        const project = await freshProject();
        const flag = (
          await createFlags(project, [{ key: 'held', active: true, filters: { groups: [{ properties: [] }] } }])
        ).get('held')!;
        const checks: Check[] = [];
        for (const [percentage, member] of v.holdouts ?? []) {
          const filters = {
            groups: [{ properties: [], rollout_percentage: 100 }],
            holdout: { id: 7, exclusion_percentage: percentage },
          };
          await t.patch(`/api/projects/${project.id}/feature_flags/${flag.id}/`, { filters }).expect(200);
          const value = await served(project, 'held', { distinct_id: v.sent ?? v.identifier });
          checks.push({ what: `holdout ${percentage}`, expected: member ? 'holdout-7' : true, actual: value });
        }
        expect(disagreements(checks)).toEqual([]);
      },
    );

    it.each(HASH_VECTORS.filter((v) => v.prefix !== 'holdout-' && expressible(v)).map((v) => [v.id, v] as const))(
      '%s: through a rollout boundary (or variant split) per vector',
      async (_, v) => {
        const project = await freshProject();
        const key = flagKeyOf(v);
        const group = v.groupKey !== undefined;
        if (group) await createGroupTypes(project, ['organization']);
        const context = group
          ? { distinct_id: 'anyone', groups: { organization: v.groupKey } }
          : { distinct_id: v.sent ?? v.identifier };
        const flag = (
          await createFlags(project, [{ key, active: true, filters: { groups: [{ properties: [] }] } }])
        ).get(key)!;
        const set = (filters: object) =>
          t.patch(`/api/projects/${project.id}/feature_flags/${flag.id}/`, { filters }).expect(200);
        const checks: Check[] = [];
        const aggregation = group ? { aggregation_group_type_index: 0 } : {};
        if (v.salt === '') {
          // The corpus's percentages, and a pair straddling the hash (two decimals either side).
          const pairs: Array<[number, boolean]> = [
            ...(v.rollouts ?? []),
            [Math.floor(v.hash01 * 10_000) / 100, false],
            [Math.ceil(v.hash01 * 10_000) / 100, true],
          ];
          for (const [percentage, included] of pairs) {
            await set({ ...aggregation, groups: [{ properties: [], rollout_percentage: percentage }] });
            checks.push({
              what: `rollout ${percentage}`,
              expected: included,
              actual: await served(project, key, context),
            });
          }
        }
        if (v.variants) {
          await set({
            ...aggregation,
            groups: [{ properties: [], rollout_percentage: 100 }],
            multivariate: { variants: v.variants.variants },
          });
          checks.push({ what: 'variant', expected: v.variants.selected, actual: await served(project, key, context) });
        }
        expect(checks.length).toBeGreaterThan(0);
        expect(disagreements(checks)).toEqual([]);
      },
    );

    it.each(THRESHOLD_VECTORS.map((v) => [v.id, v] as const))('%s: the rollout comparison', (_, v) => {
      const actual = inRollout(v.hash01, rolloutThreshold(v.percentage)!);
      expect(disagreements([{ what: v.id, expected: v.included, actual }])).toEqual([]);
    });

    it.each(VARIANT_VECTORS.map((v) => [v.id, v] as const))('%s: the variant boundaries', (_, v) => {
      const actual = variantAt(variantRanges(v.variants), v.hash01);
      expect(disagreements([{ what: v.id, expected: v.selected, actual }])).toEqual([]);
    });

    it.each(PARITY_INPUTS.map((v) => [v.id, v] as const))('%s: the version-1 input', (_, v) => {
      expect(disagreements([{ what: v.id, expected: v.hash01, actual: hash01(v.input) }])).toEqual([]);
    });
  });

  it('refuses rules of another version than 1 (PostHog’s rules v2 among them) on create and update', async () => {
    const project = await freshProject();
    const v2 = { version: 2, groups: [{ properties: [], rollout_percentage: 0 }] };
    const base = `/api/projects/${project.id}/feature_flags/`;
    const refused = await t.post(base, { key: 'rules-v2', filters: v2 }).expect(400);
    expect(refused.body).toMatchObject({ type: 'validation_error', attr: 'filters' });
    const flag = await t
      .post(base, { key: 'rules-v1', filters: { version: 1, groups: [{ properties: [] }] } })
      .expect(201);
    const update = await t.patch(`${base}${flag.body.id}/`, { filters: v2 }).expect(400);
    expect(update.body).toMatchObject({ type: 'validation_error', attr: 'filters' });
    expect((await t.get(`${base}${flag.body.id}/`).expect(200)).body.filters.version).toBe(1);
  });
});
