// Run as a child process by random-kill.test.ts: processes each given file version in full, in order,
// as a restarted worker re-running its jobs would, and prints where it is (the parent kills it with
// SIGKILL at random points). stdout to a pipe is synchronous on Linux: a line is out before the next step.
import { processFileVersion } from '../../src/modules/processing/service';
import type { DatabaseTarget } from '../../src/platform/db';
import { openDatabase } from '../../src/platform/db';
import { createLogger } from '../../src/platform/logger';
import { LocalDiskStorage } from '../../src/platform/storage/local-disk';

const target = JSON.parse(process.env.KILL_TEST_TARGET ?? '') as DatabaseTarget;
const versionIds = JSON.parse(process.env.KILL_TEST_VERSION_IDS ?? '[]') as string[];
const database = await openDatabase(target);
const deps = {
  db: database.db,
  storage: new LocalDiskStorage(process.env.KILL_TEST_FILES_DIR ?? ''),
  clock: { now: () => new Date() },
  logger: createLogger('silent'),
};
const say = (line: string): void => {
  process.stdout.write(`${line}\n`);
};
say('ready');
for (const id of versionIds) {
  say(`parse ${id}`);
  const outcome = await processFileVersion(deps, id, 'full', {
    afterBatch: (table) => say(`copy ${table} ${id}`),
  });
  say(`done ${id} ${outcome.status}`);
}
await database.close();
say('finished');
