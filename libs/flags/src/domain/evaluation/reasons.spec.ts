import { evaluationReasonsCode, ofrepReason, reason } from './reasons';

describe('reasons', () => {
  it('describes reasons as PostHog does, numbering condition sets from 1', () => {
    expect(reason('condition_match', 0)).toEqual({
      code: 'condition_match',
      condition_index: 0,
      description: 'Matched condition set 1',
    });
    expect(reason('no_condition_match', 2).description).toBe('No matching condition set');
  });

  it('shares one frozen reason per code and condition, and makes its own past a thousand conditions', () => {
    expect(reason('condition_match', 3)).toBe(reason('condition_match', 3));
    expect(reason('flag_disabled', null)).toBe(reason('flag_disabled', null));
    expect(Object.isFrozen(reason('condition_match', 3))).toBe(true);
    expect(reason('condition_match', 3)).not.toBe(reason('out_of_rollout_bound', 3));
    const far = reason('condition_match', 5000);
    expect(far).not.toBe(reason('condition_match', 5000));
    expect(far).toEqual({ code: 'condition_match', condition_index: 5000, description: 'Matched condition set 5001' });
    // never the shared "no condition" reason for an index that is not one
    expect(reason('no_condition_match', -1)).not.toBe(reason('no_condition_match', null));
    expect(reason('no_condition_match', -1).condition_index).toBe(-1);
  });

  it('maps to the evaluation_reasons and OFREP vocabularies', () => {
    expect(evaluationReasonsCode('flag_disabled')).toBe('disabled');
    expect(evaluationReasonsCode('out_of_rollout_bound')).toBe('out_of_rollout_bound');
    expect(ofrepReason('condition_match')).toBe('TARGETING_MATCH');
    expect(ofrepReason('holdout_condition_value')).toBe('TARGETING_MATCH');
    expect(ofrepReason('no_group_type')).toBe('DEFAULT');
    expect(ofrepReason('flag_disabled')).toBe('DISABLED');
    expect(ofrepReason('missing_dependency')).toBe('ERROR');
  });
});
