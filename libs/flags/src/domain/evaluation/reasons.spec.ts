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
