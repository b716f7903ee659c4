import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateIfc } from '@plumbline/ifc-gen';
import { sharedDir } from '../support/samples';

/** A model the question set asks about: the IFC file and the IDS files checked against it. */
export interface EvalModel {
  key: 'demo' | 'duplex' | 'windows' | 'history';
  title: string;
  fileName: string;
  ifc(): Promise<Buffer>;
  /** An earlier issue uploaded first under the same name (the file's history has two versions). */
  previous?: () => Promise<Buffer>;
  ids: { name: string; bytes: Buffer }[];
}

const demoIds = fileURLToPath(new URL('../../src/modules/demo/demo.ids', import.meta.url));
const shared = (path: string) => readFileSync(join(sharedDir, path));

/** The Demo Office's latest issue, generated exactly as the demo seed does (seed 2024, v3, four storeys). */
async function demoOffice(versionTag: 2 | 3 = 3): Promise<Buffer> {
  const dir = mkdtempSync(join(tmpdir(), 'plumbline-eval-'));
  try {
    const out = join(dir, 'DemoOffice_ARC.ifc');
    await generateIfc({
      targetBytes: 3_000_000,
      seed: 2024,
      versionTag,
      storeys: 4,
      projectName: 'Demo Office',
      out,
    });
    return readFileSync(out);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export const EVAL_MODELS: EvalModel[] = [
  {
    key: 'demo',
    title: 'Demo Office',
    fileName: 'DemoOffice_ARC.ifc',
    ifc: () => demoOffice(),
    ids: [{ name: 'DemoOffice_Stage4.ids', bytes: readFileSync(demoIds) }],
  },
  {
    key: 'history',
    title: 'Demo Office history',
    fileName: 'DemoOffice_ARC.ifc',
    previous: () => demoOffice(2),
    ifc: () => demoOffice(3),
    ids: [{ name: 'DemoOffice_Stage4.ids', bytes: readFileSync(demoIds) }],
  },
  {
    key: 'duplex',
    title: 'Duplex',
    fileName: 'Duplex_A_20110907.ifc',
    ifc: async () => shared('ifc-samples/Duplex_A_20110907.ifc'),
    ids: [
      { name: 'IDS_SimpleBIM_examples.ids', bytes: shared('ids-examples/IDS_SimpleBIM_examples.ids') },
      { name: 'IDS_wooden-windows.ids', bytes: shared('ids-examples/IDS_wooden-windows.ids') },
    ],
  },
  {
    key: 'windows',
    title: 'Wooden windows',
    fileName: 'IDS_wooden-windows_IFC.ifc',
    ifc: async () => shared('ids-examples/IDS_wooden-windows_IFC.ifc'),
    ids: [
      { name: 'IDS_wooden-windows.ids', bytes: shared('ids-examples/IDS_wooden-windows.ids') },
      { name: 'IDS_demo_BIM-basis-ILS.ids', bytes: shared('ids-examples/IDS_demo_BIM-basis-ILS.ids') },
    ],
  },
];
