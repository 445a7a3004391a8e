import { prepareTemplate } from '../../support/test-database';

/** Once per run: the migrated template every medium spec copies its database from. */
export default async function globalSetup(): Promise<void> {
  await prepareTemplate();
}
