import { HttpConfig, JsonLogger } from '@app/platform';
import { Writable } from 'node:stream';
import type { DataSource } from 'typeorm';
import { FlagCallCounter, FlagClock } from './flag-calls';

/** The statements the counter sends, and a switch to make them fail. */
function fakeDataSource() {
  const queries: unknown[][] = [];
  let failing = false;
  const ds = {
    transaction: async (work: (m: { query: (sql: string, params: unknown[]) => Promise<void> }) => Promise<void>) => {
      if (failing) throw new Error('database down');
      const sent: unknown[][] = [];
      await work({ query: async (_sql, params) => void sent.push(params) });
      queries.push(...sent);
    },
  };
  return { ds: ds as unknown as DataSource, queries, fail: (on: boolean) => (failing = on) };
}

class MovableClock extends FlagClock {
  at = new Date('2026-11-27T23:59:59Z');
  override now(): Date {
    return this.at;
  }
}

/** The written counts as `flagId:day → count`, and the latest call per flag id. */
function written(queries: unknown[][]) {
  const [ids, , days, counts] = queries[0] as [number[], number[], string[], number[]];
  const lasts = queries[1] as [number[], Date[]];
  return {
    counts: Object.fromEntries(ids.map((id, i) => [`${id}:${days[i]}`, counts[i]])),
    last: Object.fromEntries(lasts[0].map((id, i) => [id, lasts[1][i].toISOString()])),
  };
}

describe('FlagCallCounter', () => {
  const silent = new JsonLogger('error', new Writable({ write: (_c, _e, done) => done() }));

  it('counts a shared list of ids once per request and writes one count per flag and day', async () => {
    const { ds, queries } = fakeDataSource();
    const clock = new MovableClock();
    const counter = new FlagCallCounter(ds, new HttpConfig(), clock, silent);
    const active = [1, 2, 3];
    counter.record(7, active, true);
    counter.record(7, active, true);
    counter.record(7, [2], false);
    clock.at = new Date('2026-11-28T00:00:01Z');
    counter.record(7, active, true);
    counter.record(7, [], true);
    await counter.flush();
    expect(written(queries).counts).toEqual({
      '1:2026-11-27': 2,
      '2:2026-11-27': 3,
      '3:2026-11-27': 2,
      '1:2026-11-28': 1,
      '2:2026-11-28': 1,
      '3:2026-11-28': 1,
    });
    expect(written(queries).last[2]).toBe('2026-11-28T00:00:01.000Z');
    queries.length = 0;
    await counter.flush();
    expect(queries).toEqual([]);
  });

  it('keeps the counts of a failed write and adds them to the next one', async () => {
    const { ds, queries, fail } = fakeDataSource();
    const counter = new FlagCallCounter(ds, new HttpConfig(), new MovableClock(), silent);
    const active = [4, 5];
    counter.record(9, active, true);
    fail(true);
    await counter.flush();
    fail(false);
    counter.record(9, active, true);
    counter.record(9, [5], false);
    await counter.flush();
    expect(written(queries).counts).toEqual({ '4:2026-11-27': 2, '5:2026-11-27': 3 });
  });
});
