/** @sql-sensitive the project's dependency-graph lock, concurrent writes */
import { jest } from '@jest/globals';
import pg from 'pg';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { seedDependencyChain } from '../../libs/flags/src/testing/seed-flags';
import { createCohort, createFlag } from '../evaluation/factories';
import { startTestApp, Tenant, TestApp } from '../support/test-app';

interface ShippedProperty {
  key: string;
  type: string;
  dependency_chain?: string[];
}
interface ShippedFlag {
  key: string;
  filters: { groups: Array<{ properties: ShippedProperty[] }> };
}

const dependsOn = (...ids: number[]) => ({
  groups: [
    {
      properties: ids.map((id) => ({ key: String(id), type: 'flag', operator: 'flag_evaluates_to', value: true })),
      rollout_percentage: 100,
    },
  ],
});
const inCohort = (id: number) => ({ properties: { type: 'AND', values: [{ key: 'id', type: 'cohort', value: id }] } });
const plain = { properties: { type: 'AND', values: [{ key: 'plan', type: 'person', value: 'pro' }] } };

/** Wall-clock figures, printed at the end as one `GRAPHS:` line (never asserted tightly). */
const figures: string[] = [];
async function timed<T>(label: string, run: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await run();
  figures.push(`${label} ${Math.round(performance.now() - started)} ms`);
  return result;
}

