import { errorOf, NOW, params, STEPS } from '../testing/params';
import { funnelCorrelationQuery, funnelQuery } from './funnel.query';

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
