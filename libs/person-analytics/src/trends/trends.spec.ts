import { errorOf, NOW, params } from '../testing/params';
import { trendsQuery } from './trends.query';

describe('trendsQuery', () => {
  it('is the data point widened to whole intervals', () => {
    const q = trendsQuery(
      params({ entity_id: '$pageview', date_from: '2024-03-06', date_to: '2024-03-06', interval: 'week' }),
      NOW,
    );
    expect(q.range).toEqual({
      from: new Date('2024-03-03T00:00:00Z'),
      to: new Date('2024-03-10T00:00:00Z'),
      toInclusive: false,
    });
    expect(q.math).toBe('total');
  });

  it('looks back 7 days for weekly active users', () => {
    const q = trendsQuery(
      params({ entity_id: 'e', entity_math: 'weekly_active', date_from: '2024-03-06', date_to: '2024-03-06' }),
      NOW,
    );
    expect(q.range.from).toEqual(new Date('2024-02-29T00:00:00Z'));
  });

  it('needs breakdown_value with breakdown; refuses unknown maths', () => {
    expect(errorOf(() => trendsQuery(params({ entity_id: 'e', breakdown: '$browser' }), NOW)).attr).toBe(
      'breakdown_value',
    );
    expect(errorOf(() => trendsQuery(params({ entity_id: 'e', entity_math: 'sum' }), NOW)).attr).toBe('entity_math');
  });
});
