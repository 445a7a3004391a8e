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
import { startTestApp, TestApp } from '../support/test-app';
import { createFlag, flags, identify } from './factories';

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
