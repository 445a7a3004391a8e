import { DomainError } from '@app/platform/errors/domain-error';
import {
  AnalyticsParams,
  funnelCorrelationQuery,
  funnelQuery,
  lifecycleQuery,
  parseAnalyticsFilter,
  pathsQuery,
  retentionQuery,
  stickinessQuery,
  targetEntity,
  trendsQuery,
} from './analytics-params';

const NOW = new Date('2024-03-13T15:45:30.123Z');
const STEPS = JSON.stringify([{ id: '$pageview' }, { id: 'signed up', order: 1 }, { id: 'purchased', order: 2 }]);

function errorOf(fn: () => unknown): DomainError {
  try {
    fn();
  } catch (e) {
    if (e instanceof DomainError) return e;
    throw e;
  }
  throw new Error('no error');
}

const params = (query: Record<string, unknown>, body?: Record<string, unknown>) => new AnalyticsParams(query, body);

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

describe('funnelQuery', () => {
  const funnel = (extra: Record<string, unknown>) => funnelQuery(params({ events: STEPS, ...extra }), NOW);

  it('orders the steps and reads the window', () => {
    const q = funnel({ funnel_step: '2', funnel_window_interval: '3', funnel_window_interval_unit: 'hour' });
    expect(q.steps.map((s) => s.id)).toEqual(['$pageview', 'signed up', 'purchased']);
    expect(q.window).toBe('3 hours');
    expect(funnel({ funnel_step: '2' }).window).toBe('14 days');
  });

  it('reads funnel_step: N reached N or further, -N reached N-1 but not N', () => {
    expect(funnel({ funnel_step: '2' }).selection).toEqual({ kind: 'step', steps: { atLeast: 2 } });
    expect(funnel({ funnel_step: '-3' }).selection).toEqual({ kind: 'step', steps: [2] });
    expect(funnel({ funnel_custom_steps: '[1, 3]' }).selection).toEqual({ kind: 'step', steps: [1, 3] });
  });

  it.each([
    [{}, 'funnel_step', 'required'],
    [{ funnel_step: '0' }, 'funnel_step', 'invalid_input'],
    [{ funnel_step: '-1' }, 'funnel_step', 'invalid_input'],
    [{ funnel_step: '4' }, 'funnel_step', 'invalid_input'],
    [{ funnel_step: '1', funnel_window_days: '-3' }, 'funnel_window_days', 'invalid_input'],
    [{ funnel_step: '1', funnel_order_type: 'random' }, 'funnel_order_type', 'invalid_input'],
    [
      { funnel_step: '1', funnel_window_interval: '2', funnel_window_interval_unit: 'year' },
      'funnel_window_interval_unit',
      'invalid_input',
    ],
    [{ funnel_custom_steps: '[0]' }, 'funnel_custom_steps', 'invalid_input'],
    [{ funnel_viz_type: 'trends' }, 'entrance_period_start', 'required'],
  ])('400 for %p', (extra, attr, code) => {
    const e = errorOf(() => funnel(extra));
    expect([e.attr, e.code]).toEqual([attr, code]);
  });

  it('needs events, and events only', () => {
    expect(errorOf(() => funnelQuery(params({ funnel_step: '1' }), NOW)).attr).toBe('events');
    expect(
      errorOf(() => funnelQuery(params({ events: '[{"id": 1, "type": "actions"}]', funnel_step: '1' }), NOW)).attr,
    ).toBe('events');
  });

  it('funnel trends: the entrance period and conversion to the last step', () => {
    const q = funnel({ funnel_viz_type: 'trends', entrance_period_start: '2024-03-04 10:00:00', drop_off: 'true' });
    expect(q.selection).toEqual({
      kind: 'trends',
      entranceFrom: new Date('2024-03-04T00:00:00Z'),
      entranceTo: new Date('2024-03-05T00:00:00Z'),
      converted: false,
      toStep: 3,
    });
  });
});

describe('funnelCorrelationQuery', () => {
  it('needs the entity; reads converted as TRUE/FALSE', () => {
    expect(errorOf(() => funnelCorrelationQuery(params({ events: STEPS }), NOW)).attr).toBe(
      'funnel_correlation_person_entity',
    );
    const q = funnelCorrelationQuery(
      params({
        events: STEPS,
        funnel_correlation_person_entity: '{"id": "x", "type": "events"}',
        funnel_correlation_person_converted: 'TRUE',
      }),
      NOW,
    );
    expect([q.entity.id, q.converted]).toEqual(['x', true]);
    expect(
      errorOf(() =>
        funnelCorrelationQuery(
          params({
            events: STEPS,
            funnel_correlation_person_entity: '{"id": "x"}',
            funnel_correlation_person_converted: 'maybe',
          }),
          NOW,
        ),
      ).attr,
    ).toBe('funnel_correlation_person_converted');
  });
});

describe('pathsQuery', () => {
  it('reads the keys as step number and element', () => {
    const q = pathsQuery(params({ path_start_key: '1_/home', path_end_key: '2_/a_b' }), NOW);
    expect([q.startKey, q.endKey]).toEqual([
      { index: 1, element: '/home' },
      { index: 2, element: '/a_b' },
    ]);
    expect(q.types).toEqual(['$pageview']);
    expect(q.stepLimit).toBe(5);
  });

  it.each([
    [{ path_start_key: '/home' }, 'path_start_key'],
    [{ path_dropoff_key: '0_/home' }, 'path_dropoff_key'],
    [{ path_type: 'hogql' }, 'path_type'],
    [{ include_event_types: '["$autocapture"]' }, 'include_event_types'],
    [{ funnel_paths: 'funnel_path_after_step' }, 'funnel_paths'],
    [{ step_limit: '1' }, 'step_limit'],
  ])('400 for %p', (query, attr) => {
    expect(errorOf(() => pathsQuery(params(query), NOW)).attr).toBe(attr);
  });
});

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

describe('stickinessQuery', () => {
  it('needs a positive stickiness_days', () => {
    expect(errorOf(() => stickinessQuery(params({ entity_id: 'e' }), NOW)).code).toBe('required');
    expect(errorOf(() => stickinessQuery(params({ entity_id: 'e', stickiness_days: '0' }), NOW)).attr).toBe(
      'stickiness_days',
    );
  });
});

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
