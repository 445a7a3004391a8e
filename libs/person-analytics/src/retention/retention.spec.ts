import { errorOf, NOW, params } from '../testing/params';
import { retentionQuery } from './retention.query';

describe('retentionQuery', () => {
  it('ends with the period containing date_to; bounds from the selected cohort on', () => {
    const q = retentionQuery(
      params({ period: 'Week', total_intervals: '4', date_to: '2024-03-27', selected_interval: '1' }),
      NOW,
    );
    expect(q.bounds.map((d) => d.toISOString().slice(0, 10))).toEqual([
      '2024-03-10',
      '2024-03-17',
      '2024-03-24',
      '2024-03-31',
    ]);
    expect(q.target.id).toBe('$pageview');
    expect(q.returning.id).toBe('$pageview');
    expect(q.firstTime).toBe(false);
  });

  it.each([
    [{ period: 'Year' }, 'period'],
    [{ total_intervals: '0' }, 'total_intervals'],
    [{ total_intervals: '3', selected_interval: '3' }, 'selected_interval'],
    [{ selected_interval: '-1' }, 'selected_interval'],
    [{ retention_type: 'sometimes' }, 'retention_type'],
    [{ target_entity: '{"id": 1, "type": "actions"}' }, 'target_entity'],
    [{ date_to: 'soon' }, 'date_to'],
  ])('400 for %p', (query, attr) => {
    expect(errorOf(() => retentionQuery(params(query), NOW)).attr).toBe(attr);
  });
});
