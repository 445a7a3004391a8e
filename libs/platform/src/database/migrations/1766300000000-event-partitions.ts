import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Events partitioned by month of `timestamp` (PostgreSQL's declarative partitioning; PGlite runs
 * the same), so that analytics over a date range read only its months and retention drops whole
 * months. `events_pYYYY_MM` holds one UTC month; `events_default` whatever no month holds (SDKs
 * send any timestamp). The primary key takes the partition key: an event is (project, uuid,
 * timestamp), which is what PostHog's ClickHouse table de-duplicates on too (its sorting key
 * holds the event's date); ingestion still skips uuids the project has stored at any time.
 *
 * `events_ensure_partition(t)` creates the month of `t` (moving its rows out of the default
 * partition) and `events_drop_partitions_before(t)` drops the months that end before `t`; the
 * worker calls both (libs/persons EventPartitionsJob). The existing events move in this
 * migration's transaction, and it fails unless every one arrived.
 */
export class EventPartitions1766300000000 implements MigrationInterface {
  name = 'EventPartitions1766300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE events RENAME TO events_unpartitioned`);
    await q.query(`ALTER TABLE events_unpartitioned RENAME CONSTRAINT pk_events TO pk_events_unpartitioned`);
    await q.query(
      `ALTER TABLE events_unpartitioned RENAME CONSTRAINT fk_events_project TO fk_events_unpartitioned_project`,
    );
    for (const index of [
      'ix_events_project_event_timestamp_person',
      'ix_events_project_person_timestamp',
      'ix_events_personless_distinct_id',
    ]) {
      await q.query(`ALTER INDEX ${index} RENAME TO ${index.replace('ix_events_', 'ix_events_unpartitioned_')}`);
    }
    await q.query(`
      CREATE TABLE events (
        uuid uuid NOT NULL,
        project_id integer NOT NULL,
        event text NOT NULL,
        distinct_id text NOT NULL,
        person_id uuid NULL,
        properties jsonb NOT NULL DEFAULT '{}',
        timestamp timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT pk_events PRIMARY KEY (project_id, uuid, timestamp),
        CONSTRAINT fk_events_project FOREIGN KEY (project_id) REFERENCES projects (id) ON DELETE CASCADE
      ) PARTITION BY RANGE (timestamp)`);
    await q.query(
      `CREATE INDEX ix_events_project_event_timestamp_person ON events (project_id, event, timestamp) INCLUDE (person_id)`,
    );
    await q.query(`CREATE INDEX ix_events_project_person_timestamp ON events (project_id, person_id, timestamp)`);
    await q.query(
      `CREATE INDEX ix_events_personless_distinct_id ON events (project_id, distinct_id) WHERE person_id IS NULL`,
    );
    await q.query(`CREATE TABLE events_default PARTITION OF events DEFAULT`);

    // Serialised by an advisory lock: several workers may ensure the same month at once.
    await q.query(`
      CREATE FUNCTION events_ensure_partition(t timestamptz) RETURNS boolean
      LANGUAGE plpgsql AS $$
      DECLARE
        lo timestamptz := date_trunc('month', t, 'UTC');
        hi timestamptz := date_trunc('month', t, 'UTC') + interval '1 month';
        part text := 'events_p' || to_char(t AT TIME ZONE 'UTC', 'YYYY_MM');
      BEGIN
        PERFORM pg_advisory_xact_lock(7205301995);
        IF to_regclass(part) IS NOT NULL THEN
          RETURN false;
        END IF;
        EXECUTE format('CREATE TABLE %I (LIKE events INCLUDING DEFAULTS)', part);
        EXECUTE format('INSERT INTO %I SELECT * FROM events_default WHERE timestamp >= $1 AND timestamp < $2', part)
          USING lo, hi;
        DELETE FROM events_default WHERE timestamp >= lo AND timestamp < hi;
        EXECUTE format('ALTER TABLE events ATTACH PARTITION %I FOR VALUES FROM (%L) TO (%L)', part, lo, hi);
        RETURN true;
      END $$`);
    await q.query(`
      CREATE FUNCTION events_drop_partitions_before(t timestamptz) RETURNS integer
      LANGUAGE plpgsql AS $$
      DECLARE
        part record;
        dropped integer := 0;
      BEGIN
        PERFORM pg_advisory_xact_lock(7205301995);
        FOR part IN
          SELECT c.relname FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
           WHERE i.inhparent = 'events'::regclass AND c.relname ~ '^events_p[0-9]{4}_[0-9]{2}$'
             AND make_timestamptz(substr(c.relname, 9, 4)::int, substr(c.relname, 14, 2)::int, 1, 0, 0, 0, 'UTC')
                 + interval '1 month' <= t
        LOOP
          EXECUTE format('DROP TABLE %I', part.relname);
          dropped := dropped + 1;
        END LOOP;
        DELETE FROM events_default WHERE timestamp < t;
        RETURN dropped;
      END $$`);

    // The months that hold events, from two years back to this month, and the next three; older
    // and later events stay in the default partition until the worker makes their month.
    await q.query(`
      SELECT events_ensure_partition(m)
        FROM (SELECT DISTINCT date_trunc('month', timestamp, 'UTC') AS m FROM events_unpartitioned
               WHERE timestamp >= date_trunc('month', now(), 'UTC') - interval '24 months'
                 AND timestamp < date_trunc('month', now(), 'UTC') + interval '4 months'
              UNION SELECT generate_series(date_trunc('month', now(), 'UTC'),
                                           date_trunc('month', now(), 'UTC') + interval '3 months', interval '1 month')) months
       ORDER BY m`);
    await q.query(`INSERT INTO events SELECT * FROM events_unpartitioned`);
    const [{ before, after }] = await q.query(
      `SELECT (SELECT count(*) FROM events_unpartitioned)::bigint AS before, (SELECT count(*) FROM events)::bigint AS after`,
    );
    if (String(before) !== String(after)) throw new Error(`moved ${after} of ${before} events`);
    await q.query(`DROP TABLE events_unpartitioned`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE events RENAME TO events_partitioned`);
    await q.query(`
      CREATE TABLE events (LIKE events_partitioned INCLUDING DEFAULTS,
        CONSTRAINT pk_events_flat PRIMARY KEY (project_id, uuid, timestamp))`);
    await q.query(`INSERT INTO events SELECT * FROM events_partitioned`);
    await q.query(`DROP TABLE events_partitioned`);
    await q.query(`DROP FUNCTION events_ensure_partition(timestamptz)`);
    await q.query(`DROP FUNCTION events_drop_partitions_before(timestamptz)`);
  }
}
