import { DomainError } from '@app/platform/errors/domain-error';
import { eventTimestamp, normalizeEvents, readSdkPayload, sentAtFromQuery, uuidv7 } from './ingest-event';

const NOW = new Date('2026-01-10T12:00:00.000Z');

describe('readSdkPayload', () => {
  it('reads posthog-node batches, posthog-js arrays and single events', () => {
    expect(readSdkPayload({ api_key: 'phc_a', batch: [{ event: 'x' }], sent_at: 's' })).toMatchObject({
      token: 'phc_a',
      isBatch: true,
      sentAt: 's',
    });
    expect(readSdkPayload([{ event: 'x', properties: { token: 'phc_b' } }])).toMatchObject({
      token: 'phc_b',
      isBatch: true,
    });
    expect(readSdkPayload({ token: 'phc_c', event: 'x' })).toMatchObject({ token: 'phc_c', isBatch: false });
    expect(readSdkPayload({ event: 'x' }).token).toBeUndefined();
  });

  it('refuses other shapes and mixed tokens', () => {
    expect(() => readSdkPayload('text')).toThrow(DomainError);
    expect(() => readSdkPayload({ batch: {} })).toThrow(/batch must be a list/);
    expect(() => readSdkPayload([1])).toThrow(expect.objectContaining({ attr: 'batch__0' }));
    expect(() =>
      readSdkPayload([
        { event: 'a', properties: { token: 'phc_a' } },
        { event: 'b', properties: { token: 'phc_b' } },
      ]),
    ).toThrow(expect.objectContaining({ attr: 'token' }));
  });
});

describe('eventTimestamp', () => {
  it('corrects the client clock with sent_at', () => {
    // The client's clock is one hour ahead: its event 10 s before sending happened 10 s ago.
    const t = eventTimestamp({ timestamp: '2026-01-10T12:59:50Z', sentAt: '2026-01-10T13:00:00Z' }, NOW);
    expect(t.toISOString()).toBe('2026-01-10T11:59:50.000Z');
  });

  it('uses the timestamp as given without sent_at, or when $ignore_sent_at', () => {
    expect(eventTimestamp({ timestamp: '2026-01-09T08:00:00Z' }, NOW).toISOString()).toBe('2026-01-09T08:00:00.000Z');
    expect(
      eventTimestamp(
        { timestamp: '2026-01-09T08:00:00Z', sentAt: '2026-01-10T13:00:00Z', ignoreSentAt: true },
        NOW,
      ).toISOString(),
    ).toBe('2026-01-09T08:00:00.000Z');
  });

  it('treats a timestamp without zone as UTC', () => {
    expect(eventTimestamp({ timestamp: '2026-01-09 08:00:00' }, NOW).toISOString()).toBe('2026-01-09T08:00:00.000Z');
  });

  it('falls back to offset, then to the arrival time', () => {
    expect(eventTimestamp({ offset: 5000 }, NOW).toISOString()).toBe('2026-01-10T11:59:55.000Z');
    expect(eventTimestamp({}, NOW)).toEqual(NOW);
    expect(eventTimestamp({ timestamp: 'yesterday' }, NOW)).toEqual(NOW);
    expect(eventTimestamp({ timestamp: 1234 }, NOW)).toEqual(NOW);
  });

  it('refuses timestamps more than 23 hours ahead', () => {
    expect(eventTimestamp({ timestamp: '2026-01-11T12:00:00Z' }, NOW)).toEqual(NOW);
    expect(eventTimestamp({ timestamp: '2026-01-11T10:00:00Z' }, NOW).toISOString()).toBe('2026-01-11T10:00:00.000Z');
  });

  it('reads posthog-js send time from ?_=', () => {
    expect(sentAtFromQuery(String(NOW.getTime()))).toEqual(NOW);
    expect(sentAtFromQuery('abc')).toBeUndefined();
  });
});

