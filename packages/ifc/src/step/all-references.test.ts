import { describe, expect, it } from 'vitest';
import { modelOf } from '../testing/step-fixture';

describe('referencesOf', () => {
  it('lists every #id in the parameters at any depth, in order, and none inside strings', () => {
    const model = modelOf(`
#1=IFCCARTESIANPOINT((0.,0.,0.));
#2=IFCPROPERTYSINGLEVALUE('Tag #9',$,IFCLABEL('it''s #8'),$);
#3=IFCRELAGGREGATES('2hQIb1LAr8fuqGvpBKoNoR',$,'a ''#7'' name',$,#1,(#2,#1));
#4=IFCPOLYLINE((#1,#5));
`);
    expect(model.referencesOf(2)).toEqual([]);
    expect(model.referencesOf(3)).toEqual([1, 2, 1]);
    expect(model.referencesOf(4, [99])).toEqual([99, 1, 5]);
    expect(model.referencesOf(404)).toEqual([]);
    expect([...model.instanceIds()]).toEqual([1, 2, 3, 4]);
    expect(model.ordinalOf(3)).toBe(2);
    expect(model.ordinalOf(404)).toBe(-1);
  });
});

describe('markReferencesAtOrdinal', () => {
  it('marks and pushes the ordinals of unmarked instances an instance refers to, nothing inside strings', () => {
    const model = modelOf(`
#1=IFCCARTESIANPOINT((0.,0.,0.));
#2=IFCPROPERTYSINGLEVALUE('Tag #9',$,IFCLABEL('it''s #8'),$);
#3=IFCRELAGGREGATES('2hQIb1LAr8fuqGvpBKoNoR',$,'a ''#7'' name',$,#1,(#2,#1));
#4=IFCPOLYLINE((#1,#5,#2));
`);
    const visited = new Uint8Array(4);
    const stack = new Int32Array(4).fill(-1);
    // #3 refers to #1, #2 and #1 again: ordinals 0 and 1, each pushed once, after what the stack held.
    stack[0] = 3;
    visited[3] = 1;
    expect(model.markReferencesAtOrdinal(2, visited, stack, 1)).toBe(3);
    expect([...stack]).toEqual([3, 0, 1, -1]);
    expect([...visited]).toEqual([1, 1, 0, 1]);
    // #4: #1 and #2 are marked already, #5 is not in the file.
    expect(model.markReferencesAtOrdinal(3, visited, stack, 3)).toBe(3);
    // #2's '#9' and '#8' are text; an ordinal outside the file marks nothing.
    expect(model.markReferencesAtOrdinal(1, visited, stack, 3)).toBe(3);
    expect(model.markReferencesAtOrdinal(7, visited, stack, 3)).toBe(3);
    expect([...stack]).toEqual([3, 0, 1, -1]);
  });
});
