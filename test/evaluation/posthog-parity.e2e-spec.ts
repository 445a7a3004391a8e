/** @sql-sensitive cohorts of performed_event_first_time and flag values, in SQL */
/**
 * Where Bunting disagreed with today's PostHog (issue 17), each case over HTTP, with the PostHog
 * source it follows:
 *
 * - PostHog/posthog `rust/feature-flags` (the flags service behind `/flags`):
 *   `src/flags/flag_matching.rs` (`get_match`, `is_super_condition_match`,
 *   `is_holdout_condition_match`) and `src/properties/property_matching.rs` (`match_property`).
 * - PostHog/posthog `posthog/api/feature_flag.py` (`validate_filters`: what the API saves).
 * - PostHog/posthog-js `packages/node` 5.70 with `@posthog/core` (`featureFlagLocalEvaluation`).
 * - PostHog/posthog-python `posthog/feature_flags.py`.
 */
import { jest } from '@jest/globals';
import { PostHog } from 'posthog-node';
import request from 'supertest';
import { waitFor } from '../support/poll';
import { startTestApp, TestApp } from '../support/test-app';
import { createCohort, createFlag, flags, identify } from './factories';

describe('parity with PostHog (issue 17)', () => {
  let t: TestApp;
  let base: string;
  const evaluate = async (distinctId: string, body: object = {}) =>
    (await flags(t, { token: t.projectToken, distinct_id: distinctId, ...body }).expect(200)).body.flags;

  beforeAll(async () => {
    t = await startTestApp();
    base = `/api/projects/${t.projectId}`;
    await identify(t, t.projectToken, [
      { distinctId: 'vip', properties: { email: 'ann@vip.com', plan: 'pro' } },
      { distinctId: 'regular', properties: { email: 'bob@gmail.com', plan: 'free' } },
    ]);
    await request(t.baseUrl)
      .post('/batch/')
      .send({
        api_key: t.projectToken,
        batch: [
          {
            event: '$groupidentify',
            distinct_id: 'vip',
            properties: { $group_type: 'company', $group_key: 'acme', $group_set: { seats: 120 } },
          },
        ],
      })
      .expect(200);
  });
  afterAll(() => t?.close());

  it('1. tries conditions in stored order and ships them unchanged (PostHog/posthog#37859)', async () => {
    // flag_matching.rs `get_match` walks `flag.get_conditions().iter().enumerate()`; the SDKs'
    // changelogs: "conditions are now evaluated in their original order to match server-side logic".
    const flag = await createFlag(t, {
      key: 'vip-order',
      filters: {
        groups: [
          { properties: [], rollout_percentage: 100 },
          {
            properties: [{ key: 'email', type: 'person', operator: 'icontains', value: '@vip.com' }],
            variant: 'vip-variant',
          },
        ],
        multivariate: {
          variants: [
            { key: 'control', rollout_percentage: 100 },
            { key: 'vip-variant', rollout_percentage: 0 },
          ],
        },
      },
    });
    const server = (await evaluate('vip'))['vip-order'];
    expect(server).toMatchObject({ variant: 'control', reason: { code: 'condition_match', condition_index: 0 } });

    const shipped = (await t.get(`${base}/feature_flags/local_evaluation`).expect(200)).body.flags.find(
      (f: { key: string }) => f.key === 'vip-order',
    );
    expect(shipped.filters.groups).toEqual(flag.filters.groups);

    // posthog-node, unmodified, evaluating locally from those definitions, answers the same.
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const sdk = new PostHog(t.projectToken, {
      host: t.baseUrl,
      personalApiKey: t.key,
      featureFlagsPollingInterval: 60_000,
      fetchRetryCount: 0,
    });
    try {
      await sdk.waitForLocalEvaluationReady(10_000);
      const local = await sdk.getFeatureFlag('vip-order', 'vip', {
        personProperties: { email: 'ann@vip.com' },
        onlyEvaluateLocally: true,
        sendFeatureFlagEvents: false,
      });
      expect(local).toBe('control');
    } finally {
      await sdk.shutdown();
      warn.mockRestore();
    }
  });

  it('2. accepts mixed targeting: each condition checked against its own aggregation, evaluated and shipped', async () => {
    // flag_matching.rs: `condition.effective_aggregation(flag.get_group_type_index())`; posthog-node
    // `matchFeatureFlagProperties` reads `condition.aggregation_group_type_index` the same way.
    const filters = {
      groups: [
        { properties: [{ key: 'plan', type: 'person', value: 'pro' }], rollout_percentage: 100 },
        {
          aggregation_group_type_index: 0,
          properties: [{ key: 'seats', type: 'group', group_type_index: 0, operator: 'gt', value: '100' }],
          rollout_percentage: 100,
        },
      ],
    };
    const flag = await createFlag(t, { key: 'mixed', filters });
    expect(flag.filters.groups).toEqual(filters.groups);
    expect((await evaluate('vip'))['mixed']).toMatchObject({ enabled: true, reason: { condition_index: 0 } });
    // The group condition decides for a free person of a big company.
    const viaGroup = (await evaluate('regular', { groups: { company: 'acme' } }))['mixed'];
    expect(viaGroup).toMatchObject({ enabled: true, reason: { code: 'condition_match', condition_index: 1 } });
    expect((await evaluate('regular'))['mixed'].enabled).toBe(false);
    const shipped = (await t.get(`${base}/feature_flags/local_evaluation`).expect(200)).body.flags.find(
      (f: { key: string }) => f.key === 'mixed',
    );
    expect(shipped.filters.groups[1].aggregation_group_type_index).toBe(0);

    // Each condition holds to its own aggregation: person properties in a group condition are not.
    const wrong = await t
      .post(`${base}/feature_flags/`, {
        key: 'mixed-wrong',
        filters: {
          groups: [{ aggregation_group_type_index: 0, properties: [{ key: 'plan', type: 'person', value: 'pro' }] }],
        },
      })
      .expect(400);
    expect(wrong.body).toMatchObject({
      attr: 'filters',
      detail: 'Filters are not valid (can only use group properties)',
    });
  });

  it('3. accepts the dates PostHog accepts and matches them as the SDKs do', async () => {
    // feature_flag.py validates with `determine_parsed_date_for_property_matching` (dateutil);
    // posthog-node reads the filter with JavaScript's Date: "2022-04-05 12:34:12 +01:00" is 11:34:12Z.
    await createFlag(t, {
      key: 'dated',
      filters: {
        groups: [
          {
            properties: [
              { key: 'signed_up', type: 'person', operator: 'is_date_before', value: '2022-04-05 12:34:12 +01:00' },
            ],
          },
        ],
      },
    });
    const at = async (signedUp: string) =>
      (await evaluate('regular', { person_properties: { signed_up: signedUp } }))['dated'].enabled;
    expect(await at('2022-04-05T11:34:11Z')).toBe(true);
    expect(await at('2022-04-05T11:34:13Z')).toBe(false);
    expect(await at('2022-04-05 12:34:11+01:00')).toBe(true);
    const unparsable = await t
      .post(`${base}/feature_flags/`, {
        key: 'not-dated',
        filters: {
          groups: [{ properties: [{ key: 'signed_up', type: 'person', operator: 'is_date_before', value: 'soon' }] }],
        },
      })
      .expect(400);
    expect(unparsable.body).toMatchObject({
      code: 'invalid_date',
      attr: 'filters',
      detail: 'Invalid date value: soon',
    });
  });

  it('4. saves invalid regular expressions (they never match) and runs lookarounds within the budget', async () => {
    // property_matching.rs compiles with fancy_regex (lookarounds, back-references, a backtrack
    // limit): a pattern that does not compile is `Ok(false)` for regex and not_regex (its test
    // `test_match_properties_regex` uses "?*"); feature_flag.py only checks the value is a string.
    const condition = (operator: string, value: unknown) => ({
      groups: [{ properties: [{ key: 'email', type: 'person', operator, value }] }],
    });
    await createFlag(t, { key: 'regex-invalid', filters: condition('regex', '?*') });
    await createFlag(t, { key: 'not-regex-invalid', filters: condition('not_regex', '?*') });
    await createFlag(t, { key: 'regex-lookahead', filters: condition('regex', '^(?=.*@vip\\.com$)[a-z]+@') });
    await createFlag(t, { key: 'regex-backreference', filters: condition('regex', '^(\\w)\\1') });
    const vip = await evaluate('vip');
    expect(vip['regex-invalid'].enabled).toBe(false);
    expect(vip['not-regex-invalid'].enabled).toBe(false);
    expect(vip['regex-lookahead'].enabled).toBe(true);
    expect((await evaluate('regular'))['regex-lookahead'].enabled).toBe(false);
    expect(
      (await evaluate('regular', { person_properties: { email: 'aab@x.io' } }))['regex-backreference'].enabled,
    ).toBe(true);
    // A backtracking blow-up stops at the request's budget, and the reason says so.
    await createFlag(t, { key: 'regex-blowup', filters: condition('regex', '^(a+)+\\1$') });
    const started = process.hrtime.bigint();
    const blowup = (await evaluate('regular', { person_properties: { email: `${'a'.repeat(5_000)}!` } }))[
      'regex-blowup'
    ];
    console.log(
      `catastrophic lookaround pattern on 5,000 characters: ${Number(process.hrtime.bigint() - started) / 1e6} ms`,
    );
    expect(blowup).toMatchObject({ enabled: false, reason: { code: 'no_condition_match' } });
    expect(blowup.reason.description).toMatch(/budget ran out/);
    // The value must still be a string.
    const number = await t
      .post(`${base}/feature_flags/`, { key: 'regex-number', filters: condition('regex', 5) })
      .expect(400);
    expect(number.body).toMatchObject({ code: 'invalid_value', attr: 'filters' });
  });

  it('5. supports performed_event_first_time and flag values in cohorts', async () => {
    // Both appear in PostHog's tests: posthog/api/test/test_cohort.py (behavioral
    // `performed_event_first_time`), posthog-js packages/node feature-flags.spec.ts ("cohort
    // referencing a flag dependency").
    const day = 86_400_000;
    await request(t.baseUrl)
      .post('/batch/')
      .send({
        api_key: t.projectToken,
        batch: [
          { event: 'bought', distinct_id: 'vip', timestamp: new Date(Date.now() - 2 * day).toISOString() },
          { event: 'bought', distinct_id: 'regular', timestamp: new Date(Date.now() - 2 * day).toISOString() },
          { event: 'bought', distinct_id: 'regular', timestamp: new Date(Date.now() - 40 * day).toISOString() },
        ],
      })
      .expect(200);
    const firstTime = await createCohort(t, {
      name: 'First purchase this week',
      filters: {
        properties: {
          type: 'AND',
          values: [
            {
              key: 'bought',
              type: 'behavioral',
              value: 'performed_event_first_time',
              time_value: 7,
              time_interval: 'day',
            },
          ],
        },
      },
    });
    const members = await waitFor(async () => {
      const res = await t.get(`${base}/cohorts/${firstTime.id}/persons/`).expect(200);
      return res.body.results.length > 0 ? res.body.results : undefined;
    });
    expect(members.map((p: { distinct_ids: string[] }) => p.distinct_ids[0])).toEqual(['vip']);

    const pro = await createFlag(t, {
      key: 'pro-users',
      filters: { groups: [{ properties: [{ key: 'plan', type: 'person', value: 'pro' }] }] },
    });
    const withFlag = await createCohort(t, {
      name: 'Pro by flag',
      filters: {
        properties: {
          type: 'AND',
          values: [{ key: String(pro.id), type: 'flag', operator: 'flag_evaluates_to', value: true }],
        },
      },
    });
    await createFlag(t, {
      key: 'via-flag-cohort',
      filters: { groups: [{ properties: [{ key: 'id', type: 'cohort', value: withFlag.id }] }] },
    });
    expect((await evaluate('vip'))['via-flag-cohort'].enabled).toBe(true);
    expect((await evaluate('regular'))['via-flag-cohort'].enabled).toBe(false);
    const bad = await t
      .post(`${base}/cohorts/`, {
        name: 'Bad flag value',
        filters: { properties: { type: 'AND', values: [{ key: '1', type: 'flag', operator: 'flag_evaluates_to' }] } },
      })
      .expect(400);
    expect(bad.body.attr).toBe('filters');
  });

  it('6. reads super_groups and holdouts as the flags service does', async () => {
    // flag_matching.rs `get_match`: `feature_enrollment` first, else the first of `super_groups`
    // when it has properties, deciding (properties and rollout, reason super_condition_value)
    // once the person has one of its properties; then `filters.holdout`. `holdout_groups` is not
    // read. posthog-node and posthog-python ignore super_groups when they evaluate locally.
    const enrolled = '$feature_enrollment/early';
    await createFlag(t, {
      key: 'early',
      filters: {
        groups: [{ properties: [{ key: 'plan', type: 'person', value: 'pro' }], rollout_percentage: 100 }],
        super_groups: [
          {
            properties: [{ key: enrolled, type: 'person', operator: 'exact', value: ['true'] }],
            rollout_percentage: 100,
          },
        ],
      },
    });
    const early = async (distinctId: string, properties: object) =>
      (await evaluate(distinctId, { person_properties: properties }))['early'];
    expect(await early('regular', { [enrolled]: true })).toMatchObject({
      enabled: true,
      reason: { code: 'super_condition_value', condition_index: 0 },
    });
    expect(await early('vip', { [enrolled]: false })).toMatchObject({
      enabled: false,
      reason: { code: 'super_condition_value' },
    });
    expect(await early('vip', {})).toMatchObject({ enabled: true, reason: { code: 'condition_match' } });

    await createFlag(t, {
      key: 'empty-super',
      filters: {
        groups: [{ properties: [{ key: 'plan', type: 'person', value: 'pro' }] }],
        super_groups: [{ properties: [], rollout_percentage: 100 }],
        holdout_groups: [{ properties: [], rollout_percentage: 100, variant: 'holdout-9' }],
      },
    });
    // An empty super group and holdout_groups change nothing.
    expect((await evaluate('regular'))['empty-super']).toMatchObject({
      enabled: false,
      reason: { code: 'no_condition_match' },
    });
    expect((await evaluate('vip'))['empty-super']).toMatchObject({
      enabled: true,
      reason: { code: 'condition_match' },
    });

    await createFlag(t, {
      key: 'held-out',
      filters: {
        groups: [{ properties: [], rollout_percentage: 100 }],
        holdout: { id: 7, exclusion_percentage: 100 },
        multivariate: { variants: [{ key: 'test', rollout_percentage: 100 }] },
      },
    });
    expect((await evaluate('vip'))['held-out']).toMatchObject({
      variant: 'holdout-7',
      reason: { code: 'holdout_condition_value' },
    });
  });
});
