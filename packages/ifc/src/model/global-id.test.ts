import { describe, expect, it } from 'vitest';
import { modelOf } from '../testing/step-fixture';

describe('globalIdWellFormed', () => {
  it('judges a GlobalId from the bytes, and leaves escapes to globalId', () => {
    const model = modelOf(`
#1=IFCWALL('2hQIb1LAr8fuqGvpBKoNoR',$,$,$,$,$,$,$,$);
#2=IFCWALL('4hQIb1LAr8fuqGvpBKoNoR',$,$,$,$,$,$,$,$);
#3=IFCWALL('2hQIb1LAr8fuqGvpBKoNo!',$,$,$,$,$,$,$,$);
#4=IFCWALL('2hQIb1LAr8fuqGvp',$,$,$,$,$,$,$,$);
#5=IFCWALL('2hQIb1LAr8fuqGvp\\\\X\\\\41o',$,$,$,$,$,$,$,$);
#6=IFCWALL($,$,$,$,$,$,$,$,$);
`);
    expect([1, 2, 3, 4, 5, 6, 7].map((id) => model.globalIdWellFormed(id))).toEqual([
      true,
      false,
      false,
      null,
      null,
      null,
      null,
    ]);
  });
});
