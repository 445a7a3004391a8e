import { prepareTemplate } from './test-database';

export default async function globalSetup(): Promise<void> {
  await prepareTemplate();
}
