import { LastSeenThrottle } from './last-seen-throttle';

const HOUR = 3600_000;
const at = (ms: number) => new Date(Date.UTC(2026, 0, 1) + ms);

describe('LastSeenThrottle', () => {
  it('lets a name through once per interval, per project', () => {
    const throttle = new LastSeenThrottle(HOUR);
    expect(throttle.due(1, ['b', 'a', 'b'], at(0))).toEqual(['a', 'b']);
    throttle.markWritten(1, ['a', 'b'], at(0));
    expect(throttle.due(1, ['a', 'b', 'c'], at(HOUR - 1))).toEqual(['c']);
    expect(throttle.due(2, ['a'], at(1))).toEqual(['a']);
    expect(throttle.due(1, ['a', 'b'], at(HOUR))).toEqual(['a', 'b']);
  });

  it('counts the interval from the last write, not the first sighting', () => {
    const throttle = new LastSeenThrottle(HOUR);
    throttle.markWritten(1, ['a'], at(0));
    throttle.markWritten(1, ['a'], at(HOUR));
    expect(throttle.due(1, ['a'], at(HOUR + HOUR / 2))).toEqual([]);
    expect(throttle.due(1, ['a'], at(2 * HOUR))).toEqual(['a']);
  });

  it('does not let an older batch write after a newer one', () => {
    const throttle = new LastSeenThrottle(HOUR);
    throttle.markWritten(1, ['a'], at(HOUR));
    expect(throttle.due(1, ['a'], at(0))).toEqual([]);
  });

  it('writes every batch with a zero interval', () => {
    const throttle = new LastSeenThrottle(0);
    throttle.markWritten(1, ['a'], at(0));
    expect(throttle.due(1, ['a'], at(0))).toEqual(['a']);
  });

  it('forgets a name on request (deleted or renamed definitions)', () => {
    const throttle = new LastSeenThrottle(HOUR);
    throttle.markWritten(1, ['a', 'b'], at(0));
    throttle.forget(1, 'a');
    expect(throttle.due(1, ['a', 'b'], at(1))).toEqual(['a']);
  });

  it('stays bounded, forgetting the least recently used names first', () => {
    const throttle = new LastSeenThrottle(HOUR, 3);
    throttle.markWritten(1, ['a', 'b', 'c'], at(0));
    throttle.markWritten(1, ['a'], at(1));
    throttle.markWritten(1, ['d'], at(2));
    expect(throttle.size).toBe(3);
    expect(throttle.due(1, ['a', 'b', 'c', 'd'], at(3))).toEqual(['b']);
  });

  it('keeps a name that keeps arriving when full, forgetting one not seen since', () => {
    const throttle = new LastSeenThrottle(HOUR, 2);
    throttle.markWritten(1, ['hot', 'cold'], at(0));
    // every batch brings `hot`, written once an hour: it is still the most recently used
    expect(throttle.due(1, ['hot'], at(1))).toEqual([]);
    throttle.markWritten(1, ['new'], at(2));
    expect(throttle.due(1, ['hot', 'cold', 'new'], at(3))).toEqual(['cold']);
  });

  it('keeps project and name apart in its keys', () => {
    const throttle = new LastSeenThrottle(HOUR);
    throttle.markWritten(1, ['2\u0000x'], at(0));
    expect(throttle.due(12, ['x'], at(1))).toEqual(['x']);
  });
});
