/**
 * What the scan keeps for model validity (`forValidity`, decision 0442): every instance's
 * references, compared with the byte reader the rules used before (allReferences), on the same
 * file read without them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readIfc } from '../read';
import { readHeader } from '../step/header';
import { indexInstances } from '../step/index-file';
import { indexInstancesParallel } from '../step/parallel-index';
import { sharedDir, stepBytes } from '../testing/step-fixture';
import type { StepIfcModel } from './ifc-model';

const DATA = `
#1=IFCWALL('1hqIFTRjfV6AWq_bMtnZwI',$,$,$,$,#20,#21,$,$);
#2=IFCWALL('1hqIFTRjfV6AWq_bMtnZ',$,$,$,$,$,$,$,$);
#3=IFCWALL('4hqIFTRjfV6AWq_bMtnZwI',$,'a #7 in a name',$,$,$,$,$,$);
#4=IFCWALL('1hqIFTRjfV6AWq_bMtnZw-',$,$,$,$,$,$,$,$);
#5=IFCWALL('0eA6m4fELI9QBIhP3wiLA\\X\\E4',$,$,$,$,$,$,$,$);
#6=IFCWALL('',$,$,$,$,$,$,$,$);
#7=IFCWALL($,$,$,$,$,$,$,$,$);
#8=IFCDOOR('1hqIFTRjfV6AWq_bMtnZwI',$,$,$,$,$,$,$,$,$,$,$,$);
#9=IFCSIUNIT(*,.LENGTHUNIT.,.MILLI.,.METRE.);
#10=IFCPROPERTYSINGLEVALUE('1hqIFTRjfV6AWq_bMtnZwI',$,IFCLABEL('it''s #9'),$);
#11=IFCRELAGGREGATES('05rScmOVzMoQXOfbYdtLYj',$,$,$,#1,(#2,#3,#2,#404));
#12=IFCWALL('2hqIFTRjfV6AWq_bMtnZwI',$,$,$,$,/* #9 in a comment */ #20,$,$,$);
#13=IFCPIXELTEXTURE(.T.,.T.,$,$,$,1,1,1,("0#9"));
#14=IFCRELDEFINESBYPROPERTIES('3hqIFTRjfV6AWq_bMtnZwI',$,$,$,(#1,#8),IFCPROPERTYSETDEFINITIONSET((#15,#16)));
#15=IFCPROPERTYSET('0hqIFTRjfV6AWq_bMtnZwI',$,'Pset_WallCommon',$,(#10));
#16=IFCWALL('3HQIFTRJFV6AWQ_BMTNZWI' , $,$,$,$,$,$,$,$);
#17=IFCWALL('3hqIFTRjfV6AWq_bMtnZwI',$,$,$,$,#99999999999,$,$,$);
#20=IFCLOCALPLACEMENT($,#22);
#21=IFCPRODUCTDEFINITIONSHAPE($,$,());
#22=IFCAXIS2PLACEMENT3D(#23,$,$);
#23=IFCCARTESIANPOINT((0.,0.,0.));`;

/** Every instance's references as the byte reader gives them. */
function bytesReferences(model: StepIfcModel): number[][] {
  return Array.from({ length: model.instanceCount }, (_, k) => model.referencesAtOrdinal(k));
}

/** The instances the scan kept references of: each one's list, from the column. */
function keptReferences(model: StepIfcModel): (number[] | null)[] {
  const column = model.sharedParts().store.index.references!;
  const unread = new Set(column.unread);
  return Array.from({ length: model.instanceCount }, (_, k) =>
    unread.has(k) ? null : [...column.targets.subarray(k === 0 ? 0 : column.ends[k - 1]!, column.ends[k]!)],
  );
}

/**
 * Reachability from the instances `roots` picks, through markReferencesAtOrdinal: which ordinals it
 * marks, and a hash of the order it pushes them in.
 */
function reach(model: StepIfcModel, roots: (k: number) => boolean): { visited: string; pushed: number } {
  const visited = new Uint8Array(model.instanceCount);
  const stack = new Int32Array(model.instanceCount);
  let pushed = 0;
  let top = 0;
  for (let k = 0; k < model.instanceCount; k++) {
    if (!roots(k)) continue;
    visited[k] = 1;
    stack[top++] = k;
  }
  while (top > 0) {
    const k = stack[--top]!;
    const before = top;
    top = model.markReferencesAtOrdinal(k, visited, stack, top);
    for (let i = before; i < top; i++) pushed = (Math.imul(pushed, 31) + stack[i]! + 1) | 0;
  }
  return { visited: Buffer.from(visited).toString('base64'), pushed };
}

