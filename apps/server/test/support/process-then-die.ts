// Run as a child process by worker-kill.test.ts: processes one file version and SIGKILLs itself
// in the middle of the write transaction, the way an out-of-memory kill or a power cut would.
import { processFileVersion } from '../../src/modules/processing/service';
import type { DatabaseTarget } from '../../src/platform/db';
import { openDatabase } from '../../src/platform/db';
import { createLogger } from '../../src/platform/logger';
import { LocalDiskStorage } from '../../src/platform/storage/local-disk';

const target = JSON.parse(process.env.KILL_TEST_TARGET ?? '') as DatabaseTarget;
const database = await openDatabase(target);
const deps = {
  db: database.db,
  storage: new LocalDiskStorage(process.env.KILL_TEST_FILES_DIR ?? ''),
  clock: { now: () => new Date() },
  logger: createLogger('silent'),
};
await processFileVersion(deps, process.env.KILL_TEST_VERSION_ID ?? '', 'full', {
  afterBatch: (table) => {
    if (table === 'element_properties') {
      process.stdout.write('killing myself mid-transaction\n');
      process.kill(process.pid, 'SIGKILL');
    }
  },
});
process.stdout.write('finished without being killed\n');
process.exit(3);
