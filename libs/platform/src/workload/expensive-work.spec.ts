import { jest } from '@jest/globals';
import { PlatformConfig } from '../config/platform-config';
import { DomainError } from '../errors/domain-error';
import { ExpensiveWork } from './expensive-work';

function work(overrides: Partial<PlatformConfig> = {}): ExpensiveWork {
  return new ExpensiveWork(
    Object.assign(new PlatformConfig(), { DATABASE_URL: 'postgresql://x/y', DATABASE_POOL_SIZE: 10 }, overrides),
  );
}

const refusal = async (fn: () => Promise<unknown>) => {
  try {
    await fn();
  } catch (e) {
    return e instanceof DomainError ? { kind: e.kind, retryAfter: e.retryAfter } : e;
  }
  return undefined;
};

describe('ExpensiveWork', () => {
  it('takes half the pool by default, at most all but one connection, at least one', () => {
    expect(work().slots).toBe(5);
    expect(work({ DATABASE_POOL_SIZE: 3 }).slots).toBe(1);
    expect(work({ EXPENSIVE_CONCURRENCY: 50 }).slots).toBe(9);
    expect(work({ DATABASE_URL: undefined }).slots).toBe(1);
  });

  it('admits per user and per project up to their bounds, then answers 429 at once', async () => {
    const w = work({ EXPENSIVE_CONCURRENCY_PER_USER: 2, EXPENSIVE_CONCURRENCY_PER_PROJECT: 3 });
    const a1 = await w.admit({ userId: 1, projectId: 10 });
    await w.admit({ userId: 1, projectId: 10 });
    expect(await refusal(() => w.admit({ userId: 1, projectId: 11 }))).toEqual({ kind: 'throttled', retryAfter: 1 });
    await w.admit({ userId: 2, projectId: 10 });
    expect(await refusal(() => w.admit({ userId: 3, projectId: 10 }))).toEqual({ kind: 'throttled', retryAfter: 1 });
    await w.admit({ userId: 3, projectId: 11 });
    a1.release();
    a1.release();
    await w.admit({ userId: 3, projectId: 10 });
    expect(await refusal(() => w.admit({ userId: 4, projectId: 10 }))).toBeDefined();
  });

  it('hands slots out first come first served, and refuses a wait past its timeout', async () => {
    jest.useFakeTimers();
    try {
      const w = work({ DATABASE_POOL_SIZE: 2, EXPENSIVE_CONCURRENCY_PER_USER: 10 });
      const first = await w.admit({ userId: 1 });
      await first.slot(100);
      const order: string[] = [];
      const second = await w.admit({ userId: 1 });
      const third = await w.admit({ userId: 1 });
      const late = await w.admit({ userId: 1 });
      const s2 = second.slot(1_000).then(() => order.push('second'));
      const s3 = third.slot(1_000).then(() => order.push('third'));
      const sLate = late.slot(100).catch((e: DomainError) => order.push(`late ${e.kind}`));
      await jest.advanceTimersByTimeAsync(150);
      expect(order).toEqual(['late throttled']);
      late.release();
      first.release();
      await s2;
      expect(order).toEqual(['late throttled', 'second']);
      second.release();
      await Promise.all([s3, sLate]);
      expect(order).toEqual(['late throttled', 'second', 'third']);
      third.release();
      // all slots are free again: a background run starts at once
      await expect(w.run(async () => 'ran')).resolves.toBe('ran');
    } finally {
      jest.useRealTimers();
    }
  });
});
