import { ensureBuilt } from './processes';
import { prepareTemplate } from './test-database';

/**
 * Once per e2e run, before any worker starts: the migrated template database, and dist/ for the
 * tests that run the built server, worker and CLI as processes (building there, from several
 * workers at once, would delete dist/ under each other).
 */
export default async function globalSetup(): Promise<void> {
  ensureBuilt();
  await prepareTemplate();
}
