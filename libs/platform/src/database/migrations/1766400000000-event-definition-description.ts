import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Event definitions get a description (PostHog's enterprise event definitions have one, edited by
 * PATCH): '' for every existing definition; at most 1000 characters (the API's limit).
 */
export class EventDefinitionDescription1766400000000 implements MigrationInterface {
  name = 'EventDefinitionDescription1766400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE event_definitions
        ADD COLUMN description text NOT NULL DEFAULT '',
        ADD CONSTRAINT ck_event_definitions_description_length CHECK (char_length(description) <= 1000)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE event_definitions DROP COLUMN description`);
  }
}
