import { readIfc } from '@plumbline/ifc';
import { describe, expect, it } from 'vitest';
import { sharedFile } from '../../../test/support/samples';
import { typeDesignation } from './type-designation';

const duplex = sharedFile('ifc-samples/Duplex_A_20110907.ifc');

// Expected values from the IFC schemas themselves (IFC2X3 IfcDoor has no PredefinedType; IFC4's is
// IfcDoorTypeEnum, which has DOOR; IfcWallTypeEnum has SOLIDWALL in every schema).
describe('typeDesignation', () => {
  it("calls an IFC2X3 door's ObjectType an object type, not a predefined type", () => {
    expect(typeDesignation('IFCDOOR', '1250mm x 2010mm', false)).toEqual({
      predefinedType: null,
      objectType: '1250mm x 2010mm',
    });
  });

  it('keeps enumeration values as predefined types, from the class or its type object', () => {
    expect(typeDesignation('IFCDOOR', 'DOOR', false)).toEqual({ predefinedType: 'DOOR', objectType: null });
    expect(typeDesignation('IFCWALLSTANDARDCASE', 'SOLIDWALL', false)).toEqual({
      predefinedType: 'SOLIDWALL',
      objectType: null,
    });
    expect(typeDesignation('IFCWALLTYPE', 'PARTITIONING', false).predefinedType).toBe('PARTITIONING');
  });

  it('shows a user-defined name as USERDEFINED plus the name as its object type', () => {
    expect(typeDesignation('IFCWALL', 'Curtain panel', true)).toEqual({
      predefinedType: 'USERDEFINED',
      objectType: 'Curtain panel',
    });
  });

  it('is empty when nothing is stored', () => {
    expect(typeDesignation('IFCDOOR', null, false)).toEqual({ predefinedType: null, objectType: null });
  });
});

describe.skipIf(!duplex)('typeDesignation on the IFC2X3 Duplex sample', () => {
  it("labels every door's engine value by what the file writes: ObjectType, not PredefinedType", () => {
    const model = readIfc(new Uint8Array(duplex as Buffer));
    try {
      const doors = model.idsOfClass('IFCDOOR');
      expect(doors.length).toBeGreaterThan(0);
      for (const id of doors) {
        const view = model.predefinedTypeView(id);
        const written = model.attribute(id, 'ObjectType');
        // IFC2X3 IfcDoor has no PredefinedType attribute: what the engine resolves is the ObjectType.
        expect(model.attribute(id, 'PredefinedType')).toBeUndefined();
        const shown = typeDesignation('IFCDOOR', view?.value ?? null, view?.userDefined ?? false);
        expect(shown.predefinedType).toBeNull();
        expect(written?.kind).toBe('string');
        expect(shown.objectType).toBe(written?.kind === 'string' ? written.value : 'no ObjectType');
      }
    } finally {
      model.dispose();
    }
  });
});
