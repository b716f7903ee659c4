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
