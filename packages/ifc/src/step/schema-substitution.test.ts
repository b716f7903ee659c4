import { describe, expect, it } from 'vitest';
import { readModelOrigin } from '../model/model-origin';
import { modelOf } from '../testing/step-fixture';
import { schemaSubstitution } from './schema-substitution';

const wall = "#1=IFCWALL('1YvctVUKr0kugbFTf53O9L',$,'W',$,$,$,$,$,$);";

describe('schema substitution', () => {
  it.each(['IFC4X3_RC1', 'IFC4X3_RC2', 'IFC4X3_RC3', 'IFC4X3_RC4'])(
    'a model written as %s is read as IFC4X3_ADD2 and says why',
    (written) => {
      const model = modelOf(wall, written);
      expect(model.schema).toBe('IFC4X3_ADD2');
      expect(readModelOrigin(model).schemaSubstitution).toEqual({
        written,
        readAs: 'IFC4X3_ADD2',
        reason: 'ifc4x3_release_candidate',
      });
      model.dispose();
    },
  );

  it.each(['IFC2X3', 'IFC4', 'IFC4X3_ADD2', 'IFC4X3'])(
    'a model written as %s is read as written',
    (written) => {
      const model = modelOf(wall, written);
      expect(readModelOrigin(model)).not.toHaveProperty('schemaSubstitution');
      model.dispose();
    },
  );

  it('takes the name as written, in any case and with spaces', () => {
    expect(schemaSubstitution([' ifc4x3_rc2 '], 'IFC4X3_ADD2')).toEqual({
      written: 'ifc4x3_rc2',
      readAs: 'IFC4X3_ADD2',
      reason: 'ifc4x3_release_candidate',
    });
    expect(schemaSubstitution(['IFC4X3_RC5'], 'IFC4X3_ADD2')).toBeNull();
    expect(schemaSubstitution([], 'IFC4')).toBeNull();
  });
});
