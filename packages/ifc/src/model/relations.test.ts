/**
 * Relation rows built from the pairs the instance scan reads (decision 0182) equal the rows built
 * by scanning each relationship class afterwards, target for target and in the same order, on
 * every sample model and on a file with subtypes, lists and dangling references.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { schemaTables } from '../schema/schema-info';
import { readHeader } from '../step/header';
import { indexInstances } from '../step/index-file';
import { sharedDir, stepBytes } from '../testing/step-fixture';
import { Access } from './access';
import { RELATIONS, RelationIndex, type RelationKind, relationScanFor } from './relations';
import { InstanceStore } from './store';

function bothWays(bytes: Uint8Array) {
  const header = readHeader(bytes);
  const schema = schemaTables(header.schema);
  const withPairs = indexInstances(bytes, header.dataStart, relationScanFor(schema));
  const store = new InstanceStore(bytes, withPairs);
  const access = new Access(store, schema);
  return {
    store,
    fromPairs: new RelationIndex(access, store.takeRelationPairs()),
    byScanning: new RelationIndex(access),
  };
}

function expectSameRows(bytes: Uint8Array): number {
  const { store, fromPairs, byScanning } = bothWays(bytes);
  let targets = 0;
  for (const kind of Object.keys(RELATIONS) as RelationKind[]) {
    const differ: string[] = [];
    for (let k = 0; k < store.count; k++) {
      const id = store.index.ids[k]!;
      const expected = byScanning.targets(kind, id).join(',');
      if (fromPairs.targets(kind, id).join(',') !== expected) differ.push(`#${id}`);
      targets += byScanning.targets(kind, id).length;
    }
    expect(differ, kind).toEqual([]);
  }
  return targets;
}

const shared = sharedDir();
const samplesDir = shared ? join(shared, 'ifc-samples') : null;
const samples = samplesDir ? readdirSync(samplesDir).filter((f) => f.endsWith('.ifc')) : [];

describe('relation rows from the scan', () => {
  it('equal the class-by-class build with subtypes, lists and dangling references', () => {
    const bytes = stepBytes(
      'IFC4',
      `
#1=IFCWALL('0wall000000000000000001',$,'W1',$,$,$,$,$,$);
#2=IFCWALL('0wall000000000000000002',$,'W2',$,$,$,$,$,$);
#3=IFCPROPERTYSET('0pset000000000000000001',$,'Pset_A',$,());
#4=IFCPROPERTYSET('0pset000000000000000002',$,'Pset_B',$,());
#5=IFCRELDEFINESBYPROPERTIES('0rel0000000000000000001',$,$,$,(#1,#2,#999),#3);
#6=IFCRELDEFINESBYPROPERTIES('0rel0000000000000000002',$,$,$,(#2),#4);
#7=IFCDISTRIBUTIONSYSTEM('0sys0000000000000000001',$,'S',$,$,$);
#8=IFCRELASSIGNSTOGROUPBYFACTOR('0rel0000000000000000003',$,$,$,(#1),$,#7,1.);
#9=IFCRELASSIGNSTOGROUP('0rel0000000000000000004',$,$,$,(#1,#2),$,#7);
#10=IFCRELAGGREGATES('0rel0000000000000000005',$,$,$,#1,(#2));
`,
    );
    expect(expectSameRows(bytes)).toBeGreaterThan(6);
    // The subtype's pair comes after the class's own, as a class-by-class build orders them.
    const { fromPairs } = bothWays(bytes);
    expect([...fromPairs.targets('assignsToGroup', 1)]).toEqual([7, 7]);
  });

  it.skipIf(samples.length === 0).each(samples)('equal the class-by-class build on %s', (file) => {
    const bytes = new Uint8Array(readFileSync(join(samplesDir!, file)));
    expect(expectSameRows(bytes)).toBeGreaterThan(0);
  });
});
