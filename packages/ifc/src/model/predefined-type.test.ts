import { describe, expect, it } from 'vitest';
import { modelOf } from '../testing/step-fixture';

describe('predefinedTypeView', () => {
  const model = modelOf(`
#1=IFCWALLTYPE('1hqIFTRjfV6AWq_bMtnZwI',$,$,$,$,$,$,$,'WALDO',.USERDEFINED.);
#2=IFCWALL('2hqIFTRjfV6AWq_bMtnZwI',$,$,$,'FOO',$,$,$,.USERDEFINED.);
#3=IFCWALL('3hqIFTRjfV6AWq_bMtnZwI',$,$,$,$,$,$,$,.USERDEFINED.);
#4=IFCWALL('4hqIFTRjfV6AWq_bMtnZwI',$,$,$,'BAR',$,$,$,.SHEAR.);
#5=IFCRELDEFINESBYTYPE('05rScmOVzMoQXOfbYdtLYj',$,$,$,(#6),#1);
#6=IFCWALL('6hqIFTRjfV6AWq_bMtnZwI',$,$,$,'OCC',$,$,$,.USERDEFINED.);
#7=IFCTASKTYPE('7hqIFTRjfV6AWq_bMtnZwI',$,$,$,$,$,$,$,'TASKY',.USERDEFINED.,$);
#8=IFCCONSTRUCTIONEQUIPMENTRESOURCETYPE('8hqIFTRjfV6AWq_bMtnZwI',$,$,$,$,$,$,$,'CRANE_X',$,$,.USERDEFINED.);
#9=IFCWALLTYPE('9hqIFTRjfV6AWq_bMtnZwI',$,$,$,$,$,$,$,$,.USERDEFINED.);
#10=IFCRELDEFINESBYTYPE('15rScmOVzMoQXOfbYdtLYj',$,$,$,(#11,#12),#9);
#11=IFCWALL('Bhq1FTRjfV6AWq_bMtnZwI',$,$,$,'OWN',$,$,$,.USERDEFINED.);
#12=IFCWALL('Chq1FTRjfV6AWq_bMtnZwI',$,$,$,$,$,$,$,$);`);

  it('marks a USERDEFINED value resolved through the class’s user-defined type attribute', () => {
    // Element type (ElementType), occurrence (ObjectType), process type (ProcessType), resource type (ResourceType).
    expect(model.predefinedTypeView(1)).toEqual({ value: 'WALDO', userDefined: true });
    expect(model.predefinedTypeView(2)).toEqual({ value: 'FOO', userDefined: true });
    expect(model.predefinedTypeView(7)).toEqual({ value: 'TASKY', userDefined: true });
    expect(model.predefinedTypeView(8)).toEqual({ value: 'CRANE_X', userDefined: true });
  });

  it('keeps USERDEFINED itself when no name is given, and enumeration values unmarked', () => {
    expect(model.predefinedTypeView(3)).toEqual({ value: 'USERDEFINED', userDefined: true });
    expect(model.predefinedTypeView(4)).toEqual({ value: 'SHEAR', userDefined: false });
    expect(model.predefinedType(4)).toBe('SHEAR');
  });

  it('lets a named user-defined type of the type object win over the occurrence', () => {
    expect(model.predefinedTypeView(6)).toEqual({ value: 'WALDO', userDefined: true });
    expect(model.predefinedType(6)).toBe('WALDO');
  });

  it('reads the occurrence when the type says USERDEFINED without a name, else keeps that USERDEFINED', () => {
    expect(model.predefinedTypeView(11)).toEqual({ value: 'OWN', userDefined: true });
    expect(model.predefinedTypeView(12)).toEqual({ value: 'USERDEFINED', userDefined: true });
  });
});
