import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateIfc } from '@plumbline/ifc-gen';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExplorerStore, ExplorerVersion } from '../src/modules/metadata/explorer-store';
import { createSqlExplorerStore } from '../src/modules/metadata/sql-store';
import { processFileVersion } from '../src/modules/processing/service';
import { createLogger } from '../src/platform/logger';
import { fileVersions } from '../src/schema';
import { testBackends } from './support/backends';
import { oracleOf, runExplorerMatrix } from './support/explorer-store-matrix';
import { sharedFile } from './support/samples';
import { call, signUp, startTestServer, type TestServer } from './support/server';
import { storeUnqueuedVersion } from './support/unqueued-version';

// Issue 34: every ExplorerStore gives the same answers for every filter, sort, search, facet and page,
// checked against the rows the engine reads from the model (support/explorer-store-matrix.ts).
const SAMPLES = [
  'AC20-FZK-Haus.ifc',
  'Duplex_A_20110907.ifc',
  'Duplex_Electrical_20121207.ifc',
  'ISSUE_021_Mini_Project.ifc',
  'LargeBuilding.ifc',
  'Office_A_20110811.ifc',
  'OpenRoads_test1_IFC4X3_RC4.ifc',
  'SampleHouse4.ifc',
  'SimpleWall.ifc',
  'wall_door_columnt_rgb4x3.ifc',
];
const GENERATED_MB = 3;
const haus = sharedFile('ifc-samples/AC20-FZK-Haus.ifc');

for (const backend of testBackends()) {
  describe.skipIf(haus === null)(`explorer store equivalence (${backend.name})`, () => {
    let server: TestServer;
    let projectId: string;
    const scratch = mkdtempSync(join(tmpdir(), 'plumbline-explorer-'));

    /** The stores under test; each answers the whole matrix. */
    const stores = (): Array<[string, ExplorerStore]> => [
      ['sql', createSqlExplorerStore(server.database.db)],
    ];

    beforeAll(async () => {
      server = await startTestServer(backend);
      const owner = await signUp(server, 'Owner');
      projectId = (await call(server, owner, 'POST', '/api/v1/projects', { name: 'Stores' })).json().project
        .id;
    });
    afterAll(async () => {
      await server?.stop();
      rmSync(scratch, { recursive: true, force: true });
    });

    async function processed(name: string, bytes: Buffer): Promise<ExplorerVersion> {
      const { versionId } = await storeUnqueuedVersion(server, projectId, name, bytes);
      const deps = { db: server.database.db, storage: server.storage, clock: server.clock };
      const outcome = await processFileVersion({ ...deps, logger: createLogger('silent') }, versionId);
      expect(outcome.status).toBe('completed');
      const [row] = await server.database.db
        .select({ processedAt: fileVersions.processedAt })
        .from(fileVersions)
        .where(eq(fileVersions.id, versionId));
      return { id: versionId, processedAt: row?.processedAt ?? null };
    }

    async function matrix(name: string, bytes: Buffer) {
      const version = await processed(name, bytes);
      const oracle = oracleOf(new Uint8Array(bytes));
      expect(oracle.rows.length).toBeGreaterThan(0);
      for (const [storeName, store] of stores()) {
        const outcome = await runExplorerMatrix(store, version, oracle);
        expect({ store: storeName, mismatches: outcome.mismatches }).toEqual({
          store: storeName,
          mismatches: [],
        });
        expect(outcome.cases).toBeGreaterThan(50);
      }
    }

    for (const sample of SAMPLES) {
      const bytes = sharedFile(`ifc-samples/${sample}`);
      it.skipIf(bytes === null)(`answers alike on ${sample}`, () => matrix(sample, bytes as Buffer));
    }

    it(`answers alike on a generated ${GENERATED_MB} MB model`, async () => {
      const out = join(scratch, 'generated.ifc');
      await generateIfc({ targetBytes: GENERATED_MB * 1_000_000, seed: 34, out });
      await matrix('Generated.ifc', readFileSync(out));
    });
  });
}
