import { ingest } from '../persons/factories';
import type { Tenant, TestApp } from '../support/test-app';

/**
 * The worst objects a tenant can save through the API under the documented limits
 * (docs/limits.md), one of each shape that once made a request cost far more than its size: regex
 * conditions against long inputs, a dense flag-dependency DAG, a long dependency chain, cohorts
 * nested to the expansion limit and to the depth limit, and persons with wide property sets (what
 * a CSV export flattens). The fuzzer saves them beside its fixtures so that every operation meets
 * them; the noisy-neighbour test floods the routes that read them.
 */
export interface CostlyShapes {
  /** Flag keys: the regex wall, the dense DAG's last flag, the chain's tail. */
  flagKeys: string[];
  /** Their ids, in the same order. */
  flagIds: number[];
  /** Cohort ids: the deepest of the doubling chain (8,192 filters expanded), the tail of the long chain. */
  cohortIds: number[];
  /** Distinct ids of persons with wide property sets. */
  widePersons: string[];
  /** Person properties that make every regex condition read its whole budget. */
  longProperties: Record<string, string>;
}

export const COSTLY = {
  /** Regex conditions on one flag: each can read the whole input (`.{0,900}x` never matches a run of `a`). */
  regexGroups: 100,
  /** Flags of the dense DAG, each depending on every earlier one. */
  denseFlags: 30,
  /** Flags of the chain, each depending on the one before (FLAG_DEPENDENCY_CHAIN_MAX is 100). */
  chainFlags: 100,
  /** Levels of cohorts `OR [in previous, in previous]` (2^13 = 8,192 ≤ TARGETING_COHORT_MAX_EXPANSION). */
  doublingLevels: 13,
  /** Cohorts in a chain, each `in previous` (TARGETING_COHORT_MAX_DEPTH). */
  chainCohorts: 100,
  /** Persons with `wideNames` property names of their own each (wider than CSV_MAX_COLUMNS together). */
  widePersons: 150,
  wideNames: 10,
  /** Characters of the long email (a person property at the limits of an SDK body). */
  longInput: 100_000,
} as const;

type Api = Pick<TestApp, 'post' | 'baseUrl'>;

async function created(res: PromiseLike<{ status: number; body: { id: number } }>, what: string): Promise<number> {
  const r = await res;
  if (r.status !== 201) throw new Error(`${what}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.id;
}

const dependsOn = (ids: number[]) => ({
  groups: [
    {
      properties: ids.map((id) => ({ key: String(id), type: 'flag', operator: 'flag_evaluates_to', value: true })),
      rollout_percentage: 100,
    },
  ],
});
const plan = { key: 'plan', type: 'person', operator: 'exact', value: 'pro' };

/** Saves the costly shapes in `tenant`'s project (the bootstrap tenant's by default). */
export async function saveCostlyShapes(
  t: Api,
  tenant: Pick<Tenant, 'projectId' | 'projectToken' | 'key'>,
): Promise<CostlyShapes> {
  const p = `/api/projects/${tenant.projectId}`;
  const post = (path: string, body: object) => t.post(`${p}${path}`, body, tenant.key);
  const prefix = `costly-${Math.random().toString(36).slice(2, 8)}`;

  const wall = `${prefix}-regex-wall`;
  const wallId = await created(
    post('/feature_flags/', {
      key: wall,
      filters: {
        groups: Array.from({ length: COSTLY.regexGroups }, () => ({
          properties: [{ key: 'email', type: 'person', operator: 'regex', value: '.{0,900}x' }],
          rollout_percentage: 100,
        })),
      },
    }),
    'regex wall',
  );

  const dense: number[] = [];
  for (let i = 0; i < COSTLY.denseFlags; i++) {
    dense.push(
      await created(post('/feature_flags/', { key: `${prefix}-dense-${i}`, filters: dependsOn(dense) }), 'dense DAG'),
    );
  }
  const chain: number[] = [];
  for (let i = 0; i < COSTLY.chainFlags; i++) {
    chain.push(
      await created(
        post('/feature_flags/', { key: `${prefix}-chain-${i}`, filters: dependsOn(chain.slice(-1)) }),
        'chain',
      ),
    );
  }

  let doubling = await created(
    post('/cohorts/', { name: `${prefix} doubling 0`, filters: { properties: { type: 'AND', values: [plan] } } }),
    'cohort',
  );
  for (let level = 1; level <= COSTLY.doublingLevels; level++) {
    const twice = [0, 1].map(() => ({ key: 'id', type: 'cohort', value: doubling }));
    doubling = await created(
      post('/cohorts/', {
        name: `${prefix} doubling ${level}`,
        filters: { properties: { type: 'OR', values: twice } },
      }),
      'doubling cohort',
    );
  }
  let longChain = await created(
    post('/cohorts/', { name: `${prefix} chain 1`, filters: { properties: { type: 'AND', values: [plan] } } }),
    'cohort',
  );
  for (let n = 2; n <= COSTLY.chainCohorts; n++) {
    longChain = await created(
      post('/cohorts/', {
        name: `${prefix} chain ${n}`,
        filters: { properties: { type: 'AND', values: [{ key: 'id', type: 'cohort', value: longChain }] } },
      }),
      'chain cohort',
    );
  }
  await created(
    post('/feature_flags/', {
      key: `${prefix}-cohorts`,
      filters: {
        groups: [doubling, longChain].map((id) => ({ properties: [{ key: 'id', type: 'cohort', value: id }] })),
      },
    }),
    'cohort flag',
  );

  const widePersons = Array.from({ length: COSTLY.widePersons }, (_, i) => `${prefix}-wide-${i}`);
  await ingest(
    t,
    tenant.projectToken,
    widePersons.map((id, i) => ({
      event: '$identify',
      distinct_id: id,
      properties: {
        $set: Object.fromEntries(
          Array.from({ length: COSTLY.wideNames }, (_, k) => [`p${i}_${k}`, `=HYPERLINK("x${k}")`]),
        ),
      },
    })),
  );

  return {
    flagKeys: [wall, `${prefix}-dense-${COSTLY.denseFlags - 1}`, `${prefix}-chain-${COSTLY.chainFlags - 1}`],
    flagIds: [wallId, dense[dense.length - 1], chain[chain.length - 1]],
    cohortIds: [doubling, longChain],
    widePersons,
    longProperties: { email: `${'a'.repeat(COSTLY.longInput)}@example.com`, plan: 'pro' },
  };
}
