/**
 * Bunting's conformance data: what PostHog's flags service answers, case by case, written from the
 * facts of PostHog's flag-evaluation reference corpus (corpus 1.1.0 of the Feature Flag Rules
 * contract 1.2.0, rust/feature-flags/tests/fixtures/rules_v2_contract/1.2.0/ in PostHog/posthog).
 * Our own shape: each case's flags as the management API takes them, the SDK call's context, and the
 * expected answer per response version (`/flags` v2 and v1, `/decide` v2 and v1; `/decide?v=4` answers
 * as `/flags?v=2`, `/decide?v=3` as `/flags?v=1`). A new corpus version is a new review of this file.
 *
 * Flag ids and versions are the API's to assign: the tests expect the created flag's own. A flag
 * dependency names its target by key here (`{type: 'flag', key: 'beta-search'}`); the tests send the
 * target's id, which is what the API takes.
 */

export const CORPUS = { version: '1.1.0', contract: 'feature_flag_rules_v2', contractVersion: '1.2.0' } as const;

export interface CorpusFlag {
  key: string;
  active: boolean;
  filters: Record<string, unknown>;
}

export interface Reason {
  code: string;
  condition_index: number | null;
}

/** One flag in `/flags?v=2`: `enabled`, `variant`, `reason`, `metadata.payload`. */
export interface DetailedOutcome {
  enabled: boolean;
  variant: string | null;
  payload: string | null;
  reason: Reason;
}

export interface EvaluationCase {
  id: string;
  /** Group type names by index (0 first): the project's group types. */
  groupTypes: string[];
  /** Created in this order (a dependency's target first). */
  flags: CorpusFlag[];
  /** The SDK call's body, less the token. */
  context: {
    distinct_id: string;
    person_properties: Record<string, unknown>;
    groups?: Record<string, string | number>;
    group_properties?: Record<string, Record<string, unknown>>;
  };
  flagsV2: Record<string, DetailedOutcome>;
  flagsV1: { featureFlags: Record<string, boolean | string>; featureFlagPayloads: Record<string, string> };
  /** `/decide?v=2`: the enabled flags only. */
  decideV2: Record<string, boolean | string>;
  /** `/decide` and `/decide?v=1`: the enabled flags' keys (in any order). */
  decideV1: string[];
  /** In no response version. */
  omitted: string[];
  /** Why the management API cannot build this case, when it cannot (it is checked on the engine instead). */
  notThroughApi?: string;
}

