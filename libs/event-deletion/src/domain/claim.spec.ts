import { isAbandoned, ownerLabel, parseOwner, requestStatus } from './claim';

describe('deletion request claims', () => {
  const self = { host: 'worker-1', pid: 4242 };
  const running = (pid: number) => pid === 100 || pid === 4242;

  it('labels the claiming process host:pid and reads the label back', () => {
    expect(ownerLabel(self)).toBe('worker-1:4242');
    expect(parseOwner('worker-1:4242')).toEqual(self);
    expect(parseOwner('ip-10-0-0-1.ec2.internal:7')).toEqual({ host: 'ip-10-0-0-1.ec2.internal', pid: 7 });
    expect(parseOwner('garbage')).toBeNull();
  });

  it.each([
    ['a gone process of this host', 'worker-1:999', true],
    ['a running process of this host', 'worker-1:100', false],
    ['this process (a leftover of an earlier run)', 'worker-1:4242', true],
    ['another host, whatever its pid', 'worker-2:999', false],
    ['an unreadable label', 'nonsense', false],
  ])('a claim by %s is abandoned: %s', (_what, claimedBy, abandoned) => {
    expect(isAbandoned(claimedBy, self, running)).toBe(abandoned);
  });

  it('shows a request as done, running (claimed) or pending', () => {
    expect(requestStatus(true, false)).toBe('done');
    expect(requestStatus(false, true)).toBe('running');
    expect(requestStatus(false, false)).toBe('pending');
  });
});
