import { DomainError } from '@app/platform/errors/domain-error';
import { defaultFilters } from './filters';
import { applyChanges, checkKeyFormat, checkRollbackConditions, Flag, isSimpleFlag, rolloutPercentage } from './flag';

const flag = (over: Partial<Flag> = {}): Flag => ({
  id: 1,
  projectId: 1,
  key: 'k',
  name: '',
  filters: defaultFilters(),
  active: true,
  deleted: false,
  version: 1,
  ensureExperienceContinuity: false,
  rollbackConditions: null,
  performedRollback: false,
  hasEnrichedAnalytics: false,
  isRemoteConfiguration: false,
  hasEncryptedPayloads: false,
  tags: [],
  evaluationRuntime: 'all',
  evaluationContexts: [],
  usageDashboardId: null,
  analyticsDashboards: [],
  createdById: 1,
  lastModifiedById: 1,
  createdAt: new Date(0),
  updatedAt: new Date(0),
  lastCalledAt: null,
  ...over,
});

function codeOf(fn: () => unknown): [string, string | null] {
  try {
    fn();
  } catch (e) {
    if (e instanceof DomainError) return [e.code, e.attr];
    throw e;
  }
  throw new Error('expected an error');
}

describe('derived fields', () => {
  it('a single condition without properties is simple and shows its rollout', () => {
    const filters = { groups: [{ properties: [], rollout_percentage: 30 }] };
    expect(isSimpleFlag(filters)).toBe(true);
    expect(rolloutPercentage(filters)).toBe(30);
    expect(rolloutPercentage(defaultFilters())).toBeNull();
  });

  it('properties, several groups, no groups or group aggregation make a flag not simple', () => {
    for (const filters of [
      { groups: [{ properties: [{ key: 'a', type: 'person', value: 1 }], rollout_percentage: 30 }] },
      { groups: [{ rollout_percentage: 30 }, { rollout_percentage: 40 }] },
      { groups: [] },
      { groups: [{ rollout_percentage: 30 }], aggregation_group_type_index: 0 },
    ]) {
      expect(isSimpleFlag(filters)).toBe(false);
      expect(rolloutPercentage(filters)).toBeNull();
    }
  });
});

describe('key format', () => {
  it.each([
    ['', 'blank'],
    ['   ', 'blank'],
    ['a'.repeat(401), 'max_length'],
    ['a.b', 'invalid_key'],
    ['a/b', 'invalid_key'],
    ['a b', 'invalid_key'],
    ['a?b', 'invalid_key'],
    ['a\\b', 'invalid_key'],
    ['ünïcode', 'invalid_key'],
  ])('rejects %p with %s', (key, code) => {
    expect(codeOf(() => checkKeyFormat(key))).toEqual([code, 'key']);
  });

  it('accepts letters, digits, hyphens and underscores up to 400 characters', () => {
    expect(checkKeyFormat('Beta_feature-2')).toBe('Beta_feature-2');
    expect(checkKeyFormat('a'.repeat(400))).toHaveLength(400);
  });
});

describe('rollback_conditions', () => {
  it('takes any JSON object or list, or null', () => {
    expect(checkRollbackConditions([])).toEqual([]);
    expect(checkRollbackConditions({ a: [1] })).toEqual({ a: [1] });
    expect(checkRollbackConditions(null)).toBeNull();
  });

  it('refuses infinite numbers and NUL characters', () => {
    expect(codeOf(() => checkRollbackConditions([Infinity]))).toEqual(['invalid_input', 'rollback_conditions']);
    expect(codeOf(() => checkRollbackConditions({ a: '\u0000' }))).toEqual([
      'null_characters_not_allowed',
      'rollback_conditions',
    ]);
  });
});

describe('applyChanges', () => {
  it('sets the given fields only', () => {
    const next = applyChanges(flag(), { name: 'n', tags: ['a'], active: undefined });
    expect(next).toMatchObject({ name: 'n', tags: ['a'], active: true, key: 'k' });
  });

  it('switching a flag on clears performed_rollback', () => {
    expect(applyChanges(flag({ performedRollback: true }), { active: true }).performedRollback).toBe(false);
    expect(applyChanges(flag({ performedRollback: true }), { active: false }).performedRollback).toBe(true);
  });
});
