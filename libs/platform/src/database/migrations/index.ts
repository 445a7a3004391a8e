import { Platform1763700000000 } from './1763700000000-platform';
import { Persons1763900000000 } from './1763900000000-persons';
import { EventDeletion1764100000000 } from './1764100000000-event-deletion';
import { EventDeletionClaims1764150000000 } from './1764150000000-event-deletion-claims';

/**
 * The one linear migration history, oldest first. Every context adds its migrations here (the
 * timestamp in the name orders them); each runs on PostgreSQL and on the embedded PGlite.
 */
export const MIGRATIONS = [
  Platform1763700000000,
  Persons1763900000000,
  EventDeletion1764100000000,
  EventDeletionClaims1764150000000,
];
