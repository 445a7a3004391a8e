import { DomainError } from '@app/platform/errors/domain-error';
import {
  checkDocumentationUrl,
  checkLinkableFlag,
  checkPayload,
  enrollmentFilters,
  filtersForStageChange,
  newFlagFilters,
  slugify,
} from './early-access-feature';
import type { Flag } from './flag';

function errorOf(fn: () => unknown): DomainError {
  try {
    fn();
  } catch (e) {
    if (e instanceof DomainError) return e;
    throw e;
  }
  throw new Error('no error');
}

describe('early-access features', () => {
  it("keys a new flag as Django's slugify does", () => {
    expect(slugify('New Dashboard')).toBe('new-dashboard');
    expect(slugify('  Crème brûlée — v2!  ')).toBe('creme-brulee-v2');
    expect(slugify('__a  -- b__')).toBe('a-b');
    expect(slugify('snake_case stays')).toBe('snake_case-stays');
    expect(slugify('日本語')).toBe('');
  });

  it('creates the flag off for everyone, enrolment deciding in active stages only', () => {
    expect(newFlagFilters('beta')).toEqual({
      groups: [{ properties: [], rollout_percentage: 0, variant: null }],
      feature_enrollment: true,
    });
    expect(newFlagFilters('concept')).toEqual({ groups: [{ properties: [], rollout_percentage: 0, variant: null }] });
    expect(newFlagFilters('draft').feature_enrollment).toBeUndefined();
  });

  it('rewrites the flag on a stage change as PostHog does', () => {
    const legacy = {
      groups: [{ properties: [], rollout_percentage: 10 }],
      super_groups: [{ properties: [], rollout_percentage: 100 }],
    };
    expect(filtersForStageChange('draft', 'alpha', false, legacy)).toEqual({
      groups: legacy.groups,
      feature_enrollment: true,
    });
    // active to active leaves the flag alone; no stage in the PATCH neither
    expect(filtersForStageChange('alpha', 'beta', false, legacy)).toBeUndefined();
    expect(filtersForStageChange('alpha', undefined, false, legacy)).toBeUndefined();
    expect(filtersForStageChange('beta', 'archived', false, { ...legacy, feature_enrollment: true })).toEqual({
      groups: legacy.groups,
      feature_enrollment: null,
    });
    expect(
      filtersForStageChange('beta', 'general-availability', true, { ...legacy, feature_enrollment: true }),
    ).toEqual({ groups: [{ properties: [], rollout_percentage: 100 }], feature_enrollment: null });
    // without rollout_to_all, general availability is one more active stage
    expect(filtersForStageChange('beta', 'general-availability', false, legacy)).toBeUndefined();
    expect(enrollmentFilters({ groups: [], super_groups: null }, null)).toEqual({
      groups: [],
      feature_enrollment: null,
    });
  });

  it('links only a live boolean person flag that no other feature has', () => {
    const flag = { id: 1, key: 'k', deleted: false, filters: { groups: [] } } as unknown as Flag;
    expect(checkLinkableFlag(flag, false)).toBe(flag);
    expect(errorOf(() => checkLinkableFlag(null, false))).toMatchObject({
      attr: 'feature_flag_id',
      detail: 'Feature Flag with this ID does not exist',
    });
    expect(errorOf(() => checkLinkableFlag({ ...flag, deleted: true }, false)).attr).toBe('feature_flag_id');
    expect(errorOf(() => checkLinkableFlag(flag, true)).detail).toBe(
      'Linked feature flag k already has a feature attached to it.',
    );
    const group = { ...flag, filters: { groups: [], aggregation_group_type_index: 0 } };
    expect(errorOf(() => checkLinkableFlag(group, false)).detail).toMatch(/^Group-based/);
    const multi = {
      ...flag,
      filters: { groups: [], multivariate: { variants: [{ key: 'a', rollout_percentage: 100 }] } },
    };
    expect(errorOf(() => checkLinkableFlag(multi, false)).detail).toMatch(/^Multivariate/);
  });

  it('takes a blank or http(s) documentation URL', () => {
    expect(checkDocumentationUrl('')).toBe('');
    expect(checkDocumentationUrl(' https://docs.example.com/x ')).toBe('https://docs.example.com/x');
    for (const bad of ['docs', 'javascript:alert(1)', 'http://', 'https://a b.com']) {
      expect(errorOf(() => checkDocumentationUrl(bad))).toMatchObject({ attr: 'documentation_url', code: 'invalid' });
    }
    expect(errorOf(() => checkDocumentationUrl(`https://x.com/${'a'.repeat(800)}`)).code).toBe('max_length');
  });

  it('takes any storable JSON as the payload but null', () => {
    expect(checkPayload({ a: [1, 'b'] })).toEqual({ a: [1, 'b'] });
    expect(checkPayload('text')).toBe('text');
    expect(errorOf(() => checkPayload(null))).toMatchObject({ attr: 'payload', code: 'null' });
    expect(errorOf(() => checkPayload({ a: 'x\u0000' })).attr).toBe('payload');
    let deep: unknown = 1;
    for (let i = 0; i < 40; i++) deep = [deep];
    expect(errorOf(() => checkPayload(deep)).attr).toBe('payload');
  });
});