describe('references kept by the scan', () => {
  const bytes = stepBytes('IFC4', DATA);
  const plain = readIfc(bytes);
  const kept = readIfc(bytes, { forValidity: true });

  it('are every instance’s references as the bytes give them, except where the scan leaves them', () => {
    const expected = bytesReferences(plain);
    const column = keptReferences(kept);
    // Read from the bytes instead: #12 (a comment), #13 (a binary) and #17 (an id past 32 bits).
    const unreadIds = column.flatMap((refs, k) => (refs === null ? [plain.instanceIds()[k]!] : []));
    expect(unreadIds).toEqual([12, 13, 17]);
    for (let k = 0; k < column.length; k++)
      if (column[k] !== null) expect(column[k], `#${k}`).toEqual(expected[k]);
    // Written out: strings are skipped, repeats and unknown ids kept.
    expect(column[2]).toEqual([]);
    expect(column[9]).toEqual([]);
    expect(column[10]).toEqual([1, 2, 3, 2, 404]);
    expect(column[13]).toEqual([1, 8, 15, 16]);
  });

  it('mark and push the same instances in the same order as the bytes do', () => {
    const walls = (m: StepIfcModel) => (k: number) => m.isA(m.instanceIds()[k]!, 'IFCROOT');
    expect(reach(kept, walls(kept))).toEqual(reach(plain, walls(plain)));
    // Written out: from the rooted instances, the placements and shape of #1 and #12 are reached.
    const visited = [...Buffer.from(reach(kept, walls(kept)).visited, 'base64')];
    const reached = (id: number) => visited[kept.ordinalOf(id)];
    expect([20, 21, 22, 23, 13].map(reached)).toEqual([1, 1, 1, 1, 0]);
  });

  it('are the same whether the file is scanned on one thread or several', async () => {
    // Renumbered copies so ids stay unique: #n of copy c becomes #(c * 1000 + n).
    const text = Array.from({ length: 40 }, (_, c) =>
      DATA.replace(/#(\d+)(?=[=,)\s])/g, (_, n: string) => `#${c * 1000 + Number(n)}`),
    ).join('\n');
    const written = stepBytes('IFC4', text);
    const shared = new Uint8Array(new SharedArrayBuffer(written.length));
    shared.set(written);
    const { dataStart } = readHeader(shared);
    const keep = { references: true };
    const one = indexInstances(shared, dataStart, null, keep);
    const { index: many, threads } = await indexInstancesParallel(shared, dataStart, 3, 0, null, keep);
    expect(threads).toBe(3);
    expect([...many.references!.ends]).toEqual([...one.references!.ends]);
    expect([...many.references!.targets]).toEqual([...one.references!.targets]);
    expect([...many.references!.unread]).toEqual([...one.references!.unread]);
    expect(one.references!.unread.length).toBe(3 * 40);
  });
});

describe('on the shared sample models', () => {
  const dir = sharedDir();
  const samples = dir
    ? readdirSync(join(dir, 'ifc-samples'))
        .filter((f) => f.endsWith('.ifc'))
        .map((f) => join(dir, 'ifc-samples', f))
    : [];

  it.skipIf(samples.length === 0)('keep the references the bytes give', () => {
    for (const path of samples) {
      const bytes = new Uint8Array(readFileSync(path));
      const plain = readIfc(bytes);
      const kept = readIfc(bytes, { forValidity: true });
      const expected = bytesReferences(plain);
      const column = keptReferences(kept);
      let compared = 0;
      let mismatch: string | null = null;
      for (let k = 0; k < column.length && mismatch === null; k++) {
        const refs = column[k] ?? null;
        if (refs === null) continue;
        compared++;
        const want = expected[k]!;
        if (refs.length !== want.length || refs.some((r, i) => r !== want[i]))
          mismatch = `ordinal ${k}: ${refs.join(',')} against ${want.join(',')}`;
      }
      expect(mismatch, path).toBeNull();
      expect(compared).toBeGreaterThan(column.length * 0.9);
      const rooted = (m: StepIfcModel) => (k: number) => m.isA(m.instanceIds()[k]!, 'IFCROOT');
      expect(reach(kept, rooted(kept)), path).toEqual(reach(plain, rooted(plain)));
    }
  });
});
