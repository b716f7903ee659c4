import { describe, expect, it } from 'vitest';
import { ifc2x3Mapping } from './ifc2x3-mapping';

describe('IFC2X3 occurrence/type mapping', () => {
  it('derives the rows of the IDS mapping table from the schema', () => {
    expect(ifc2x3Mapping('IFCAIRTERMINAL')).toEqual({
      occurrence: 'IFCFLOWTERMINAL',
      type: 'IFCAIRTERMINALTYPE',
    });
    expect(ifc2x3Mapping('IFCFURNITURE')).toEqual({
      occurrence: 'IFCFURNISHINGELEMENT',
      type: 'IFCFURNITURETYPE',
    });
    expect(ifc2x3Mapping('IFCSENSOR')).toEqual({
      occurrence: 'IFCDISTRIBUTIONCONTROLELEMENT',
      type: 'IFCSENSORTYPE',
    });
    expect(ifc2x3Mapping('IFCBOILER')).toEqual({
      occurrence: 'IFCENERGYCONVERSIONDEVICE',
      type: 'IFCBOILERTYPE',
    });
  });

  it('maps nothing that IFC2X3 has, or that has no type there', () => {
    expect(ifc2x3Mapping('IFCWALL')).toBeNull();
    expect(ifc2x3Mapping('IFCRABBIT')).toBeNull();
    expect(ifc2x3Mapping('IFCALIGNMENT')).toBeNull();
  });
});
