import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Dates in the project's time zone (PostHog's flags service): `targeting_date_ms(jsonb, text)`
 * reads a date property as `targeting_date_ms(jsonb)` does, except that a date, or a date and time,
 * without a zone is wall-clock time in the given zone (an IANA name). A wall-clock time the zone
 * skips is no date (NULL); one it shows twice is the earlier instant. The in-memory reading is
 * `parseDateProperty` (libs/targeting/src/domain/dates.ts); the differential test holds the two together.
 */
export class ProjectTimeZone1767100000000 implements MigrationInterface {
  name = 'ProjectTimeZone1767100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE FUNCTION targeting_date_ms(v jsonb, tz text) RETURNS float8
      LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE AS $$
    DECLARE
      ms float8 := targeting_date_ms(v);
      wall timestamp;
      probe timestamptz;
      candidate timestamptz;
      offset_before interval;
      offset_after interval;
      chosen interval;
    BEGIN
      IF ms IS NULL OR tz = 'UTC' OR jsonb_typeof(v) <> 'string'
         OR (v #>> '{}') !~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}([Tt ][0-9]{2}:[0-9]{2}(:[0-9]{2}(\\.[0-9]+)?)?)?$' THEN
        RETURN ms;
      END IF;
      wall := to_timestamp(ms / 1000.0) AT TIME ZONE 'UTC';
      -- The zone's offsets a day either side bracket any change of its clocks near wall.
      probe := (wall - interval '1 day') AT TIME ZONE 'UTC';
      offset_before := (probe AT TIME ZONE tz) - (probe AT TIME ZONE 'UTC');
      probe := (wall + interval '1 day') AT TIME ZONE 'UTC';
      offset_after := (probe AT TIME ZONE tz) - (probe AT TIME ZONE 'UTC');
      FOREACH chosen IN ARRAY ARRAY[greatest(offset_before, offset_after), least(offset_before, offset_after)] LOOP
        -- The larger offset gives the earlier instant.
        candidate := (wall - chosen) AT TIME ZONE 'UTC';
        IF (candidate AT TIME ZONE tz) = wall THEN
          RETURN ms - extract(epoch FROM chosen)::float8 * 1000;
        END IF;
      END LOOP;
      RETURN NULL;
    END $$`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP FUNCTION IF EXISTS targeting_date_ms(jsonb, text)`);
  }
}