describe('flag dependency graphs: cost, depth and concurrent changes', () => {
  let t: TestApp;
  let ds: DataSource;

  beforeAll(async () => {
    t = await startTestApp();
    ds = t.app.get(DataSource);
  });
  afterAll(async () => {
    process.stdout.write(`GRAPHS: ${figures.join(', ')}\n`);
    await t?.close();
  });

  const localEvaluation = (tenant: Tenant) =>
    t.get(`/api/projects/${tenant.projectId}/feature_flags/local_evaluation`, tenant.key).expect(200);
  const sdkFlags = (tenant: Tenant, distinctId: string) =>
    request(t.baseUrl).post('/flags/?v=2').send({ token: tenant.projectToken, distinct_id: distinctId }).expect(200);
  const chainsOf = (body: { flags: ShippedFlag[] }, key: string) =>
    body.flags
      .find((f) => f.key === key)!
      .filters.groups.flatMap((g) => g.properties)
      .map((p) => p.dependency_chain);
  const keys = (prefix: string, from: number, to: number) =>
    Array.from({ length: to - from + 1 }, (_, i) => `${prefix}-${from + i}`);

  describe('150 flags, each depending on every earlier one', () => {
    let dense: Tenant;

    beforeAll(async () => {
      dense = await t.newTenant();
      const ids: number[] = [];
      await timed('create 150 dense', async () => {
        for (let i = 1; i <= 150; i++) {
          ids.push(
            (await createFlag(t, { key: `dense-${i}`, filters: dependsOn(...ids) }, dense.projectId, dense.key)).id,
          );
        }
      });
    });

    it('ships local-evaluation definitions at once, with PostHog’s chains within the documented bounds', async () => {
      const res = await timed('local_evaluation dense', () => localEvaluation(dense));
      figures.push(`dense body ${Math.round(res.text.length / 1024)} KiB`);
      expect(res.body.flags).toHaveLength(150);
      // Each dependency carries the chain a depth-first walk lists: everything it depends on, then itself.
      expect(chainsOf(res.body, 'dense-20')).toEqual(Array.from({ length: 19 }, (_, j) => keys('dense', 1, j + 1)));
      // The costliest flags no longer fit in FLAG_DEPENDENCY_CHAINS_TOTAL_MAX: every chain of theirs
      // is empty, and SDKs ask the server for them.
      const last = chainsOf(res.body, 'dense-150');
      expect(last).toHaveLength(149);
      expect(last.every((chain) => Array.isArray(chain) && chain.length === 0)).toBe(true);
      const total = (res.body.flags as ShippedFlag[])
        .flatMap((f) => f.filters.groups.flatMap((g) => g.properties))
        .reduce((sum, p) => sum + (p.dependency_chain?.length ?? 0), 0);
      expect(total).toBeGreaterThan(0);
      expect(total).toBeLessThanOrEqual(t.config.FLAG_DEPENDENCY_CHAINS_TOTAL_MAX);
      expect(res.text.length).toBeLessThan(10 * 1024 * 1024);
    });

    it('evaluates every flag at /flags', async () => {
      const res = await timed('/flags dense', () => sdkFlags(dense, 'someone'));
      expect(res.body.flags['dense-150']).toMatchObject({ enabled: true });
      expect(Object.values(res.body.flags).every((f) => (f as { enabled: boolean }).enabled)).toBe(true);
    });
  });

  describe('a chain of 10,000 flags', () => {
    let deep: Tenant;
    let ids: number[];

    beforeAll(async () => {
      deep = await t.newTenant();
      ids = await seedDependencyChain(ds, deep.projectId, deep.userId, 10_000);
    });

    it('evaluates at /flags without overflowing the stack', async () => {
      const res = await timed('/flags chain', () => sdkFlags(deep, 'someone'));
      expect(res.body.flags['link-10000']).toMatchObject({ enabled: true, reason: { code: 'condition_match' } });
      expect(res.body.errorsWhileComputingFlags).toBe(false);
    });

    it('ships local-evaluation definitions, chains over FLAG_DEPENDENCY_CHAIN_MAX empty', async () => {
      const res = await timed('local_evaluation chain', () => localEvaluation(deep));
      figures.push(`chain body ${Math.round(res.text.length / 1024)} KiB`);
      expect(res.body.flags).toHaveLength(10_000);
      expect(chainsOf(res.body, 'link-50')).toEqual([keys('link', 1, 49)]);
      expect(chainsOf(res.body, 'link-101')).toEqual([keys('link', 1, 100)]);
      expect(chainsOf(res.body, 'link-102')).toEqual([[]]);
      expect(chainsOf(res.body, 'link-10000')).toEqual([[]]);
    });

    it('refuses the cycle that closes the chain at once, naming its ends', async () => {
      const res = await timed('PATCH cycle check', () =>
        t.patch(
          `/api/projects/${deep.projectId}/feature_flags/${ids[0]}/`,
          { filters: dependsOn(ids.at(-1)!) },
          deep.key,
        ),
      );
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ type: 'validation_error', attr: 'filters' });
      expect(res.body.detail).toBe(
        'Circular dependency detected: link-1 → link-10000 → link-9999 → link-9998 → link-9997 → link-9996 → … (9990 more) → link-5 → link-4 → link-3 → link-2 → link-1',
      );
    });

    it('creates a flag on the tail reading the graph in one statement, not one per level', async () => {
      const queries = jest.spyOn(pg.Client.prototype, 'query');
      try {
        await timed('create on tail', () =>
          createFlag(t, { key: 'on-tail', filters: dependsOn(ids.at(-1)!) }, deep.projectId, deep.key),
        );
        figures.push(`create on tail ${queries.mock.calls.length} statements`);
        expect(queries.mock.calls.length).toBeLessThan(50);
      } finally {
        queries.mockRestore();
      }
    });
  });

  describe('concurrent changes', () => {
    const ROUNDS = 8;
    const flagsPath = () => `/api/projects/${t.projectId}/feature_flags`;
    const cohortsPath = () => `/api/projects/${t.projectId}/cohorts`;

    it('take the project’s graph lock only for filters with flag or cohort conditions, and bump the definitions version once, last', async () => {
      const cohort = await createCohort(t, { name: 'lock-check', filters: plain });
      const copies = (await t.post(`/api/projects/`, { name: 'Lock copies' }).expect(201)).body.id as number;
      const base = await createFlag(t, { key: 'lock-base' });
      const target = await createFlag(t, { key: 'lock-target' });
      const person = { properties: [{ key: 'plan', type: 'person', value: 'pro', operator: 'exact' }] };
      const queries = jest.spyOn(pg.Client.prototype, 'query');
      const statements = () =>
        queries.mock.calls.map(([q]) => String(typeof q === 'object' && q !== null ? (q as { text: string }).text : q));
      const locks = () => statements().filter((q) => q.includes('pg_advisory_xact_lock')).length;
      try {
        // [label, request, graph locks taken (null: not counted)]
        const sent: Array<[string, () => Promise<unknown>, number | null]> = [
          ['plain create', () => createFlag(t, { key: 'lock-plain', filters: { groups: [person] } }), 0],
          [
            'plain update',
            () => t.patch(`${flagsPath()}/${base.id}/`, { filters: { groups: [person] } }).expect(200),
            0,
          ],
          ['rename', () => t.patch(`${flagsPath()}/${base.id}/`, { name: 'renamed' }).expect(200), 0],
          [
            'cohort create',
            () =>
              createFlag(t, {
                key: 'lock-cohort',
                filters: { groups: [{ properties: [{ key: 'id', type: 'cohort', value: cohort.id }] }] },
              }),
            1,
          ],
          [
            'flag update',
            () => t.patch(`${flagsPath()}/${base.id}/`, { filters: dependsOn(target.id) }).expect(200),
            1,
          ],
          ['refused delete', () => t.patch(`${flagsPath()}/${target.id}/`, { deleted: true }).expect(400), 1],
          ['delete', () => t.patch(`${flagsPath()}/${base.id}/`, { deleted: true }).expect(200), 1],
          // Copies the flag's cohort into the other project, then the flag: two definitions writes.
          [
            'copy with its cohort',
            async () => {
              const res = await t
                .post(`/api/organizations/${t.organizationId}/feature_flags/copy_flags/`, {
                  feature_flag_key: 'lock-cohort',
                  from_project: t.projectId,
                  target_project_ids: [copies],
                })
                .expect(200);
              expect(res.body.failed).toEqual([]);
            },
            null,
          ],
        ];
        for (const [label, send, expected] of sent) {
          queries.mockClear();
          await send();
          if (expected !== null) expect([label, locks()]).toEqual([label, expected]);
          // The version row's lock is the transaction's last, held for the commit alone: one bump,
          // after every other write (a cohort's bump before the flag's key entry could deadlock).
          const all = statements();
          const commit = all.indexOf('COMMIT');
          const transaction = commit < 0 ? [] : all.slice(all.lastIndexOf('START TRANSACTION', commit) + 1, commit);
          const writes = transaction.filter((q) =>
            /^\s*(INSERT|UPDATE|DELETE)\b|\bAS \(\s*(INSERT|UPDATE|DELETE)\b/i.test(q),
          );
          const bumps = writes.filter((q) => q.includes('flag_definition_versions'));
          expect([label, bumps.length]).toEqual([label, writes.length > 0 ? 1 : 0]);
          if (writes.length > 0) expect([label, writes.at(-1)]).toEqual([label, bumps[0]]);
        }
      } finally {
        queries.mockRestore();
      }
    });

    it('never save a flag-dependency cycle (A→B and B→A sent together)', async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const a = await createFlag(t, { key: `race-a-${round}` });
        const b = await createFlag(t, { key: `race-b-${round}` });
        const results = await Promise.all([
          t.patch(`${flagsPath()}/${a.id}/`, { filters: dependsOn(b.id) }),
          t.patch(`${flagsPath()}/${b.id}/`, { filters: dependsOn(a.id) }),
        ]);
        expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
        expect(results.find((r) => r.status === 400)!.body.detail).toMatch(/^Circular dependency detected/);
      }
    });

    it('never save a cohort-reference cycle', async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const a = await createCohort(t, { name: `race-a-${round}`, filters: plain });
        const b = await createCohort(t, { name: `race-b-${round}`, filters: plain });
        const results = await Promise.all([
          t.patch(`${cohortsPath()}/${a.id}/`, { filters: inCohort(b.id) }),
          t.patch(`${cohortsPath()}/${b.id}/`, { filters: inCohort(a.id) }),
        ]);
        expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
        expect(results.find((r) => r.status === 400)!.body.detail).toMatch(/loop/);
      }
    });

    it('never deadlock or leave a dangling reference when copies, deletions and references race', async () => {
      const other = (await t.post(`/api/projects/`, { name: 'Copies' }).expect(201)).body.id as number;
      for (let round = 0; round < ROUNDS; round++) {
        const cohort = await createCohort(t, { name: `used-${round}`, filters: plain });
        const target = await createFlag(t, { key: `target-${round}` });
        const source = await createFlag(t, {
          key: `copied-${round}`,
          filters: { groups: [{ properties: [{ key: 'id', type: 'cohort', value: cohort.id }] }] },
        });
        const results = await Promise.all([
          t.post(`/api/organizations/${t.organizationId}/feature_flags/copy_flags/`, {
            feature_flag_key: source.key,
            from_project: t.projectId,
            target_project_ids: [other],
          }),
          t.patch(`${flagsPath()}/${source.id}/`, { filters: dependsOn(target.id) }),
          t.patch(`${flagsPath()}/${target.id}/`, { deleted: true }),
          t.patch(`${cohortsPath()}/${cohort.id}/`, { deleted: true }),
        ]);
        for (const r of results) expect([200, 400]).toContain(r.status);
        const [dependent, deleted] = [
          (await t.get(`${flagsPath()}/${source.id}/`).expect(200)).body,
          (await t.get(`${flagsPath()}/${target.id}/`).expect(200)).body,
        ];
        // Either the dependency was saved and the deletion refused, or the other way round.
        const depends = JSON.stringify(dependent.filters).includes(`"key":"${target.id}"`);
        expect(depends && deleted.deleted).toBe(false);
      }
    });
  });
});
