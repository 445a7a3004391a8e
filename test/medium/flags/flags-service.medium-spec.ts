/** @sql-sensitive the services on their real repositories, transactions */
import { FlagDefinitionChanges } from '@app/flag-definition-changes';
import { FlagInput, FlagsService } from '@app/flags';
import { DomainError, TenancyService } from '@app/platform';
import { Services, startServices } from '../support/services';

/**
 * What FlagsService promises about a change, checked on the real tables: a change is one
 * transaction holding the flag's new version, its activity entry and the definitions change
 * that tells every instance to recompile; a change that is refused, or changes nothing, leaves
 * no trace in any of them.
 */
describe('FlagsService: a change and everything it writes, in one transaction', () => {
  let s: Services;
  let flags: FlagsService;
  let changes: FlagDefinitionChanges;
  let heard: Array<readonly number[] | 'all'>;
  let n = 0;

  beforeAll(async () => {
    s = await startServices();
    flags = s.get(FlagsService);
    changes = s.get(FlagDefinitionChanges);
    changes.subscribe((projects) => heard.push(projects));
  });
  afterAll(() => s?.close());
  beforeEach(() => {
    heard = [];
  });

  /**
   * Until what earlier writes announced has arrived: on PostgreSQL this instance LISTENs too, and
   * its own NOTIFYs come back a moment after the commit. Then forgets it.
   */
  async function quiet(): Promise<void> {
    if (changes.shared) {
      let seen;
      do {
        seen = heard.length;
        await new Promise((r) => setTimeout(r, 100));
      } while (heard.length !== seen);
    }
    heard = [];
  }

  const everyone = { groups: [{ properties: [], rollout_percentage: 100 }] };

  async function newFlag(input: FlagInput = {}): Promise<number> {
    n += 1;
    const view = await flags.create(s.project, s.actor, {
      key: `flag-${n}`,
      name: `Flag ${n}`,
      filters: everyone,
      ...input,
    });
    return view.flag.id;
  }

  /** What the tables hold about one flag: its row, its activity, the project's definitions version. */
  async function stateOf(id: number) {
    const [row] = await s.ds.query(
      `SELECT name, version, deleted, last_modified_by_id AS "lastModifiedById" FROM feature_flags WHERE id = $1`,
      [id],
    );
    const activity: Array<{ activity: string }> = await s.ds.query(
      `SELECT activity FROM activity_log WHERE scope = 'FeatureFlag' AND item_id = $1 ORDER BY created_at`,
      [String(id)],
    );
    return {
      ...row,
      activity: activity.map((a) => a.activity),
      definitionsVersion: await changes.version(s.project.id),
    };
  }

  /** True when no change is announced, locally or (on PostgreSQL) by NOTIFY, for a moment. */
  async function nothingHeard(): Promise<boolean> {
    if (changes.shared) await new Promise((r) => setTimeout(r, 200));
    return heard.length === 0;
  }

  async function refusal(p: Promise<unknown>): Promise<DomainError> {
    const e = await p.then(
      () => undefined,
      (error: unknown) => error,
    );
    if (!(e instanceof DomainError)) throw new Error(`expected a DomainError, got ${String(e)}`);
    return e;
  }

  it('writes the new version, the editor, one activity entry and one definitions change together', async () => {
    const id = await newFlag();
    const before = await stateOf(id);
    await quiet();

    await flags.update(s.project, s.actor, id, { name: 'Renamed', version: 1 });

    expect(await stateOf(id)).toEqual({
      name: 'Renamed',
      version: 2,
      deleted: false,
      lastModifiedById: s.actor.userId,
      activity: ['created', 'updated'],
      definitionsVersion: before.definitionsVersion + 1,
    });
    // Listeners in this process heard of it by the time the writer answered (on PostgreSQL the
    // instance's own NOTIFY may echo it once more).
    expect(heard[0]).toEqual([s.project.id]);
    expect(heard.every((h) => h !== 'all' && h.length === 1 && h[0] === s.project.id)).toBe(true);
  });

  it('writes nothing for a request that changes nothing', async () => {
    const id = await newFlag({ name: 'Same' });
    const before = await stateOf(id);
    await quiet();

    await flags.update(s.project, s.actor, id, { name: 'Same', filters: everyone });

    expect(await stateOf(id)).toEqual(before);
    expect(await nothingHeard()).toBe(true);
  });

  it('refuses a stale version and writes nothing', async () => {
    const id = await newFlag();
    await flags.update(s.project, s.actor, id, { name: 'Second' });
    const before = await stateOf(id);
    await quiet();

    const e = await refusal(flags.update(s.project, s.actor, id, { name: 'From an old form', version: 1 }));

    expect(e.kind).toBe('conflict');
    expect(e.detail).toMatch(/updated by owner@medium\.test since you started editing it/);
    expect(await stateOf(id)).toEqual(before);
    expect(await nothingHeard()).toBe(true);
  });

  it('lets one of two edits made from the same version through and refuses the other (the row is locked)', async () => {
    const id = await newFlag();

    const results = await Promise.allSettled([
      flags.update(s.project, s.actor, id, { name: 'Edit A', version: 1 }),
      flags.update(s.project, s.actor, id, { name: 'Edit B', version: 1 }),
    ]);

    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.flatMap((r) => (r.status === 'rejected' ? [r.reason] : []));
    expect(won).toHaveLength(1);
    expect(lost).toEqual([expect.objectContaining({ kind: 'conflict' })]);
    const after = await stateOf(id);
    expect(after).toMatchObject({ version: 2, activity: ['created', 'updated'] });
    expect(['Edit A', 'Edit B']).toContain(after.name);
  });

  it('refuses to delete a flag others depend on, after taking the graph lock, and leaves no trace', async () => {
    const parent = await newFlag();
    await newFlag({
      filters: {
        groups: [{ properties: [{ key: String(parent), type: 'flag', value: true, operator: 'flag_evaluates_to' }] }],
      },
    });
    const before = await stateOf(parent);
    await quiet();

    const e = await refusal(flags.update(s.project, s.actor, parent, { deleted: true }));

    expect([e.kind, e.attr]).toEqual(['invalid', 'deleted']);
    expect(e.detail).toMatch(/other flags depend on it/);
    expect(await stateOf(parent)).toEqual(before);
    expect(await nothingHeard()).toBe(true);
  });

  it("applies a change on a user's behalf as a PATCH would, and refuses one for a user who left the organization", async () => {
    const id = await newFlag();
    const trigger = { job_type: 'scheduled_change', job_id: 'medium', payload: {} };
    await quiet();

    await s.ds.transaction((m) =>
      flags.changeOnBehalf(m, s.project.id, s.actor.userId, id, () => ({ active: false }), trigger),
    );
    const applied = await stateOf(id);
    expect(applied).toMatchObject({ version: 2, lastModifiedById: s.actor.userId, activity: ['created', 'updated'] });
    expect(heard[0]).toEqual([s.project.id]);

    const outsider = await s.get(TenancyService).ensureUser('left@medium.test');
    await quiet();
    const e = await refusal(
      s.ds.transaction((m) =>
        flags.changeOnBehalf(m, s.project.id, outsider.id, id, () => ({ active: true }), trigger),
      ),
    );
    expect(e.kind).toBe('forbidden');
    expect(await stateOf(id)).toEqual(applied);
    expect(await nothingHeard()).toBe(true);
  });

  it('drops a definitions change whose transaction rolls back: no version, no listener', async () => {
    const before = await changes.version(s.project.id);
    await quiet();

    await expect(
      s.ds.transaction(async (m) => {
        await changes.record(m, s.project.id);
        throw new Error('the writer failed after recording');
      }),
    ).rejects.toThrow('the writer failed after recording');

    expect(await changes.version(s.project.id)).toBe(before);
    expect(await nothingHeard()).toBe(true);
  });
});