describe('normalizeEvents', () => {
  const normalize = (events: unknown[], extra: object = {}) =>
    normalizeEvents(
      { token: 't', events: events as Array<Record<string, unknown>>, sentAt: undefined, isBatch: true, ...extra },
      NOW,
    );

  it('merges top-level $set/$set_once into properties and reads distinct_id from properties', () => {
    const [e] = normalize([
      { event: '$identify', properties: { distinct_id: 'u', $set: { a: 1 } }, $set: { b: 2 }, $set_once: { c: 3 } },
    ]);
    expect(e.distinctId).toBe('u');
    expect(e.properties.$set).toEqual({ a: 1, b: 2 });
    expect(e.properties.$set_once).toEqual({ c: 3 });
    expect(e.processPerson).toBe(true);
  });

  it('keeps given uuids (lower-cased) and generates v7 ones', () => {
    const [a, b] = normalize([
      { event: 'x', distinct_id: 'u', uuid: '0188A7F0-0000-7000-8000-00000000000A' },
      { event: 'x', distinct_id: 1 },
    ]);
    expect(a.uuid).toBe('0188a7f0-0000-7000-8000-00000000000a');
    expect(b.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(b.distinctId).toBe('1');
    expect(uuidv7(0).startsWith('00000000-0000-7')).toBe(true);
  });

  it('drops person operations from personless events and from $groupidentify', () => {
    const [personless, group, identify] = normalize([
      { event: 'x', distinct_id: 'u', properties: { $process_person_profile: false, $set: { a: 1 } } },
      { event: '$groupidentify', distinct_id: 'u', properties: { $set: { a: 1 }, $group_type: 'company' } },
      { event: '$identify', distinct_id: 'u', properties: { $process_person_profile: false } },
    ]);
    expect(personless.processPerson).toBe(false);
    expect(personless.properties.$set).toBeUndefined();
    expect(group.properties.$set).toBeUndefined();
    expect(identify.processPerson).toBe(true);
  });

  it('replaces unpaired surrogates and refuses values nested too deeply', () => {
    const [e] = normalize([{ event: 'x', distinct_id: 'u', properties: { s: 'a\uD83Db', ok: '\uD83D\uDE00' } }]);
    expect(e.properties).toEqual({ s: 'a\uFFFDb', ok: '\uD83D\uDE00' });
    const deep = JSON.parse(
      '{"event":"x","distinct_id":"u","properties":{"a":' + '['.repeat(5000) + ']'.repeat(5000) + '}}',
    );
    expect(() => normalize([deep])).toThrow(expect.objectContaining({ attr: 'batch__0__properties' }));
  });

  it('replaces NUL characters and drops __proto__ keys', () => {
    const [e] = normalize([
      JSON.parse('{"event":"a\\u0000b","distinct_id":"u","properties":{"__proto__":{"x":1},"k":"v\\u0000"}}'),
    ]);
    expect(e.event).toBe('a\uFFFDb');
    expect(e.properties).toEqual({ k: 'v\uFFFD' });
  });

  it('names the field of a bad event', () => {
    expect(() => normalize([{ event: 'x', distinct_id: 'u' }, { event: 'x' }])).toThrow(
      expect.objectContaining({ attr: 'batch__1__distinct_id', code: 'required' }),
    );
    expect(() => normalize([{ distinct_id: 'u' }], { isBatch: false })).toThrow(
      expect.objectContaining({ attr: 'event' }),
    );
    expect(() => normalize([{ event: 'x', distinct_id: { a: 1 } }])).toThrow(
      expect.objectContaining({ attr: 'batch__0__distinct_id' }),
    );
    expect(() => normalize([{ event: 'x', distinct_id: 'u', uuid: 'nope' }])).toThrow(
      expect.objectContaining({ attr: 'batch__0__uuid' }),
    );
    expect(() => normalize([{ event: 'x', distinct_id: 'u', properties: [] }])).toThrow(
      expect.objectContaining({ attr: 'batch__0__properties' }),
    );
  });

  it('truncates event names and distinct ids at 200 characters', () => {
    const [e] = normalize([{ event: 'e'.repeat(300), distinct_id: 'd'.repeat(300) }]);
    expect(e.event).toHaveLength(200);
    expect(e.distinctId).toHaveLength(200);
  });
});
