import { ensureBuilt } from '../../support/processes';

/** The fault tests run the built server as a process: build dist/ once, before any test file. */
export default function globalSetup(): void {
  ensureBuilt();
}
