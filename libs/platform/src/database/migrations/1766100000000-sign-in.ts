import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Email and password sign-in for the console: a user's password hash (scrypt, parameters in the
 * value; NULL: no password, the user signs in with keys only) and the sessions a sign-in opens.
 * A session's token is stored as its SHA-256, like a personal API key; its CSRF token is not a
 * credential on its own and is kept plain so that each response can hand it back.
 */
export class SignIn1766100000000 implements MigrationInterface {
  name = 'SignIn1766100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users ADD COLUMN password_hash text NULL`);
    await q.query(`
      CREATE TABLE user_sessions (
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        user_id integer NOT NULL,
        secure_value text NOT NULL,
        csrf_token text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        CONSTRAINT pk_user_sessions PRIMARY KEY (id),
        CONSTRAINT uq_user_sessions_secure_value UNIQUE (secure_value),
        CONSTRAINT fk_user_sessions_user FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE
      )`);
    await q.query(`CREATE INDEX ix_user_sessions_user_id ON user_sessions (user_id)`);
    await q.query(`CREATE INDEX ix_user_sessions_expires_at ON user_sessions (expires_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE user_sessions`);
    await q.query(`ALTER TABLE users DROP COLUMN password_hash`);
  }
}
