import { modelOf } from '@plumbline/ifc/testing/step-fixture';
import { describe, expect, it } from 'vitest';
import { View } from './view';

const model = modelOf(`
#1=IFCPROPERTYSINGLEVALUE('A',$,IFCLABEL('x'),$);
#2=IFCPROPERTYSINGLEVALUE('B',$,$,$);
#3=IFCPROPERTYSET('2hQIb1LAr8fuqGvpBKoNoR',$,'Pset_A',$,(#1,#404,#2));
#4=IFCPROPERTYSET('3hQIb1LAr8fuqGvpBKoNoR',$,'Pset_B',$,(#2));
#5=IFCPROPERTYSET('1hQIb1LAr8fuqGvpBKoNoR',$,'Pset_C',$,$);
`);

describe('View.refsInto', () => {
  it("gives refs's answer in the list it is handed, emptied first, ids the file lacks left out", () => {
    const view = new View(model);
    const out = [7, 8, 9, 10];
    expect(view.refsInto(3, 'HasProperties', out)).toBe(out);
    // Written out: #404 is not in the file.
    expect(out).toEqual([1, 2]);
    expect(view.refsInto(4, 'HasProperties', out)).toEqual([2]);
    expect(view.refsInto(5, 'HasProperties', out)).toEqual([]);
    expect(view.refsInto(1, 'HasProperties', out)).toEqual([]); // no such attribute
    for (const id of [1, 2, 3, 4, 5, 404])
      expect(view.refsInto(id, 'HasProperties', out)).toEqual(view.refs(id, 'HasProperties'));
  });
});
