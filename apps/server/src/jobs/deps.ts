import type { Clock } from '../platform/clock';
import type { Database } from '../platform/db';
import type { Logger } from '../platform/logger';
import type { FileStorage } from '../platform/storage/storage';

/** What every job handler is given. */
export interface JobDeps {
  db: Database;
  clock: Clock;
  logger: Logger;
  storage: FileStorage;
}
