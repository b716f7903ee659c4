import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { generateIfc, type VersionTag } from '@plumbline/ifc-gen';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db';
import type { Logger } from '../../platform/logger';
import type { JobSender } from '../../platform/queue';
import type { FileStorage, StoredObject } from '../../platform/storage/storage';
import { createAuditRecorder } from '../audit';
import { insertFileVersion, queueProcessing, upsertBimFileByName } from '../bimfiles';
import { insertIdsFile, readIdsUpload } from '../idsfiles';
import { storageKeys } from '../storage';
import * as repo from './repo';

export const DEMO_PROJECT = {
  name: 'Demo Office',
  description:
    'A four-storey office block at RIBA stage 4: the architect’s model issued three times as the design team ' +
    'closed its information gaps, checked against the client’s stage 4 requirements (fire ratings, door ' +
    'widths, room data, classification, materials, storeys, ventilation systems). Sample data: read-only.',
} as const;

/** The owner of the demo project: a system account (see repo.ensureSystemUser). */
export const DEMO_OWNER = { email: 'demo-owner@plumbline.invalid', fullName: 'Plumbline Demo' } as const;

export const DEMO_MODEL_FILE = 'DemoOffice_ARC.ifc';
export const DEMO_IDS_FILE = 'DemoOffice_Stage4.ids';

/** The three issues of the model: fewer gaps each time (ifc-gen's version knob), three weeks apart. */
const ISSUES: ReadonlyArray<{ versionTag: VersionTag; daysAgo: number }> = [
  { versionTag: 1, daysAgo: 42 },
  { versionTag: 2, daysAgo: 21 },
  { versionTag: 3, daysAgo: 0 },
];

const DAY_MS = 24 * 60 * 60 * 1000;

export interface DemoSeedDeps {
  db: Database;
  clock: Clock;
  storage: FileStorage;
  jobs: JobSender;
  logger: Logger;
  /** The demo IDS (apps/server/src/modules/demo/demo.ids); the entry point resolves its path. */
  idsPath: string;
  /** Size of each generated model; about 3,000 elements at the default. */
  modelBytes?: number;
}

export type DemoSeedOutcome = 'seeded' | 'present';

/**
 * Creates the demo project when the database has none: its system owner, the project, the demo
 * IDS (active) and three versions of the demo office model, stored like uploads and queued for
 * the same processing job. Files are generated and stored first; then one transaction, serialised
 * across processes, writes every row or none. A process that loses the race removes its files.
 */
export async function seedDemoProject(deps: DemoSeedDeps): Promise<DemoSeedOutcome> {
  const { db, clock, storage, jobs } = deps;
  if (await repo.hasDemoProject(db)) return 'present';

  const idsBytes = await readFile(deps.idsPath);
  const projectId = randomUUID();
  const idsFileId = randomUUID();
  const ids = await readIdsUpload({ bytes: idsBytes, fileName: DEMO_IDS_FILE, lineageId: idsFileId });
  if (ids.kind === 'invalid') throw new Error(`The demo IDS is invalid: ${ids.problems[0]?.message}`);

  const storedKeys: string[] = [];
  const store = async (key: string, stream: Readable): Promise<StoredObject> => {
    storedKeys.push(key);
    return storage.putStream(key, stream);
  };
  let committed = false;
  try {
    const idsStored = await store(storageKeys.idsFile(projectId, idsFileId), Readable.from([idsBytes]));
    const versions = await generateVersions(projectId, deps.modelBytes ?? 3_000_000, store);
    const now = clock.now();
    const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY_MS);

    committed = await db.transaction(async (tx) => {
      await repo.lockDemoSeeding(tx);
      if (await repo.hasDemoProject(tx)) return false;
      const started = at(ISSUES[0]?.daysAgo ?? 0);
      const ownerId = await repo.ensureSystemUser(tx, { ...DEMO_OWNER, at: started });
      // Last updated with the latest issue, as a project whose team keeps issuing models.
      const latest = at(ISSUES[ISSUES.length - 1]?.daysAgo ?? 0);
      await repo.insertDemoProject(tx, {
        id: projectId,
        ...DEMO_PROJECT,
        ownerId,
        at: started,
        updatedAt: latest,
      });
      await insertIdsFile(
        tx,
        {
          id: idsFileId,
          projectId,
          name: DEMO_IDS_FILE,
          title: ids.title,
          isActive: true,
          sizeBytes: idsStored.size,
          sha256: idsStored.sha256,
          storageKey: storageKeys.idsFile(projectId, idsFileId),
          createdBy: ownerId,
          createdAt: started,
          updatedAt: started,
        },
        ids.specifications,
      );
      for (const version of versions) {
        const issuedAt = at(version.daysAgo);
        const bimFileId = await upsertBimFileByName(tx, {
          projectId,
          name: DEMO_MODEL_FILE,
          userId: ownerId,
          now: issuedAt,
        });
        await insertFileVersion(tx, {
          id: version.id,
          bimFileId,
          versionNumber: version.versionTag,
          versionTag: `v${version.versionTag}`,
          status: 'pending',
          sizeBytes: version.stored.size,
          sha256: version.stored.sha256,
          storageKey: version.key,
          createdBy: ownerId,
          createdAt: issuedAt,
        });
        await queueProcessing(jobs, version.id, tx);
      }
      await createAuditRecorder(jobs, clock).record(
        {
          actorId: null,
          projectId,
          action: 'demo.seeded',
          targetType: 'project',
          targetId: projectId,
          details: { versions: versions.length, specifications: ids.specifications.length },
        },
        tx,
      );
      return true;
    });
  } finally {
    if (!committed) await Promise.all(storedKeys.map((key) => storage.delete(key).catch(() => {})));
  }
  return committed ? 'seeded' : 'present';
}

interface GeneratedVersion {
  id: string;
  versionTag: VersionTag;
  daysAgo: number;
  key: string;
  stored: StoredObject;
}

/** Generates each issue into a temporary file and streams it into storage. */
async function generateVersions(
  projectId: string,
  modelBytes: number,
  store: (key: string, stream: Readable) => Promise<StoredObject>,
): Promise<GeneratedVersion[]> {
  const dir = await mkdtemp(join(tmpdir(), 'plumbline-demo-'));
  try {
    const versions: GeneratedVersion[] = [];
    for (const issue of ISSUES) {
      // One folder per issue, so the STEP header names the file as the team would.
      const path = join(dir, `v${issue.versionTag}`, DEMO_MODEL_FILE);
      await mkdir(join(dir, `v${issue.versionTag}`));
      await generateIfc({
        targetBytes: modelBytes,
        seed: 2024,
        versionTag: issue.versionTag,
        storeys: 4,
        projectName: DEMO_PROJECT.name,
        out: path,
      });
      const id = randomUUID();
      const key = storageKeys.bimFileVersion(projectId, id);
      versions.push({ id, ...issue, key, stored: await store(key, createReadStream(path)) });
    }
    return versions;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Runs seeding in the background (the server is already listening; /demo shows the files as
 * processing meanwhile). Failures are logged, never thrown: the app works without its demo.
 */
export function startDemoSeeding(deps: DemoSeedDeps): Promise<void> {
  const log = deps.logger.child({ component: 'demo' });
  return seedDemoProject(deps).then(
    (outcome) => {
      if (outcome === 'seeded') log.info('Demo project created; its three model versions are processing');
    },
    (error: unknown) => log.error({ err: error }, 'Could not create the demo project'),
  );
}