export const EVALUATION_CASES: EvaluationCase[] = [
  {
    id: 'v1.boolean.targeted_match_with_payload',
    groupTypes: [],
    flags: [
      {
        key: 'beta-search',
        active: true,
        filters: {
          groups: [
            {
              properties: [{ key: 'plan', type: 'person', operator: 'exact', value: 'enterprise' }],
              rollout_percentage: 100,
            },
          ],
          payloads: { true: '{"cta":"Try beta search"}' },
        },
      },
    ],
    context: { distinct_id: 'user-17', person_properties: { plan: 'enterprise' } },
    flagsV2: {
      'beta-search': {
        enabled: true,
        variant: null,
        payload: '{"cta":"Try beta search"}',
        reason: { code: 'condition_match', condition_index: 0 },
      },
    },
    flagsV1: {
      featureFlags: { 'beta-search': true },
      featureFlagPayloads: { 'beta-search': '{"cta":"Try beta search"}' },
    },
    decideV2: { 'beta-search': true },
    decideV1: ['beta-search'],
    omitted: [],
  },
  {
    id: 'v1.boolean.targeting_miss',
    groupTypes: [],
    flags: [
      {
        key: 'beta-search',
        active: true,
        filters: {
          groups: [
            {
              properties: [{ key: 'plan', type: 'person', operator: 'exact', value: 'enterprise' }],
              rollout_percentage: 100,
            },
          ],
          payloads: { true: '{"cta":"Try beta search"}' },
        },
      },
    ],
    context: { distinct_id: 'user-17', person_properties: { plan: 'free' } },
    flagsV2: {
      'beta-search': {
        enabled: false,
        variant: null,
        payload: null,
        reason: { code: 'no_condition_match', condition_index: 0 },
      },
    },
    flagsV1: { featureFlags: { 'beta-search': false }, featureFlagPayloads: {} },
    decideV2: {},
    decideV1: [],
    omitted: [],
  },
  {
    id: 'v1.boolean.rollout_included',
    groupTypes: [],
    flags: [
      {
        key: 'beta-search-rollout',
        active: true,
        filters: { groups: [{ properties: [], rollout_percentage: 25.5 }] },
      },
    ],
    context: { distinct_id: 'user-61', person_properties: {} },
    flagsV2: {
      'beta-search-rollout': {
        enabled: true,
        variant: null,
        payload: null,
        reason: { code: 'condition_match', condition_index: 0 },
      },
    },
    flagsV1: { featureFlags: { 'beta-search-rollout': true }, featureFlagPayloads: {} },
    decideV2: { 'beta-search-rollout': true },
    decideV1: ['beta-search-rollout'],
    omitted: [],
  },
  {
    id: 'v1.boolean.rollout_excluded',
    groupTypes: [],
    flags: [
      {
        key: 'beta-search-rollout',
        active: true,
        filters: { groups: [{ properties: [], rollout_percentage: 25.5 }] },
      },
    ],
    context: { distinct_id: 'user-105', person_properties: {} },
    flagsV2: {
      'beta-search-rollout': {
        enabled: false,
        variant: null,
        payload: null,
        reason: { code: 'out_of_rollout_bound', condition_index: 0 },
      },
    },
    flagsV1: { featureFlags: { 'beta-search-rollout': false }, featureFlagPayloads: {} },
    decideV2: {},
    decideV1: [],
    omitted: [],
  },
  {
    id: 'v1.boolean.rollout_miss_continues_to_lower_condition',
    groupTypes: [],
    flags: [
      {
        key: 'beta-search-staged',
        active: true,
        filters: {
          groups: [
            { properties: [], rollout_percentage: 10 },
            {
              properties: [{ key: 'plan', type: 'person', operator: 'exact', value: 'enterprise' }],
              rollout_percentage: 100,
            },
          ],
        },
      },
    ],
    context: { distinct_id: 'user-105', person_properties: { plan: 'enterprise' } },
    flagsV2: {
      'beta-search-staged': {
        enabled: true,
        variant: null,
        payload: null,
        reason: { code: 'condition_match', condition_index: 1 },
      },
    },
    flagsV1: { featureFlags: { 'beta-search-staged': true }, featureFlagPayloads: {} },
    decideV2: { 'beta-search-staged': true },
    decideV1: ['beta-search-staged'],
    omitted: [],
  },
  {
    id: 'v1.boolean.rollout_miss_early_exit',
    groupTypes: [],
    flags: [
      {
        key: 'beta-search-staged-early-exit',
        active: true,
        filters: {
          groups: [
            { properties: [], rollout_percentage: 10 },
            {
              properties: [{ key: 'plan', type: 'person', operator: 'exact', value: 'enterprise' }],
              rollout_percentage: 100,
            },
          ],
          early_exit: true,
        },
      },
    ],
    context: { distinct_id: 'user-105', person_properties: { plan: 'enterprise' } },
    flagsV2: {
      'beta-search-staged-early-exit': {
        enabled: false,
        variant: null,
        payload: null,
        reason: { code: 'out_of_rollout_bound', condition_index: 0 },
      },
    },
    flagsV1: { featureFlags: { 'beta-search-staged-early-exit': false }, featureFlagPayloads: {} },
    decideV2: {},
    decideV1: [],
    omitted: [],
  },
  {
    id: 'v1.boolean.reason_priority_keeps_earlier_rollout_miss',
    groupTypes: [],
    flags: [
      {
        key: 'beta-search-staged',
        active: true,
        filters: {
          groups: [
            { properties: [], rollout_percentage: 10 },
            {
              properties: [{ key: 'plan', type: 'person', operator: 'exact', value: 'enterprise' }],
              rollout_percentage: 100,
            },
          ],
        },
      },
    ],
    context: { distinct_id: 'user-105', person_properties: { plan: 'free' } },
    flagsV2: {
      'beta-search-staged': {
        enabled: false,
        variant: null,
        payload: null,
        reason: { code: 'out_of_rollout_bound', condition_index: 0 },
      },
    },
    flagsV1: { featureFlags: { 'beta-search-staged': false }, featureFlagPayloads: {} },
    decideV2: {},
    decideV1: [],
    omitted: [],
  },
  {
    id: 'v1.boolean.reason_priority_prefers_later_rollout_miss',
    groupTypes: [],
    flags: [
      {
        key: 'beta-search-staged-reversed',
        active: true,
        filters: {
          groups: [
            {
              properties: [{ key: 'plan', type: 'person', operator: 'exact', value: 'enterprise' }],
              rollout_percentage: 100,
            },
            { properties: [], rollout_percentage: 10 },
          ],
        },
      },
    ],
    context: { distinct_id: 'user-105', person_properties: { plan: 'free' } },
    flagsV2: {
      'beta-search-staged-reversed': {
        enabled: false,
        variant: null,
        payload: null,
        reason: { code: 'out_of_rollout_bound', condition_index: 1 },
      },
    },
    flagsV1: { featureFlags: { 'beta-search-staged-reversed': false }, featureFlagPayloads: {} },
    decideV2: {},
    decideV1: [],
    omitted: [],
  },
  {
    id: 'v1.boolean.null_rollout_is_100',
    groupTypes: [],
    flags: [
      {
        key: 'nav-refresh',
        active: true,
        filters: {
          groups: [
            {
              properties: [{ key: 'plan', type: 'person', operator: 'exact', value: 'enterprise' }],
              rollout_percentage: null,
            },
          ],
        },
      },
    ],
    context: { distinct_id: 'user-17', person_properties: { plan: 'enterprise' } },
    flagsV2: {
      'nav-refresh': {
        enabled: true,
        variant: null,
        payload: null,
        reason: { code: 'condition_match', condition_index: 0 },
      },
    },
    flagsV1: { featureFlags: { 'nav-refresh': true }, featureFlagPayloads: {} },
    decideV2: { 'nav-refresh': true },
    decideV1: ['nav-refresh'],
    omitted: [],
  },
  {
    id: 'v1.boolean.empty_distinct_id_included_at_zero_percent',
    groupTypes: [],
    flags: [
      {
        key: 'beta-search',
        active: true,
        filters: { groups: [{ properties: [], rollout_percentage: 0 }] },
      },
    ],
    context: { distinct_id: '', person_properties: {} },
    flagsV2: {
      'beta-search': {
        enabled: true,
        variant: null,
        payload: null,
        reason: { code: 'condition_match', condition_index: 0 },
      },
    },
    flagsV1: { featureFlags: { 'beta-search': true }, featureFlagPayloads: {} },
    decideV2: { 'beta-search': true },
    decideV1: ['beta-search'],
    omitted: [],
  },
  {
    id: 'v1.boolean.empty_distinct_id_included_below_prefix_hash',
    groupTypes: [],
    flags: [
      {
        key: 'beta-search',
        active: true,
        filters: { groups: [{ properties: [], rollout_percentage: 62 }] },
      },
    ],
    context: { distinct_id: '', person_properties: {} },
    flagsV2: {
      'beta-search': {
        enabled: true,
        variant: null,
        payload: null,
        reason: { code: 'condition_match', condition_index: 0 },
      },
    },
    flagsV1: { featureFlags: { 'beta-search': true }, featureFlagPayloads: {} },
    decideV2: { 'beta-search': true },
    decideV1: ['beta-search'],
    omitted: [],
  },
  {
    id: 'v1.multivariate.variant_from_hash_with_payload',
    groupTypes: [],
    flags: [
      {
        key: 'checkout-layout',
        active: true,
        filters: {
          groups: [
            {
              properties: [{ key: 'plan', type: 'person', operator: 'exact', value: 'enterprise' }],
              rollout_percentage: 100,
              variant: 'spacious',
            },
            { properties: [], rollout_percentage: 100 },
          ],
          multivariate: {
            variants: [
              { key: 'control', rollout_percentage: 50 },
              { key: 'compact', rollout_percentage: 25 },
              { key: 'spacious', rollout_percentage: 25 },
            ],
          },
          payloads: { compact: '{"density":"compact"}' },
        },
      },
    ],
    context: { distinct_id: 'user-61', person_properties: { plan: 'free' } },
    flagsV2: {
      'checkout-layout': {
        enabled: true,
        variant: 'compact',
        payload: '{"density":"compact"}',
        reason: { code: 'condition_match', condition_index: 1 },
      },
    },
    flagsV1: {
      featureFlags: { 'checkout-layout': 'compact' },
      featureFlagPayloads: { 'checkout-layout': '{"density":"compact"}' },
    },
    decideV2: { 'checkout-layout': 'compact' },
    decideV1: ['checkout-layout'],
    omitted: [],
  },
  {
    id: 'v1.multivariate.variant_from_hash_control',
    groupTypes: [],
    flags: [
      {
        key: 'checkout-layout',
        active: true,
        filters: {
          groups: [
            {
              properties: [{ key: 'plan', type: 'person', operator: 'exact', value: 'enterprise' }],
              rollout_percentage: 100,
              variant: 'spacious',
            },
            { properties: [], rollout_percentage: 100 },
          ],
          multivariate: {
            variants: [
              { key: 'control', rollout_percentage: 50 },
              { key: 'compact', rollout_percentage: 25 },
              { key: 'spacious', rollout_percentage: 25 },
            ],
          },
          payloads: { compact: '{"density":"compact"}' },
        },
      },
    ],
    context: { distinct_id: 'user-17', person_properties: { plan: 'free' } },
    flagsV2: {
      'checkout-layout': {
        enabled: true,
        variant: 'control',
        payload: null,
        reason: { code: 'condition_match', condition_index: 1 },
      },
    },
    flagsV1: { featureFlags: { 'checkout-layout': 'control' }, featureFlagPayloads: {} },
    decideV2: { 'checkout-layout': 'control' },
    decideV1: ['checkout-layout'],
    omitted: [],
  },
  {
    id: 'v1.multivariate.variant_override',
    groupTypes: [],
    flags: [
      {
        key: 'checkout-layout',
        active: true,
        filters: {
          groups: [
            {
              properties: [{ key: 'plan', type: 'person', operator: 'exact', value: 'enterprise' }],
              rollout_percentage: 100,
              variant: 'spacious',
            },
            { properties: [], rollout_percentage: 100 },
          ],
          multivariate: {
            variants: [
              { key: 'control', rollout_percentage: 50 },
              { key: 'compact', rollout_percentage: 25 },
              { key: 'spacious', rollout_percentage: 25 },
            ],
          },
          payloads: { compact: '{"density":"compact"}' },
        },
      },
    ],
    context: { distinct_id: 'user-61', person_properties: { plan: 'enterprise' } },
    flagsV2: {
      'checkout-layout': {
        enabled: true,
        variant: 'spacious',
        payload: null,
        reason: { code: 'condition_match', condition_index: 0 },
      },
    },
    flagsV1: { featureFlags: { 'checkout-layout': 'spacious' }, featureFlagPayloads: {} },
    decideV2: { 'checkout-layout': 'spacious' },
    decideV1: ['checkout-layout'],
    omitted: [],
  },
  {
    id: 'v1.multivariate.invalid_variant_override_uses_hash',
    groupTypes: [],
    flags: [
      {
        key: 'checkout-layout-bad-override',
        active: true,
        filters: {
          groups: [
            {
              properties: [{ key: 'plan', type: 'person', operator: 'exact', value: 'enterprise' }],
              rollout_percentage: 100,
              variant: 'wide',
            },
            { properties: [], rollout_percentage: 100 },
          ],
          multivariate: {
            variants: [
              { key: 'control', rollout_percentage: 50 },
              { key: 'compact', rollout_percentage: 25 },
              { key: 'spacious', rollout_percentage: 25 },
            ],
          },
        },
      },
    ],
    context: { distinct_id: 'user-17', person_properties: { plan: 'enterprise' } },
    flagsV2: {
      'checkout-layout-bad-override': {
        enabled: true,
        variant: 'compact',
        payload: null,
        reason: { code: 'condition_match', condition_index: 0 },
      },
    },
    flagsV1: { featureFlags: { 'checkout-layout-bad-override': 'compact' }, featureFlagPayloads: {} },
    decideV2: { 'checkout-layout-bad-override': 'compact' },
    decideV1: ['checkout-layout-bad-override'],
    omitted: [],
    notThroughApi:
      'a variant override that names no variant is refused (400 naming filters), as PostHog refuses it, and variants cannot be changed under it',
  },
  {
    id: 'v1.multivariate.partial_rollout_included',
    groupTypes: [],
    flags: [
      {
        key: 'checkout-layout-partial',
        active: true,
        filters: {
          groups: [{ properties: [], rollout_percentage: 50 }],
          multivariate: {
            variants: [
              { key: 'control', rollout_percentage: 50 },
              { key: 'test', rollout_percentage: 50 },
            ],
          },
        },
      },
    ],
    context: { distinct_id: 'user-77', person_properties: {} },
    flagsV2: {
      'checkout-layout-partial': {
        enabled: true,
        variant: 'test',
        payload: null,
        reason: { code: 'condition_match', condition_index: 0 },
      },
    },
    flagsV1: { featureFlags: { 'checkout-layout-partial': 'test' }, featureFlagPayloads: {} },
    decideV2: { 'checkout-layout-partial': 'test' },
    decideV1: ['checkout-layout-partial'],
    omitted: [],
  },
  {
    id: 'v1.multivariate.partial_rollout_excluded',
    groupTypes: [],
    flags: [
      {
        key: 'checkout-layout-partial',
        active: true,
        filters: {
          groups: [{ properties: [], rollout_percentage: 50 }],
          multivariate: {
            variants: [
              { key: 'control', rollout_percentage: 50 },
              { key: 'test', rollout_percentage: 50 },
            ],
          },
        },
      },
    ],
    context: { distinct_id: 'user-105', person_properties: {} },
    flagsV2: {
      'checkout-layout-partial': {
        enabled: false,
        variant: null,
        payload: null,
        reason: { code: 'out_of_rollout_bound', condition_index: 0 },
      },
    },
    flagsV1: { featureFlags: { 'checkout-layout-partial': false }, featureFlagPayloads: {} },
    decideV2: {},
    decideV1: [],
    omitted: [],
  },
  {
    id: 'v1.multivariate.empty_distinct_id_first_variant',
    groupTypes: [],
    flags: [
      {
        key: 'beta-search',
        active: true,
        filters: {
          groups: [{ properties: [], rollout_percentage: 100 }],
          multivariate: {
            variants: [
              { key: 'control', rollout_percentage: 50 },
              { key: 'test', rollout_percentage: 50 },
            ],
          },
        },
      },
    ],
    context: { distinct_id: '', person_properties: {} },
    flagsV2: {
      'beta-search': {
        enabled: true,
        variant: 'control',
        payload: null,
        reason: { code: 'condition_match', condition_index: 0 },
      },
    },
    flagsV1: { featureFlags: { 'beta-search': 'control' }, featureFlagPayloads: {} },
    decideV2: { 'beta-search': 'control' },
    decideV1: ['beta-search'],
    omitted: [],
  },
  {
    id: 'v1.group.included_by_group_key',
    groupTypes: ['organization'],
    flags: [
      {
        key: 'org-dashboard',
        active: true,
        filters: {
          groups: [
            {
              properties: [
                {
                  key: 'tier',
                  type: 'group',
                  group_type_index: 0,
                  operator: 'exact',
                  value: 'gold',
                },
              ],
              rollout_percentage: 60,
            },
          ],
          aggregation_group_type_index: 0,
        },
      },
    ],
    context: {
      distinct_id: 'user-17',
      person_properties: {},
      groups: { organization: 'org-9' },
      group_properties: { organization: { tier: 'gold' } },
    },
    flagsV2: {
      'org-dashboard': {
        enabled: true,
        variant: null,
        payload: null,
        reason: { code: 'condition_match', condition_index: 0 },
      },
    },
    flagsV1: { featureFlags: { 'org-dashboard': true }, featureFlagPayloads: {} },
    decideV2: { 'org-dashboard': true },
    decideV1: ['org-dashboard'],
    omitted: [],
  },
  {
    id: 'v1.group.excluded_by_group_key',
    groupTypes: ['organization'],
    flags: [
      {
        key: 'org-dashboard',
        active: true,
        filters: {
          groups: [
            {
              properties: [
                {
                  key: 'tier',
                  type: 'group',
                  group_type_index: 0,
                  operator: 'exact',
                  value: 'gold',
                },
              ],
              rollout_percentage: 60,
            },
          ],
          aggregation_group_type_index: 0,
        },
      },
    ],
    context: {
      distinct_id: 'user-17',
      person_properties: {},
      groups: { organization: 'org-12' },
      group_properties: { organization: { tier: 'gold' } },
    },
    flagsV2: {
      'org-dashboard': {
        enabled: false,
        variant: null,
        payload: null,
        reason: { code: 'out_of_rollout_bound', condition_index: 0 },
      },
    },
    flagsV1: { featureFlags: { 'org-dashboard': false }, featureFlagPayloads: {} },
    decideV2: {},
    decideV1: [],
    omitted: [],
  },
  {
    id: 'v1.group.integer_group_key_normalized',
    groupTypes: ['organization'],
    flags: [
      {
        key: 'org-dashboard',
        active: true,
        filters: {
          groups: [
            {
              properties: [
                {
                  key: 'tier',
                  type: 'group',
                  group_type_index: 0,
                  operator: 'exact',
                  value: 'gold',
                },
              ],
              rollout_percentage: 60,
            },
          ],
          aggregation_group_type_index: 0,
        },
      },
    ],
    context: {
      distinct_id: 'user-17',
      person_properties: {},
      groups: { organization: 42 },
      group_properties: { organization: { tier: 'gold' } },
    },
    flagsV2: {
      'org-dashboard': {
        enabled: true,
        variant: null,
        payload: null,
        reason: { code: 'condition_match', condition_index: 0 },
      },
    },
    flagsV1: { featureFlags: { 'org-dashboard': true }, featureFlagPayloads: {} },
    decideV2: { 'org-dashboard': true },
    decideV1: ['org-dashboard'],
    omitted: [],
  },
  {
    id: 'v1.group.missing_group_key',
    groupTypes: ['organization'],
    flags: [
      {
        key: 'org-dashboard',
        active: true,
        filters: {
          groups: [
            {
              properties: [
                {
                  key: 'tier',
                  type: 'group',
                  group_type_index: 0,
                  operator: 'exact',
                  value: 'gold',
                },
              ],
              rollout_percentage: 60,
            },
          ],
          aggregation_group_type_index: 0,
        },
      },
    ],
    context: { distinct_id: 'user-17', person_properties: { plan: 'enterprise' } },
    flagsV2: {
      'org-dashboard': {
        enabled: false,
        variant: null,
        payload: null,
        reason: { code: 'no_group_type', condition_index: 0 },
      },
    },
    flagsV1: { featureFlags: { 'org-dashboard': false }, featureFlagPayloads: {} },
    decideV2: {},
    decideV1: [],
    omitted: [],
  },
  {
    id: 'v1.dependency.satisfied',
    groupTypes: [],
    flags: [
      {
        key: 'beta-search',
        active: true,
        filters: {
          groups: [
            {
              properties: [{ key: 'plan', type: 'person', operator: 'exact', value: 'enterprise' }],
              rollout_percentage: 100,
            },
          ],
          payloads: { true: '{"cta":"Try beta search"}' },
        },
      },
      {
        key: 'beta-search-suggestions',
        active: true,
        filters: {
          groups: [
            {
              properties: [{ key: 'beta-search', type: 'flag', operator: 'flag_evaluates_to', value: true }],
              rollout_percentage: 100,
            },
          ],
        },
      },
    ],
    context: { distinct_id: 'user-17', person_properties: { plan: 'enterprise' } },
    flagsV2: {
      'beta-search': {
        enabled: true,
        variant: null,
        payload: '{"cta":"Try beta search"}',
        reason: { code: 'condition_match', condition_index: 0 },
      },
      'beta-search-suggestions': {
        enabled: true,
        variant: null,
        payload: null,
        reason: { code: 'condition_match', condition_index: 0 },
      },
    },
    flagsV1: {
      featureFlags: { 'beta-search': true, 'beta-search-suggestions': true },
      featureFlagPayloads: { 'beta-search': '{"cta":"Try beta search"}' },
    },
    decideV2: { 'beta-search': true, 'beta-search-suggestions': true },
    decideV1: ['beta-search', 'beta-search-suggestions'],
    omitted: [],
  },
  {
    id: 'v1.dependency.unsatisfied',
    groupTypes: [],
    flags: [
      {
        key: 'beta-search',
        active: true,
        filters: {
          groups: [
            {
              properties: [{ key: 'plan', type: 'person', operator: 'exact', value: 'enterprise' }],
              rollout_percentage: 100,
            },
          ],
          payloads: { true: '{"cta":"Try beta search"}' },
        },
      },
      {
        key: 'beta-search-suggestions',
        active: true,
        filters: {
          groups: [
            {
              properties: [{ key: 'beta-search', type: 'flag', operator: 'flag_evaluates_to', value: true }],
              rollout_percentage: 100,
            },
          ],
        },
      },
    ],
    context: { distinct_id: 'user-17', person_properties: { plan: 'free' } },
    flagsV2: {
      'beta-search': {
        enabled: false,
        variant: null,
        payload: null,
        reason: { code: 'no_condition_match', condition_index: 0 },
      },
      'beta-search-suggestions': {
        enabled: false,
        variant: null,
        payload: null,
        reason: { code: 'no_condition_match', condition_index: 0 },
      },
    },
    flagsV1: {
      featureFlags: { 'beta-search': false, 'beta-search-suggestions': false },
      featureFlagPayloads: {},
    },
    decideV2: {},
    decideV1: [],
    omitted: [],
  },
  {
    id: 'v1.dependency.variant_match',
    groupTypes: [],
    flags: [
      {
        key: 'checkout-layout',
        active: true,
        filters: {
          groups: [
            {
              properties: [{ key: 'plan', type: 'person', operator: 'exact', value: 'enterprise' }],
              rollout_percentage: 100,
              variant: 'spacious',
            },
            { properties: [], rollout_percentage: 100 },
          ],
          multivariate: {
            variants: [
              { key: 'control', rollout_percentage: 50 },
              { key: 'compact', rollout_percentage: 25 },
              { key: 'spacious', rollout_percentage: 25 },
            ],
          },
          payloads: { compact: '{"density":"compact"}' },
        },
      },
      {
        key: 'compact-checkout-banner',
        active: true,
        filters: {
          groups: [
            {
              properties: [
                {
                  key: 'checkout-layout',
                  type: 'flag',
                  operator: 'flag_evaluates_to',
                  value: 'compact',
                },
              ],
              rollout_percentage: 100,
            },
          ],
        },
      },
    ],
    context: { distinct_id: 'user-61', person_properties: { plan: 'free' } },
    flagsV2: {
      'checkout-layout': {
        enabled: true,
        variant: 'compact',
        payload: '{"density":"compact"}',
        reason: { code: 'condition_match', condition_index: 1 },
      },
      'compact-checkout-banner': {
        enabled: true,
        variant: null,
        payload: null,
        reason: { code: 'condition_match', condition_index: 0 },
      },
    },
    flagsV1: {
      featureFlags: { 'checkout-layout': 'compact', 'compact-checkout-banner': true },
      featureFlagPayloads: { 'checkout-layout': '{"density":"compact"}' },
    },
    decideV2: { 'checkout-layout': 'compact', 'compact-checkout-banner': true },
    decideV1: ['checkout-layout', 'compact-checkout-banner'],
    omitted: [],
  },
  {
    id: 'v1.dependency.variant_mismatch',
    groupTypes: [],
    flags: [
      {
        key: 'checkout-layout',
        active: true,
        filters: {
          groups: [
            {
              properties: [{ key: 'plan', type: 'person', operator: 'exact', value: 'enterprise' }],
              rollout_percentage: 100,
              variant: 'spacious',
            },
            { properties: [], rollout_percentage: 100 },
          ],
          multivariate: {
            variants: [
              { key: 'control', rollout_percentage: 50 },
              { key: 'compact', rollout_percentage: 25 },
              { key: 'spacious', rollout_percentage: 25 },
            ],
          },
          payloads: { compact: '{"density":"compact"}' },
        },
      },
      {
        key: 'compact-checkout-banner',
        active: true,
        filters: {
          groups: [
            {
              properties: [
                {
                  key: 'checkout-layout',
                  type: 'flag',
                  operator: 'flag_evaluates_to',
                  value: 'compact',
                },
              ],
              rollout_percentage: 100,
            },
          ],
        },
      },
    ],
    context: { distinct_id: 'user-17', person_properties: { plan: 'free' } },
    flagsV2: {
      'checkout-layout': {
        enabled: true,
        variant: 'control',
        payload: null,
        reason: { code: 'condition_match', condition_index: 1 },
      },
      'compact-checkout-banner': {
        enabled: false,
        variant: null,
        payload: null,
        reason: { code: 'no_condition_match', condition_index: 0 },
      },
    },
    flagsV1: {
      featureFlags: { 'checkout-layout': 'control', 'compact-checkout-banner': false },
      featureFlagPayloads: {},
    },
    decideV2: { 'checkout-layout': 'control' },
    decideV1: ['checkout-layout'],
    omitted: [],
  },
  {
    id: 'v1.dependency.missing_target',
    groupTypes: [],
    flags: [
      {
        key: 'beta-search-suggestions-orphan',
        active: true,
        filters: {
          groups: [
            {
              properties: [
                {
                  key: 'beta-search-legacy',
                  type: 'flag',
                  operator: 'flag_evaluates_to',
                  value: true,
                },
              ],
              rollout_percentage: 100,
            },
          ],
        },
      },
    ],
    context: { distinct_id: 'user-17', person_properties: { plan: 'enterprise' } },
    flagsV2: {
      'beta-search-suggestions-orphan': {
        enabled: false,
        variant: null,
        payload: null,
        reason: { code: 'missing_dependency', condition_index: null },
      },
    },
    flagsV1: { featureFlags: { 'beta-search-suggestions-orphan': false }, featureFlagPayloads: {} },
    decideV2: {},
    decideV1: [],
    omitted: [],
    notThroughApi:
      'a flag cannot depend on a flag that does not exist (400 naming filters), nor can its target go away (a flag with dependents cannot be deleted)',
  },
  {
    id: 'v1.holdout.member',
    groupTypes: [],
    flags: [
      {
        key: 'checkout-experiment',
        active: true,
        filters: {
          groups: [{ properties: [], rollout_percentage: 100 }],
          multivariate: {
            variants: [
              { key: 'control', rollout_percentage: 50 },
              { key: 'test', rollout_percentage: 50 },
            ],
          },
          payloads: { test: '{"layout":"test"}' },
          holdout: { id: 7, exclusion_percentage: 10 },
        },
      },
    ],
    context: { distinct_id: 'user-31', person_properties: {} },
    flagsV2: {
      'checkout-experiment': {
        enabled: true,
        variant: 'holdout-7',
        payload: null,
        reason: { code: 'holdout_condition_value', condition_index: null },
      },
    },
    flagsV1: { featureFlags: { 'checkout-experiment': 'holdout-7' }, featureFlagPayloads: {} },
    decideV2: { 'checkout-experiment': 'holdout-7' },
    decideV1: ['checkout-experiment'],
    omitted: [],
  },
  {
    id: 'v1.holdout.not_member',
    groupTypes: [],
    flags: [
      {
        key: 'checkout-experiment',
        active: true,
        filters: {
          groups: [{ properties: [], rollout_percentage: 100 }],
          multivariate: {
            variants: [
              { key: 'control', rollout_percentage: 50 },
              { key: 'test', rollout_percentage: 50 },
            ],
          },
          payloads: { test: '{"layout":"test"}' },
          holdout: { id: 7, exclusion_percentage: 10 },
        },
      },
    ],
    context: { distinct_id: 'user-77', person_properties: {} },
    flagsV2: {
      'checkout-experiment': {
        enabled: true,
        variant: 'test',
        payload: '{"layout":"test"}',
        reason: { code: 'condition_match', condition_index: 0 },
      },
    },
    flagsV1: {
      featureFlags: { 'checkout-experiment': 'test' },
      featureFlagPayloads: { 'checkout-experiment': '{"layout":"test"}' },
    },
    decideV2: { 'checkout-experiment': 'test' },
    decideV1: ['checkout-experiment'],
    omitted: [],
  },
  {
    id: 'v1.holdout.empty_distinct_id_hashes_prefix',
    groupTypes: [],
    flags: [
      {
        key: 'beta-search-holdout-92',
        active: true,
        filters: {
          groups: [{ properties: [], rollout_percentage: 100 }],
          holdout: { id: 7, exclusion_percentage: 92 },
        },
      },
      {
        key: 'beta-search-holdout-93',
        active: true,
        filters: {
          groups: [{ properties: [], rollout_percentage: 100 }],
          holdout: { id: 7, exclusion_percentage: 93 },
        },
      },
    ],
    context: { distinct_id: '', person_properties: {} },
    flagsV2: {
      'beta-search-holdout-92': {
        enabled: true,
        variant: null,
        payload: null,
        reason: { code: 'condition_match', condition_index: 0 },
      },
      'beta-search-holdout-93': {
        enabled: true,
        variant: 'holdout-7',
        payload: null,
        reason: { code: 'holdout_condition_value', condition_index: null },
      },
    },
    flagsV1: {
      featureFlags: { 'beta-search-holdout-92': true, 'beta-search-holdout-93': 'holdout-7' },
      featureFlagPayloads: {},
    },
    decideV2: { 'beta-search-holdout-92': true, 'beta-search-holdout-93': 'holdout-7' },
    decideV1: ['beta-search-holdout-92', 'beta-search-holdout-93'],
    omitted: [],
  },
  {
    id: 'v1.omission.inactive_flag',
    groupTypes: [],
    flags: [
      {
        key: 'retired-banner',
        active: false,
        filters: { groups: [{ properties: [], rollout_percentage: 100 }] },
      },
      {
        key: 'beta-search',
        active: true,
        filters: {
          groups: [
            {
              properties: [{ key: 'plan', type: 'person', operator: 'exact', value: 'enterprise' }],
              rollout_percentage: 100,
            },
          ],
          payloads: { true: '{"cta":"Try beta search"}' },
        },
      },
    ],
    context: { distinct_id: 'user-17', person_properties: { plan: 'enterprise' } },
    flagsV2: {
      'beta-search': {
        enabled: true,
        variant: null,
        payload: '{"cta":"Try beta search"}',
        reason: { code: 'condition_match', condition_index: 0 },
      },
    },
    flagsV1: {
      featureFlags: { 'beta-search': true },
      featureFlagPayloads: { 'beta-search': '{"cta":"Try beta search"}' },
    },
    decideV2: { 'beta-search': true },
    decideV1: ['beta-search'],
    omitted: ['retired-banner'],
  },
];

