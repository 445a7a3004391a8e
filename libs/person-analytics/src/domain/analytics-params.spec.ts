import { AnalyticsParams, parseAnalyticsFilter, targetEntity } from './analytics-params';
import { errorOf, params } from '../testing/params';

describe('AnalyticsParams', () => {
  it('lets the body win over the query string and reads JSON either way', () => {
    const p = params({ events: '[{"id": "a"}]', funnel_step: '1' }, { events: [{ id: 'b' }], funnel_step: 2 });
    expect(p.json('events')).toEqual([{ id: 'b' }]);
    expect(p.int('funnel_step')).toBe(2);
    expect(p.string('funnel_step')).toBe('2');
  });

  it.each([
    [{ events: '[{' }, (p: AnalyticsParams) => p.json('events'), 'events'],
    [{ limit: '-1' }, (p: AnalyticsParams) => p.int('limit'), 'limit'],
    [{ stickiness_days: '1.5' }, (p: AnalyticsParams) => p.int('stickiness_days'), 'stickiness_days'],
    [{ drop_off: 'maybe' }, (p: AnalyticsParams) => p.bool('drop_off'), 'drop_off'],
    [{ entity_id: ['a', 'b'] }, (p: AnalyticsParams) => p.string('entity_id'), 'entity_id'],
    [{ key: 'a\u0000b' }, (p: AnalyticsParams) => p.string('key'), 'key'],
  ])('400 naming the parameter for %p', (query, read, attr) => {
    const e = errorOf(() => read(params(query)));
    expect(e.kind).toBe('invalid');
    expect(e.attr).toBe(attr);
  });
});

describe('parseAnalyticsFilter', () => {
  it('reads untyped filters as event filters (PostHog insights)', () => {
    const group = parseAnalyticsFilter('[{"key": "$browser", "value": "Chrome"}]', 'properties', {});
    expect(group?.values[0]).toMatchObject({ key: '$browser', type: 'event', operator: 'exact' });
    const nested = parseAnalyticsFilter(
      {
        type: 'OR',
        values: [
          {
            type: 'AND',
            values: [
              { key: 'plan', value: 'pro', type: 'person' },
              { key: 'x', value: 1 },
            ],
          },
        ],
      },
      'properties',
      {},
    );
    expect(nested).toMatchObject({ values: [{ values: [{ type: 'person' }, { type: 'event' }] }] });
  });

  it('is null for nothing, 400 for other filter types', () => {
    expect(parseAnalyticsFilter('[]', 'properties', {})).toBeNull();
    expect(parseAnalyticsFilter(undefined, 'properties', {})).toBeNull();
    expect(errorOf(() => parseAnalyticsFilter([{ key: 'id', value: 1, type: 'cohort' }], 'properties', {})).attr).toBe(
      'properties',
    );
  });
});

describe('entities', () => {
  it('needs entity_id (or events), and refuses actions', () => {
    expect(errorOf(() => targetEntity(params({}))).code).toBe('required');
    expect(errorOf(() => targetEntity(params({}))).attr).toBe('entity_id');
    expect(errorOf(() => targetEntity(params({ entity_id: '3', entity_type: 'actions' }))).attr).toBe('entity_type');
  });

  it('takes the filters of the matching series of events', () => {
    const entity = targetEntity(
      params({
        entity_id: 'b',
        events: JSON.stringify([{ id: 'a' }, { id: 'b', properties: [{ key: 'x', value: 1 }] }]),
      }),
    );
    expect(entity.id).toBe('b');
    expect(entity.properties?.values).toHaveLength(1);
  });
});
