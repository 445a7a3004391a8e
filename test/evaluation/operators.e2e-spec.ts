/** @sql-sensitive every operator translated to SQL by the persons list */
import { PROPERTY_OPERATORS } from '@app/targeting';
import { startTestApp, TestApp } from '../support/test-app';
import { createFlag, flags, identify } from './factories';

const PERSON = {
  name: 'Bunting Bird',
  n: 5,
  when: '2024-03-01T00:00:00Z',
  version: '2.5.1',
};

// For each operator, a condition the person above meets. The table must cover the platform's
// operator list exactly, so an operator added there fails here until all three places handle it.
const MATCHING: Record<string, { key: string; value?: unknown }> = {
  exact: { key: 'name', value: 'bunting bird' },
  is_not: { key: 'name', value: 'Other' },
  icontains: { key: 'name', value: 'BIRD' },
  not_icontains: { key: 'name', value: 'fish' },
  starts_with: { key: 'name', value: 'bunt' },
  not_starts_with: { key: 'name', value: 'bird' },
  ends_with: { key: 'name', value: 'BIRD' },
  not_ends_with: { key: 'name', value: 'bunt' },
  regex: { key: 'name', value: '^Bunting\\s' },
  not_regex: { key: 'name', value: '^Fish' },
  gt: { key: 'n', value: '4' },
  gte: { key: 'n', value: '5' },
  lt: { key: 'n', value: '6' },
  lte: { key: 'n', value: '5' },
  between: { key: 'n', value: [5, 10] },
  not_between: { key: 'n', value: ['6', '10'] },
  icontains_multi: { key: 'name', value: ['fish', 'BIRD'] },
  not_icontains_multi: { key: 'name', value: ['fish', 'cat'] },
  is_set: { key: 'name' },
  is_not_set: { key: 'missing' },
  is_date_exact: { key: 'when', value: '2024-03-01T00:00:00Z' },
  is_date_before: { key: 'when', value: '2024-04-01' },
  is_date_after: { key: 'when', value: '2024-02-01' },
  semver_eq: { key: 'version', value: '2.5.1' },
  semver_neq: { key: 'version', value: '1.0.0' },
  semver_gt: { key: 'version', value: '2.5.0' },
  semver_gte: { key: 'version', value: '2.5.1' },
  semver_lt: { key: 'version', value: '3.0.0' },
  semver_lte: { key: 'version', value: '2.5.1' },
  semver_tilde: { key: 'version', value: '2.5.0' },
  semver_caret: { key: 'version', value: '2.0.0' },
  semver_wildcard: { key: 'version', value: '2.*' },
};

describe('every property operator: saved on a flag, evaluated by /flags, translated to SQL by the persons list', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
    await identify(t, t.projectToken, [
      { distinctId: 'op-user', properties: PERSON },
      { distinctId: 'op-other', properties: { name: 'Fish', n: 1, when: '2020-01-01T00:00:00Z', version: '0.1.0' } },
    ]);
  });
  afterAll(() => t?.close());

  it('covers the platform’s operator list exactly', () => {
    expect(Object.keys(MATCHING).sort()).toEqual([...PROPERTY_OPERATORS].sort());
  });

  it.each(Object.entries(MATCHING))('%s', async (operator, { key, value }) => {
    const property = { key, operator, type: 'person', ...(value === undefined ? {} : { value }) };
    const flag = await createFlag(t, {
      key: `op-${operator.replace(/_/g, '-')}`,
      filters: { groups: [{ properties: [property], rollout_percentage: 100 }] },
    });
    const evaluated = await flags(t, {
      token: t.projectToken,
      distinct_id: 'op-user',
      flag_keys_to_evaluate: [flag.key],
    }).expect(200);
    expect(evaluated.body.flags[flag.key]).toMatchObject({ enabled: true, reason: { code: 'condition_match' } });

    const persons = await t
      .get(`/api/projects/${t.projectId}/persons/?properties=${encodeURIComponent(JSON.stringify([property]))}`)
      .expect(200);
    expect(persons.body.results.map((p: { distinct_ids: string[] }) => p.distinct_ids)).toContainEqual(['op-user']);
  });

  it('tells versions apart (the same flag is off for an older version)', async () => {
    const flag = await createFlag(t, {
      key: 'op-semver-not-for-older',
      filters: {
        groups: [{ properties: [{ key: 'version', operator: 'semver_gte', value: '2.5.1', type: 'person' }] }],
      },
    });
    const evaluated = await flags(t, {
      token: t.projectToken,
      distinct_id: 'op-other',
      flag_keys_to_evaluate: [flag.key],
    }).expect(200);
    expect(evaluated.body.flags[flag.key]).toMatchObject({ enabled: false, reason: { code: 'no_condition_match' } });
  });

  it.each([
    [{ key: 'version', operator: 'semver_gt', value: 'latest' }, /Invalid version/],
    [{ key: 'version', operator: 'semver_wildcard', value: 'two.*' }, /Invalid version/],
    [{ key: 'name', operator: 'regex', value: 'a'.repeat(1001) }, /at most 1000 characters/],
    [{ key: 'name', operator: 'regex', value: '.{0,9000}x' }, /too large/],
    [{ key: 'name', operator: 'starts_with', value: 5 }, /Invalid value for operator starts_with/],
  ])('refuses %j on save with a 400 naming filters', async (property, detail) => {
    const res = await t
      .post(`/api/projects/${t.projectId}/feature_flags/`, {
        key: `op-bad-${Math.random().toString(36).slice(2, 8)}`,
        filters: { groups: [{ properties: [{ ...property, type: 'person' }] }] },
      })
      .expect(400);
    expect(res.body).toMatchObject({ type: 'validation_error', attr: 'filters', code: 'invalid_value' });
    expect(res.body.detail).toMatch(detail);
  });
});