/**
 * Hash vectors: `hash01` of prefix + identifier + salt. `sent` is the id as a caller sends it
 * (cut to 200 code points before hashing); `rollouts`/`holdouts` are [percentage, included];
 * `groupKey` the JSON group key the identifier comes from.
 */
export interface HashVector {
  id: string;
  prefix: string;
  identifier: string;
  salt: string;
  hash01: number;
  sent?: string;
  rollouts?: Array<[number, boolean]>;
  holdouts?: Array<[number, boolean]>;
  variants?: { variants: Array<{ key: string; rollout_percentage: number }>; selected: string };
  groupKey?: number;
}

export const HASH_VECTORS: HashVector[] = [
  {
    id: 'hash.rollout.ascii_division_edge',
    prefix: 'beta-search.',
    identifier: 'user-17',
    salt: '',
    hash01: 0.009101217133290002,
    rollouts: [
      [0, false],
      [1, true],
      [25.5, true],
      [100, true],
    ],
  },
  {
    id: 'hash.rollout.ascii_excluded',
    prefix: 'beta-search-rollout.',
    identifier: 'user-105',
    salt: '',
    hash01: 0.2851295399293007,
    rollouts: [
      [25.5, false],
      [28, false],
      [29, true],
    ],
  },
  {
    id: 'hash.variant.ascii',
    prefix: 'checkout-layout.',
    identifier: 'user-61',
    salt: 'variant',
    hash01: 0.5698252224547713,
    variants: {
      variants: [
        { key: 'control', rollout_percentage: 50 },
        { key: 'compact', rollout_percentage: 25 },
        { key: 'spacious', rollout_percentage: 25 },
      ],
      selected: 'compact',
    },
  },
  {
    id: 'hash.holdout.literal_prefix',
    prefix: 'holdout-',
    identifier: 'user-31',
    salt: '',
    hash01: 0.0194745413007599,
    holdouts: [
      [10, true],
      [1, false],
      [100, true],
    ],
  },
  {
    id: 'hash.concatenation.no_separator_escaping',
    prefix: 'release.v2.',
    identifier: 'a.b',
    salt: 'variant',
    hash01: 0.7631886118730806,
  },
  {
    id: 'hash.identifier.empty',
    prefix: 'beta-search.',
    identifier: '',
    salt: '',
    hash01: 0.6211969413249854,
  },
  {
    id: 'hash.identifier.unicode_utf8',
    prefix: 'beta-search.',
    identifier: '\u00fcn\u00efc\u00f8d\u00e9-\ud83d\ude00',
    salt: '',
    hash01: 0.7415212578007152,
    rollouts: [[50, false]],
  },
  {
    id: 'hash.identifier.truncated_ascii',
    prefix: 'beta-search.',
    identifier: 'a'.repeat(200),
    salt: '',
    hash01: 0.10748426120816724,
    sent: 'a'.repeat(205),
  },
  {
    id: 'hash.identifier.truncated_scalar_values',
    prefix: 'beta-search.',
    identifier: 'a'.repeat(199) + '\ud83d\ude00',
    salt: '',
    hash01: 0.6285769690806571,
    sent: 'a'.repeat(199) + '\ud83d\ude00' + 'b'.repeat(10),
  },
  {
    id: 'hash.identifier.exactly_200_multibyte',
    prefix: 'beta-search.',
    identifier: '\u00e9'.repeat(200),
    salt: '',
    hash01: 0.41168020551649087,
    sent: '\u00e9'.repeat(200),
  },
  {
    id: 'hash.identifier.integer_group_key',
    prefix: 'org-dashboard.',
    identifier: '42',
    salt: '',
    hash01: 0.5997466051660167,
    rollouts: [
      [60, true],
      [59, false],
    ],
    groupKey: 42,
  },
];

