import { errorOf, NOW, params } from '../testing/params';
import { pathsQuery } from './paths.query';

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
