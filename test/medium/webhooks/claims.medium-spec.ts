/** @sql-sensitive claims with SKIP LOCKED and a lease */
import { TenancyService } from '@app/platform';
import { WebhooksRepository } from '../../../libs/webhooks/src/persistence/webhooks.repository';
import { Services, startServices } from '../support/services';

/**
 * WebhooksRepository.claim, several at once (as several processes claim): whatever their
 * timing, no project ever has more than `perProject` deliveries leased, and each project still
 * gets its share. On PostgreSQL the claims run on connections of their own, at the same moment;
 * the embedded database runs them one after another.
 */
describe('webhook delivery claims: the per-project bound across processes', () => {
  let s: Services;
  let repo: WebhooksRepository;
  let other: number;
  const perProject = 2;
  const LEASE_MS = 60_000;
  const retryAt = () => new Date(Date.now() + 60_000);

  async function leased(): Promise<Map<number, number>> {
    const rows: Array<{ project_id: number; n: number }> = await s.ds.query(
      `SELECT project_id, count(*)::int AS n FROM webhook_deliveries
        WHERE status = 'pending' AND lease_until >= now() GROUP BY project_id`,
    );
    return new Map(rows.map((r) => [r.project_id, r.n]));
  }

  beforeAll(async () => {
    s = await startServices();
    repo = s.get(WebhooksRepository);
    other = (await s.get(TenancyService).createProject(s.project.organizationId, 'Other claims')).id;
    // Plenty due in both projects: every claim could take more than the bound allows.
    await s.ds.query(
      `INSERT INTO webhook_deliveries (project_id, webhook_id, event, payload, next_attempt_at)
       SELECT p, NULL, 'slack', '{"event": "e", "distinct_id": "d"}', now() - interval '1 minute'
         FROM unnest($1::int[]) AS p, generate_series(1, 40)`,
      [[s.project.id, other]],
    );
  });
  afterAll(() => s?.close());

  it('never leases more than perProject of one project, with four claims at once, round after round', async () => {
    for (let round = 0; round < 25; round++) {
      const claims = await Promise.all(
        Array.from({ length: 4 }, () => repo.claim(8, perProject, 1_000, LEASE_MS, retryAt)),
      );
      const held = await leased();
      expect({ round, project: held.get(s.project.id), other: held.get(other) }).toEqual({
        round,
        project: perProject,
        other: perProject,
      });
      expect(claims.flat()).toHaveLength(2 * perProject);
      // The attempts end: the next round starts from no lease.
      await s.ds.query(`UPDATE webhook_deliveries SET lease_until = NULL, lease_token = NULL`);
    }
  });

  it('never leases more than perOrganization of one organization, however many of its projects are due', async () => {
    for (let round = 0; round < 5; round++) {
      const claims = await Promise.all(
        Array.from({ length: 4 }, () => repo.claim(8, perProject, 3, LEASE_MS, retryAt)),
      );
      const held = await leased();
      expect((held.get(s.project.id) ?? 0) + (held.get(other) ?? 0)).toBe(3);
      expect(claims.flat()).toHaveLength(3);
      await s.ds.query(`UPDATE webhook_deliveries SET lease_until = NULL, lease_token = NULL`);
    }
  });
});
