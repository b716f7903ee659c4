/**
 * The written keys the scan keeps for model validity (`forValidity`, decision 0454): for every
 * set, property and quantity, the key the scan gave must split the instances exactly as the byte
 * reader of decision 0447 (`WrittenKeys` on a model read without them) splits them, with -1 at the
 * same instances, on one thread or several; and instances sharing a kept key read alike through
 * the full decoder.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { StepValue } from '../model';
import { readIfc } from '../read';
import { schemaTables } from '../schema/schema-info';
import { readHeader } from '../step/header';
import { indexInstances } from '../step/index-file';
import { indexInstancesParallel } from '../step/parallel-index';
import { sharedDir, stepBytes } from '../testing/step-fixture';
import type { StepIfcModel } from './ifc-model';
import { MEMBER_KEY_PARTS, memberKeySpec } from './written-keys';

const DATA = `
#1=IFCPROPERTYSINGLEVALUE('IsExternal',$,IFCBOOLEAN(.T.),$);
#2=IFCPROPERTYSINGLEVALUE('IsExternal','a description',IFCBOOLEAN(.F.),#40);
#3=IFCPROPERTYSINGLEVALUE('IsExternal',$,IFCLABEL('T'),$);
#4=IFCPROPERTYSINGLEVALUE('LoadBearing',$,IFCBOOLEAN(.T.),$);
#5=IFCPROPERTYSINGLEVALUE('IsExternal',$,ifcBoolean(.T.),$);
#6=IFCPROPERTYSINGLEVALUE('IsExternal',$,$,$);
#7=IFCPROPERTYSINGLEVALUE('IsExternal',$,12.5,$);
#8=IFCPROPERTYSINGLEVALUE('IsExternal',$, IFCBOOLEAN(.T.),$);
#9=IFCPROPERTYSINGLEVALUE(IFCLABEL('IsExternal'),$,IFCBOOLEAN(.T.),$);
#10=IFCPROPERTYSINGLEVALUE('It''s',$,IFCBOOLEAN(.T.),$);
#11=IFCPROPERTYSINGLEVALUE('It''s',$,IFCBOOLEAN(.T.),$);
#12=IFCPROPERTYSINGLEVALUE('\\X\\E4',$,IFCBOOLEAN(.T.),$);
#13=IFCPROPERTYSINGLEVALUE('ä',$,IFCBOOLEAN(.T.),$);
#14=IFCPROPERTYENUMERATEDVALUE('IsExternal',$,(IFCLABEL('A')),$);
#15=IFCQUANTITYLENGTH('Width',$,$,0.25,$);
#16=IFCQUANTITYLENGTH('Width',$,$,0.3,$);
#17=IFCQUANTITYAREA('Width',$,$,0.25,$);
#18=IFCPROPERTYSINGLEVALUE('IsExternal',$,IFCBOOLEAN (.T.),$);
#19=IFCPROPERTYSINGLEVALUE('IsExternal',$,(1,2),$);
#20=IFCPROPERTYSINGLEVALUE($,$,IFCBOOLEAN(.T.),$);
#21=IFCPROPERTYSINGLEVALUE('IsExternal'  ,$,IFCBOOLEAN(.T.),$);
#22=IFCPROPERTYSET('1hqIFTRjfV6AWq_bMtnZwI',#40,'Pset_WallCommon',$,(#1,#4));
#23=IFCPROPERTYSET('2hqIFTRjfV6AWq_bMtnZwI',$,'Pset_WallCommon','x',(#2));
#24=IFCPROPERTYSET('3hqIFTRjfV6AWq''bMtnZwI',(#40),'Pset_WallCommon',$,(#3));
#25=IFCPROPERTYSET('4hqIFTRjfV6AWq_bMtnZwI',#40,'Pset_DoorCommon',$,(#5));
#26=IFCPROPERTYSET('5hqIFTRjfV6AWq_bMtnZwI',#40,'Pset_WallCommon');
#27=IFCELEMENTQUANTITY('6hqIFTRjfV6AWq_bMtnZwI',#40,'Qto_WallBaseQuantities',$,'BaseQuantities',(#15,#17));
#28=IFCPROPERTYSINGLEVALUE('Is/*x*/External',$,IFCBOOLEAN(.T.),$);
#29=IFCPROPERTYSINGLEVALUE('IsExternal',/* a comment */$,IFCBOOLEAN(.T.),$);
#30=IFCWALL('7hqIFTRjfV6AWq_bMtnZwI',$,'IsExternal',$,$,$,$,$,$);
#40=IFCOWNERHISTORY(#41,#42,$,.ADDED.,$,$,$,0);`;

/** Per instance of the keyed classes: its key from the column the scan kept, and from the bytes read again. */
function keysOf(kept: StepIfcModel, plain: StepIfcModel): { kept: number[]; read: number[]; ids: number[] } {
  const keyed = kept.writtenKeys(MEMBER_KEY_PARTS);
  const read = plain.writtenKeys(MEMBER_KEY_PARTS);
  const ids = [
    ...kept.idsOfClassOrSubtypes('IfcProperty'),
    ...kept.idsOfClassOrSubtypes('IfcPhysicalQuantity'),
    ...kept.idsOfClassOrSubtypes('IfcPropertySet'),
    ...kept.idsOfClassOrSubtypes('IfcElementQuantity'),
    ...kept.idsOfClassOrSubtypes('IfcWall'), // not keyed by the scan: read
  ];
  return { kept: ids.map((id) => keyed.keyOf(id)), read: ids.map((id) => read.keyOf(id)), ids };
}

