/** @sql-sensitive the services on their real repositories, concurrent transactions */
import { FlagDefinitionChanges, VERSION_STRIPES } from '@app/flag-definition-changes';
import type { QueryRunner, TransactionCommitEvent } from 'typeorm';
import { serverUrl } from '../../support/test-database';
import { Services, startServices } from '../support/services';

/**
 * A project's definitions version, which other instances compare against their cached copy:
 * every committed definitions write must change it, and writers on different connections must
 * not queue on it (it was one row, locked by every writer until its commit).
 */
describe('definitions version: one step per committed write, no queue between connections', () => {
  let s: Services;
  let changes: FlagDefinitionChanges;

  beforeAll(async () => {
    s = await startServices();
    changes = s.get(FlagDefinitionChanges);
  });
  afterAll(() => s?.close());

  it('adds exactly one per committed write, concurrent ones included, and none for a rollback', async () => {
    const before = await changes.version(s.project.id);
    await Promise.all(Array.from({ length: 12 }, () => s.ds.transaction((m) => changes.record(m, s.project.id))));
    await expect(
      s.ds.transaction(async (m) => {
        await changes.record(m, s.project.id);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await changes.version(s.project.id)).toBe(before + 12);
  });

  // Two connections are needed: the embedded database has one.
  (serverUrl() ? it : it.skip)(
    'a write on another connection commits while one that has bumped the version is still open',
    async () => {
      const before = await changes.version(s.project.id);
      const runners: QueryRunner[] = [];
      try {
        const open = s.ds.createQueryRunner();
        runners.push(open);
        await open.connect();
        await open.startTransaction();
        await changes.record(open.manager, s.project.id);
        // What the commit does first: the bump, whose lock the transaction now holds.
        await changes.beforeTransactionCommit({ queryRunner: open } as TransactionCommitEvent);
        const stripe = async (r: QueryRunner) =>
          Number((await r.query(`SELECT pg_backend_pid() % $1 AS s`, [VERSION_STRIPES]))[0].s);
        const held = await stripe(open);
        // Another connection of the pool on another stripe (backends' ids differ from one to the next).
        let other: QueryRunner | undefined;
        for (let i = 0; i < 4 && !other; i++) {
          const r = s.ds.createQueryRunner();
          runners.push(r);
          await r.connect();
          if ((await stripe(r)) !== held) other = r;
        }
        if (!other) throw new Error('no connection of the pool on another stripe');
        await other.query(`SET lock_timeout = '2s'`);
        await other.startTransaction();
        await changes.record(other.manager, s.project.id);
        await other.commitTransaction();
        await other.query(`RESET lock_timeout`);
        await open.rollbackTransaction();
        expect(await changes.version(s.project.id)).toBe(before + 1);
      } finally {
        for (const r of runners) {
          if (r.isTransactionActive) await r.rollbackTransaction();
          await r.release();
        }
      }
    },
  );
});
