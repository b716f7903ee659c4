import { describe, expect, it } from 'vitest';
import { isIdsFileName } from './ids-files-picker';

describe('isIdsFileName', () => {
  it('takes .ids and .xml files in any case, and nothing else', () => {
    expect(['rules.ids', 'RULES.IDS', 'rules.xml', 'a.b.Xml'].map(isIdsFileName)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(['model.ifc', 'rules.ids.zip', 'ids', 'rules.idsx', ''].map(isIdsFileName)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});