/** Whether two lists of keys split the instances alike: -1 at the same places, equal exactly where the other is. */
function sameSplit(a: readonly number[], b: readonly number[]): void {
  expect(a.map((k) => k < 0)).toEqual(b.map((k) => k < 0));
  const aToB = new Map<number, number>();
  const bToA = new Map<number, number>();
  for (let i = 0; i < a.length; i++) {
    if (a[i]! < 0) continue;
    expect(aToB.get(a[i]!) ?? b[i]).toBe(b[i]);
    expect(bToA.get(b[i]!) ?? a[i]).toBe(a[i]);
    aToB.set(a[i]!, b[i]!);
    bToA.set(b[i]!, a[i]!);
  }
}

const decoded = (m: StepIfcModel, id: number, name: string): StepValue | undefined => m.attribute(id, name);
/** What the member checks read: class, Name, the NominalValue's type (from the full decoder). */
function readByDecoder(m: StepIfcModel, id: number): string {
  const name = decoded(m, id, 'Name');
  const nominal = decoded(m, id, 'NominalValue');
  return JSON.stringify([
    m.classOf(id),
    name?.kind === 'string' ? name.value : (name?.kind ?? null),
    nominal?.kind === 'typed' ? nominal.type : (nominal?.kind ?? null),
  ]);
}

describe('written keys kept by the scan', () => {
  const bytes = stepBytes('IFC4', DATA);
  const kept = readIfc(bytes, { forValidity: true });
  const plain = readIfc(bytes);

  it('are kept only when asked, for the set, property and quantity classes', () => {
    expect(plain.sharedParts().store.index.keys ?? null).toBeNull();
    const column = kept.sharedParts().store.index.keys!;
    expect(column.asked).toContain('IFCPROPERTYSINGLEVALUE');
    expect(column.asked).toContain('IFCPROPERTYSET');
    expect(column.asked).toContain('IFCQUANTITYLENGTH');
    expect(column.asked).not.toContain('IFCWALL');
    expect(column.keys[kept.ordinalOf(30)]).toBe(0);
  });

  it('split the instances as the bytes read again do', () => {
    const { kept: fromScan, read, ids } = keysOf(kept, plain);
    sameSplit(fromScan, read);
    const at = (id: number) => fromScan[ids.indexOf(id)]!;
    // Written alike, whatever the attributes left out hold; apart when written differently.
    expect(at(1)).toBe(at(2));
    expect(at(10)).toBe(at(11));
    expect(at(22)).toBe(at(23));
    expect(at(22)).toBe(at(26));
    expect(at(1)).not.toBe(at(3));
    expect(at(1)).not.toBe(at(5));
    expect(at(15)).not.toBe(at(17));
    expect(at(12)).not.toBe(at(13));
    // Not written plainly: no key (white space where a value starts, a typed Name, space before the type's `(`).
    expect([8, 9, 18, 21].map(at)).toEqual([-1, -1, -1, -1]);
    expect(at(28)).toBeGreaterThanOrEqual(0); // a comment inside a string is no comment
    // The wall is read, and its key is none of the scan's.
    expect(at(30)).toBeGreaterThanOrEqual(kept.sharedParts().store.index.keys!.size);
  });

  it('are the same whether the file is scanned on one thread or several', async () => {
    const text = Array.from({ length: 40 }, (_, c) =>
      DATA.replace(/#(\d+)(?=[=,)\s])/g, (_, n: string) => `#${c * 1000 + Number(n)}`).replace(
        /'IsExternal'/g,
        c % 3 === 0 ? `'IsExternal${c}'` : "'IsExternal'",
      ),
    ).join('\n');
    const written = stepBytes('IFC4', text);
    const shared = new Uint8Array(new SharedArrayBuffer(written.length));
    shared.set(written);
    const { dataStart } = readHeader(shared);
    const keep = { references: true, keys: memberKeySpec(schemaTables('IFC4')) };
    const one = indexInstances(shared, dataStart, null, keep);
    const { index: many, threads } = await indexInstancesParallel(shared, dataStart, 3, 0, null, keep);
    expect(threads).toBe(3);
    expect(many.keys!.size).toBe(one.keys!.size);
    expect([...many.keys!.keys]).toEqual([...one.keys!.keys]);
    expect(one.keys!.size).toBeGreaterThan(20);
  });
});

describe('on the shared sample models', () => {
  const dir = sharedDir();
  const samples = dir
    ? readdirSync(join(dir, 'ifc-samples'))
        .filter((f) => f.endsWith('.ifc'))
        .map((f) => join(dir, 'ifc-samples', f))
    : [];

  it.skipIf(samples.length === 0)('split the instances as the bytes and the decoder do', () => {
    let keyed = 0;
    for (const path of samples) {
      const bytes = new Uint8Array(readFileSync(path));
      const kept = readIfc(bytes, { forValidity: true });
      const { kept: fromScan, read, ids } = keysOf(kept, readIfc(bytes));
      sameSplit(fromScan, read);
      const seen = new Map<number, string>();
      for (let i = 0; i < ids.length; i++) {
        if (fromScan[i]! < 0) continue;
        keyed++;
        const value = readByDecoder(kept, ids[i]!);
        const first = seen.get(fromScan[i]!);
        if (first === undefined) seen.set(fromScan[i]!, value);
        else expect(value).toBe(first);
      }
    }
    expect(keyed).toBeGreaterThan(1000);
  });
});
