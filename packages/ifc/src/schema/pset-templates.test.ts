import { describe, expect, it } from 'vitest';
import { setTemplates } from './pset-templates';

describe('setTemplates', () => {
  it('gives the IFC4 templates with their properties, kinds and data types', () => {
    const wall = setTemplates('IFC4').get('Pset_WallCommon')!;
    expect(wall.templateType).toBe('PSET_TYPEDRIVENOVERRIDE');
    expect(wall.applicableClasses).toEqual([{ entity: 'IfcWall', predefinedType: null }]);
    expect(wall.property.get('FireRating')).toEqual({
      name: 'FireRating',
      kind: 'single',
      propertyClass: 'IfcPropertySingleValue',
      dataType: 'IfcLabel',
      values: [],
    });
    expect(wall.property.get('Status')).toMatchObject({
      kind: 'enumerated',
      values: expect.arrayContaining(['NEW']),
    });
  });

  it('reads predefined-type restrictions both ways: IfcX/TYPE (IFC4) and IfcX.PredefinedType=TYPE (IFC2X3)', () => {
    expect(setTemplates('IFC4').get('Pset_ActuatorTypeElectricActuator')!.applicableClasses).toEqual([
      { entity: 'IfcActuator', predefinedType: 'ELECTRICACTUATOR' },
    ]);
    expect(setTemplates('IFC2X3').get('Pset_ActuatorTypeElectricActuator')!.applicableClasses).toEqual([
      { entity: 'IfcActuatorType', predefinedType: 'ELECTRICACTUATOR' },
    ]);
  });

  it('holds quantity sets with their quantity classes (IFC4, IFC4X3)', () => {
    const qto = setTemplates('IFC4X3_ADD2').get('Qto_WallBaseQuantities')!;
    expect(qto.property.get('Length')).toMatchObject({
      kind: 'quantity',
      propertyClass: 'IfcQuantityLength',
    });
    expect(setTemplates('IFC4X3_ADD2').size).toBe(760);
    expect(setTemplates('IFC4').size).toBe(513);
    expect(setTemplates('IFC2X3').size).toBe(318);
  });
});
