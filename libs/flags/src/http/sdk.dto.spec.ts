import type { FlagEvaluation } from '../domain/evaluation';
import { budgetReason, reason } from '../domain/evaluation/reasons';
import { DefinitionFlag, ProjectSnapshot } from '../domain/project-snapshot';
import { flagsResponseJson } from './sdk.dto';

const flag = (id: number, key: string, name: string, version: number | null = 3): DefinitionFlag => ({
  id,
  team_id: 1,
  name,
  key,
  filters: { groups: [{ properties: [], rollout_percentage: 100 }] },
  deleted: false,
  active: true,
  ensure_experience_continuity: false,
  has_encrypted_payloads: false,
  version: version as number,
});

const result = (f: DefinitionFlag, r: Partial<FlagEvaluation>): FlagEvaluation => ({
  key: f.key,
  id: f.id,
  version: f.version,
  enabled: true,
  variant: null,
  value: true,
  reason: reason('condition_match', 0),
  payload: null,
  ...r,
});

describe('the /flags v2 body', () => {
  const flags = [
    flag(1, 'plain', ''),
    flag(2, 'quoted "key" ✓', 'Name with "quotes", \\ and\nnewline ✓'),
    flag(3, 'variants', 'Checkout', null),
    flag(4, '__proto__', 'odd key'),
  ];
  const snapshot = new ProjectSnapshot(1, 0, flags, [], {});
  const results = [
    result(flags[0], {}),
    result(flags[1], { payload: '{"a":"\\u00e9 \\"x\\""}' }),
    result(flags[2], { variant: 'test "b"', value: 'test "b"', payload: '[1,2]' }),
    result(flags[3], {
      enabled: false,
      value: false,
      reason: budgetReason(reason('no_condition_match', null)),
    }),
  ];

  it('is, byte for byte, the JSON of the response object, with the same answer from its cached pieces', () => {
    for (let round = 0; round < 2; round++) {
      const text = flagsResponseJson({ definitions: snapshot, results });
      const parsed = JSON.parse(text) as { requestId: string; evaluatedAt: number };
      const expected: Record<string, unknown> = {};
      for (const r of results) {
        // `payload` always, null without one, as PostHog sends it.
        const metadata = {
          id: r.id,
          version: r.version,
          description: snapshot.byKey.get(r.key)!.name,
          payload: r.payload,
        };
        Object.defineProperty(expected, r.key, {
          value: { key: r.key, enabled: r.enabled, variant: r.variant, reason: { ...r.reason }, metadata },
          enumerable: true,
        });
      }
      const body = {
        flags: expected,
        errorsWhileComputingFlags: false,
        quotaLimited: [],
        requestId: parsed.requestId,
        evaluatedAt: parsed.evaluatedAt,
      };
      expect(text).toBe(JSON.stringify(body));
      expect(parsed.requestId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    }
  });

  it('answers an empty set of flags', () => {
    expect(JSON.parse(flagsResponseJson({ definitions: snapshot, results: [] }))).toMatchObject({
      flags: {},
      errorsWhileComputingFlags: false,
      quotaLimited: [],
    });
  });
});
