import { errorOf, NOW, params } from '../testing/params';
import { stickinessQuery } from './stickiness.query';

describe('stickinessQuery', () => {
  it('needs a positive stickiness_days', () => {
    expect(errorOf(() => stickinessQuery(params({ entity_id: 'e' }), NOW)).code).toBe('required');
    expect(errorOf(() => stickinessQuery(params({ entity_id: 'e', stickiness_days: '0' }), NOW)).attr).toBe(
      'stickiness_days',
    );
  });
});