/** A hash against a rollout percentage: included when hash <= percentage / 100 (in doubles). */
export const THRESHOLD_VECTORS: Array<{ id: string; hash01: number; percentage: number; included: boolean }> = [
  { id: 'threshold.equal_is_included', hash01: 0.5, percentage: 50, included: true },
  {
    id: 'threshold.next_binary64_above_is_excluded',
    hash01: 0.5000000000000001,
    percentage: 50,
    included: false,
  },
  { id: 'threshold.zero_percent_zero_hash', hash01: 0.0, percentage: 0, included: true },
  {
    id: 'threshold.zero_percent_smallest_hash',
    hash01: 8.673617379884035e-19,
    percentage: 0,
    included: false,
  },
  { id: 'threshold.hundred_percent_short_circuit', hash01: 1.0, percentage: 100, included: true },
  {
    id: 'threshold.two_decimal_division_equal',
    hash01: 0.33340000000000003,
    percentage: 33.34,
    included: true,
  },
  {
    id: 'threshold.two_decimal_division_excluded',
    hash01: 0.6667000000000002,
    percentage: 66.67,
    included: false,
  },
  {
    id: 'threshold.two_decimal_division_included_below_quotient',
    hash01: 0.999,
    percentage: 99.9,
    included: true,
  },
];

