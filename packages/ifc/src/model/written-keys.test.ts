/**
 * Written keys (decision 0447): two instances share a key only when the decoder reads the same
 * class and the same values from the chosen attributes, and instances written alike share one.
 * Expected answers come from the full decoder (`attribute`), not from the keys' own reading.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { StepValue } from '../model';
import { readIfc } from '../read';
import { modelOf, sharedDir } from '../testing/step-fixture';
import type { StepIfcModel } from './ifc-model';

const model = modelOf(`
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
#26=IFCPROPERTYSET('5hqIFTRjfV6AWq_bMtnZwI',#40,'Pset_WallCommon');`);

const decoded = (m: StepIfcModel, id: number, name: string): StepValue | undefined => m.attribute(id, name);
/** What the member checks read of a property: its class, its Name, its NominalValue's type. */
function readByDecoder(m: StepIfcModel, id: number): string {
  const name = decoded(m, id, 'Name');
  const nominal = decoded(m, id, 'NominalValue');
  return JSON.stringify([
    m.classOf(id),
    name?.kind === 'string' ? name.value : (name?.kind ?? null),
    nominal?.kind === 'typed' ? nominal.type : null,
  ]);
}

describe('written keys', () => {
  const byNameAndType = () =>
    model.writtenKeys([
      ['Name', 'whole'],
      ['NominalValue', 'type'],
    ]);

  it('give instances written alike one key, whatever the attributes left out hold', () => {
    const keys = byNameAndType();
    expect(keys.keyOf(1)).toBe(0);
    expect(keys.keyOf(2)).toBe(0); // another Description, value and unit
    expect(keys.keyOf(3)).toBe(1); // another type
    expect(keys.keyOf(4)).toBe(2); // another Name
    expect(keys.keyOf(10)).toBe(keys.keyOf(11));
    expect(keys.size).toBe(4);
    const names = model.writtenKeys([['Name', 'whole']]);
    expect(names.keyOf(15)).toBe(names.keyOf(16));
    expect(names.keyOf(15)).not.toBe(names.keyOf(17)); // another class
    expect(names.keyOf(1)).toBe(names.keyOf(3));
  });

  it('tell apart what is written differently, even when it decodes alike', () => {
    const keys = byNameAndType();
    const all = [1, 2, 3, 4, 5, 6, 7, 10, 12, 13, 20].map((id) => keys.keyOf(id));
    expect(all.every((k) => k >= 0)).toBe(true);
    // 5 (ifcBoolean in lower case) and 12/13 (an escape and UTF-8) decode as 1 and each other do.
    expect(new Set(all).size).toBe(10);
  });

  it('give -1 where a value is not written plainly or the instance lacks an attribute', () => {
    const keys = byNameAndType();
    for (const id of [8, 9, 14, 18, 21, 15, 22, 99]) expect(keys.keyOf(id), `#${id}`).toBe(-1);
    expect(model.writtenKeys([['Name', 'whole']]).keyOf(9)).toBe(-1); // a typed Name
    expect(keys.keyOf(19)).toBeGreaterThanOrEqual(0); // a list has no type: its first byte says so
  });

  it('leave an optional part out for a class without its attribute', () => {
    const keys = model.writtenKeys([
      ['Name', 'whole'],
      ['NominalValue', 'type', 'optional'],
    ]);
    expect(keys.keyOf(15)).toBeGreaterThanOrEqual(0); // a quantity: its Name only
    expect(keys.keyOf(15)).toBe(keys.keyOf(16));
    expect(keys.keyOf(14)).toBeGreaterThanOrEqual(0); // an enumerated value: its Name only
    expect(keys.keyOf(14)).not.toBe(keys.keyOf(1)); // another class
    expect(keys.keyOf(1)).toBe(keys.keyOf(2));
    expect(keys.keyOf(1)).not.toBe(keys.keyOf(3)); // a single value: its type too
  });

  it('read a set Name past the attributes before it, and -1 when the instance ends first', () => {
    const keys = model.writtenKeys([['Name', 'whole']]);
    expect(keys.keyOf(22)).toBe(keys.keyOf(23));
    expect(keys.keyOf(22)).toBe(keys.keyOf(24));
    expect(keys.keyOf(22)).not.toBe(keys.keyOf(25));
    expect(keys.keyOf(26)).toBe(keys.keyOf(22)); // the instance's end after it, not a comma
    expect(model.writtenKeys([['HasProperties', 'whole']]).keyOf(26)).toBe(-1);
  });

  it('never share a key between instances the decoder reads differently (fixture and shared samples)', () => {
    const models: StepIfcModel[] = [model];
    const dir = sharedDir();
    if (dir) {
      const samples = join(dir, 'ifc-samples');
      for (const f of readdirSync(samples)
        .filter((n) => n.endsWith('.ifc'))
        .sort()) {
        models.push(readIfc(new Uint8Array(readFileSync(join(samples, f)))));
      }
    }
    let shared = 0;
    for (const m of models) {
      const keys = m.writtenKeys([
        ['Name', 'whole'],
        ['NominalValue', 'type'],
      ]);
      const seen = new Map<number, string>();
      const ids = [
        ...m.idsOfClassOrSubtypes('IfcProperty'),
        ...m.idsOfClassOrSubtypes('IfcPhysicalQuantity'),
      ];
      for (const id of ids) {
        const key = keys.keyOf(id);
        if (key < 0) continue;
        const read = readByDecoder(m, id);
        const first = seen.get(key);
        if (first === undefined) seen.set(key, read);
        else {
          shared++;
          expect(read).toBe(first);
        }
      }
    }
    expect(shared).toBeGreaterThan(0);
  });
});
