import { DomainError } from '@app/platform/errors/domain-error';
import { DEFAULT_ORDERING, parseListQuery, parseOrdering, searchTermsOf } from './list-query';

function errorOf(fn: () => unknown): Pick<DomainError, 'code' | 'attr'> | undefined {
  try {
    fn();
    return undefined;
  } catch (e) {
    return { code: (e as DomainError).code, attr: (e as DomainError).attr };
  }
}

describe('event definition list query', () => {
  it('defaults to every definition, most recently seen first, then by name', () => {
    expect(parseListQuery({})).toEqual({ searchTerms: [], eventType: 'event', ordering: DEFAULT_ORDERING });
    expect(parseListQuery({ event_type: '', ordering: '' }).eventType).toBe('event');
  });

  it('splits search on spaces, drops empty terms and NUL characters', () => {
    expect(searchTermsOf(' sign  up\u0000 ')).toEqual(['sign', 'up']);
    expect(searchTermsOf('100% a_b')).toEqual(['100%', 'a_b']);
    expect(searchTermsOf(undefined)).toEqual([]);
  });

  it('takes the four event types and refuses others, naming event_type', () => {
    for (const t of ['event', 'event_custom', 'event_posthog', 'all']) {
      expect(parseListQuery({ event_type: t }).eventType).toBe(t);
    }
    expect(errorOf(() => parseListQuery({ event_type: 'action_events' }))).toEqual({
      code: 'invalid_input',
      attr: 'event_type',
    });
    expect(errorOf(() => parseListQuery({ event_type: ['event', 'all'] }))?.attr).toBe('event_type');
    expect(errorOf(() => parseListQuery({ search: ['a', 'b'] }))?.attr).toBe('search');
  });

  it('orders by name or last_seen_at in either direction, always ending with name', () => {
    expect(parseOrdering('name')).toEqual([{ field: 'name', descending: false }]);
    expect(parseOrdering('-name,last_seen_at')).toEqual([{ field: 'name', descending: true }]);
    expect(parseOrdering('last_seen_at')).toEqual([
      { field: 'last_seen_at', descending: false },
      { field: 'name', descending: false },
    ]);
    expect(parseOrdering(['-last_seen_at', '-name', 'last_seen_at'])).toEqual([
      { field: 'last_seen_at', descending: true },
      { field: 'name', descending: true },
    ]);
    expect(parseOrdering(' , ')).toEqual(DEFAULT_ORDERING);
  });

  it('refuses unknown ordering fields, naming ordering', () => {
    for (const bad of ['created_at', '--name', 'name;drop', 'last_seen_at::date']) {
      expect(errorOf(() => parseOrdering(bad))).toEqual({ code: 'invalid_input', attr: 'ordering' });
    }
    expect(errorOf(() => parseOrdering([{}]))?.attr).toBe('ordering');
  });
});