/** A hash against variant weights; `selected: null` is no variant (the flag is plain `true`). */
export const VARIANT_VECTORS: Array<{
  id: string;
  hash01: number;
  variants: Array<{ key: string; rollout_percentage: number }>;
  selected: string | null;
}> = [
  {
    id: 'variant.zero_hash_first_variant',
    hash01: 0.0,
    variants: [
      { key: 'control', rollout_percentage: 50 },
      { key: 'test', rollout_percentage: 50 },
    ],
    selected: 'control',
  },
  {
    id: 'variant.boundary_is_exclusive',
    hash01: 0.5,
    variants: [
      { key: 'control', rollout_percentage: 50 },
      { key: 'test', rollout_percentage: 50 },
    ],
    selected: 'test',
  },
  {
    id: 'variant.just_below_boundary',
    hash01: 0.49999999999999994,
    variants: [
      { key: 'control', rollout_percentage: 50 },
      { key: 'test', rollout_percentage: 50 },
    ],
    selected: 'control',
  },
  {
    id: 'variant.accumulated_boundary_left_to_right',
    hash01: 0.3,
    variants: [
      { key: 'ten', rollout_percentage: 10 },
      { key: 'twenty', rollout_percentage: 20 },
      { key: 'thirty', rollout_percentage: 30 },
      { key: 'forty', rollout_percentage: 40 },
    ],
    selected: 'twenty',
  },
  {
    id: 'variant.accumulated_boundary_third',
    hash01: 0.6,
    variants: [
      { key: 'ten', rollout_percentage: 10 },
      { key: 'twenty', rollout_percentage: 20 },
      { key: 'thirty', rollout_percentage: 30 },
      { key: 'forty', rollout_percentage: 40 },
    ],
    selected: 'thirty',
  },
  {
    id: 'variant.two_decimal_weights_boundary',
    hash01: 0.6666,
    variants: [
      { key: 'a', rollout_percentage: 33.33 },
      { key: 'b', rollout_percentage: 33.33 },
      { key: 'c', rollout_percentage: 33.34 },
    ],
    selected: 'c',
  },
  {
    id: 'variant.hash_one_off_the_end',
    hash01: 1.0,
    variants: [
      { key: 'control', rollout_percentage: 50 },
      { key: 'test', rollout_percentage: 50 },
    ],
    selected: null,
  },
  {
    id: 'variant.sum_below_one_off_the_end',
    hash01: 0.9999999999999999,
    variants: [
      { key: 'a', rollout_percentage: 1.01 },
      { key: 'b', rollout_percentage: 10.02 },
      { key: 'c', rollout_percentage: 88.97 },
    ],
    selected: null,
  },
];

/** Version-1 hash inputs that rules v2 keeps byte for byte. */
export const PARITY_INPUTS: Array<{ id: string; input: string; hash01: number }> = [
  {
    id: 'parity.rollout_identical_bytes',
    input: 'beta-search.user-17',
    hash01: 0.009101217133290002,
  },
  {
    id: 'parity.variant_identical_bytes',
    input: 'checkout-layout.user-61variant',
    hash01: 0.5698252224547713,
  },
  { id: 'parity.holdout_identical_bytes', input: 'holdout-user-31', hash01: 0.0194745413007599 },
  { id: 'parity.empty_identifier_divergent', input: 'beta-search.', hash01: 0.6211969413249854 },
];
