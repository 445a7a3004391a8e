import { errorOf, NOW, params } from '../testing/params';
import { lifecycleQuery } from './lifecycle.query';

describe('lifecycleQuery', () => {
  it('needs target_date, then lifecycle_type, then an entity', () => {
    expect(errorOf(() => lifecycleQuery(params({}), NOW)).attr).toBe('target_date');
    expect(errorOf(() => lifecycleQuery(params({ target_date: '2024-03-10' }), NOW)).attr).toBe('lifecycle_type');
    expect(errorOf(() => lifecycleQuery(params({ target_date: '2024-03-10', lifecycle_type: 'new' }), NOW)).attr).toBe(
      'entity_id',
    );
    expect(
      errorOf(() => lifecycleQuery(params({ target_date: '2024-03-10', lifecycle_type: 'zombie' }), NOW)).attr,
    ).toBe('lifecycle_type');
  });

  it('is the interval containing target_date, with the ones around it', () => {
    const q = lifecycleQuery(
      params({ target_date: '2024-03-13', lifecycle_type: 'dormant', entity_id: 'e', interval: 'week' }),
      NOW,
    );
    expect([q.previous, q.period, q.next].map((d) => d.toISOString())).toEqual([
      '2024-03-03T00:00:00.000Z',
      '2024-03-10T00:00:00.000Z',
      '2024-03-17T00:00:00.000Z',
    ]);
  });
});
