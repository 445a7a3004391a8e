/**
 * Who works a deletion request. A batch run claims one request at a time: the claim carries a
 * token of the run, the `host:pid` of its process and a lease the run renews with every chunk.
 */
export interface ClaimOwner {
  host: string;
  pid: number;
}

export function ownerLabel(owner: ClaimOwner): string {
  return `${owner.host}:${owner.pid}`;
}

export function parseOwner(label: string): ClaimOwner | null {
  const m = /^(.+):(\d+)$/.exec(label);
  return m ? { host: m[1], pid: Number(m[2]) } : null;
}

/**
 * Whether a claim whose lease has not run out was left by a process that is gone, so a run may
 * take it over at once instead of waiting for the lease: its process ran on this host and no
 * longer runs, or it is this very process (a process runs one batch at a time, so a claim of
 * ours that the current run did not make is a leftover, e.g. of a container restarted under the
 * same pid). Claims of other hosts are left until their lease runs out.
 */
export function isAbandoned(claimedBy: string, self: ClaimOwner, running: (pid: number) => boolean): boolean {
  const owner = parseOwner(claimedBy);
  if (!owner || owner.host !== self.host) return false;
  return owner.pid === self.pid || !running(owner.pid);
}

export type RequestStatus = 'pending' | 'running' | 'done';

/** `running` while a run holds a live claim on it. */
export function requestStatus(verified: boolean, claimLive: boolean): RequestStatus {
  if (verified) return 'done';
  return claimLive ? 'running' : 'pending';
}
