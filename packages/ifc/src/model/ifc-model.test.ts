import { describe, expect, it } from 'vitest';
import { modelOf } from '../testing/step-fixture';

describe('classes and attributes', () => {
  const model = modelOf(`
#1=IFCWALL('1hqIFTRjfV6AWq_bMtnZwI',$,'Wall \\X2\\00C4\\X0\\',$,'',$,$,$,.NOTDEFINED.);
#2=IFCWALLSTANDARDCASE('0eA6m4fELI9QBIhP3wiLAp',$,$,$,$,$,$,$,$);
#3=IFCSIUNIT(*,.LENGTHUNIT.,.MILLI.,.METRE.);
#4=IFCRELAGGREGATES('05rScmOVzMoQXOfbYdtLYj',$,$,$,#1,());`);

  it('looks instances up by exact class and with subtypes', () => {
    expect(model.idsOfClass('IFCWALL')).toEqual([1]);
    expect(model.idsOfClass('IfcWall')).toEqual([1]);
    expect(model.idsOfClassOrSubtypes('IFCWALL')).toEqual([1, 2]);
    expect(model.idsOfClass('IFCDOOR')).toEqual([]);
    expect(model.classOf(2)).toBe('IFCWALLSTANDARDCASE');
    expect(model.classOf(99)).toBeUndefined();
    expect(model.instanceCount).toBe(4);
  });

  it('gives every explicit attribute by name, as written', () => {
    const attributes = model.attributes(1);
    expect([...attributes.keys()]).toEqual([
      'GlobalId',
      'OwnerHistory',
      'Name',
      'Description',
      'ObjectType',
      'ObjectPlacement',
      'Representation',
      'Tag',
      'PredefinedType',
    ]);
    expect(attributes.get('Name')).toEqual({ kind: 'string', value: 'Wall Ä' });
    expect(attributes.get('ObjectType')).toEqual({ kind: 'string', value: '' });
    expect(attributes.get('Description')).toEqual({ kind: 'null' });
    expect(model.attribute(1, 'PredefinedType')).toEqual({ kind: 'enum', value: 'NOTDEFINED' });
    expect(model.attribute(1, 'NoSuchAttribute')).toBeUndefined();
    expect(model.attribute(3, 'Dimensions')).toEqual({ kind: 'derived' });
    expect(model.attribute(4, 'RelatedObjects')).toEqual({ kind: 'list', items: [] });
    expect(model.globalId(1)).toBe('1hqIFTRjfV6AWq_bMtnZwI');
    expect(model.name(1)).toBe('Wall Ä');
    expect(model.name(2)).toBeNull();
  });
});

describe('predefined types', () => {
  it('reads the occurrence value, resolving USERDEFINED through ObjectType', () => {
    const model = modelOf(`
#1=IFCWALL('1hqIFTRjfV6AWq_bMtnZwI',$,$,$,'X',$,$,$,.USERDEFINED.);
#2=IFCWALL('2hqIFTRjfV6AWq_bMtnZwI',$,$,$,$,$,$,$,.SHEAR.);
#3=IFCWALL('3hqIFTRjfV6AWq_bMtnZwI',$,$,$,$,$,$,$,$);`);
    expect(model.predefinedType(1)).toBe('X');
    expect(model.predefinedType(2)).toBe('SHEAR');
    expect(model.predefinedType(3)).toBeNull();
  });

  it('lets the type’s value win, resolving USERDEFINED through ElementType / ProcessType', () => {
    const model = modelOf(`
#1=IFCWALL('1hqIFTRjfV6AWq_bMtnZwI',$,$,$,$,$,$,$,.SHEAR.);
#2=IFCWALLTYPE('0eA6m4fELI9QBIhP3wiLAp',$,$,$,$,$,$,$,'TYPEX',.USERDEFINED.);
#3=IFCRELDEFINESBYTYPE('05rScmOVzMoQXOfbYdtLYj',$,$,$,(#1),#2);
#4=IFCWALL('4hqIFTRjfV6AWq_bMtnZwI',$,$,$,'X',$,$,$,.USERDEFINED.);
#5=IFCWALLTYPE('1eA6m4fELI9QBIhP3wiLAp',$,$,$,$,$,$,$,$,.NOTDEFINED.);
#6=IFCRELDEFINESBYTYPE('15rScmOVzMoQXOfbYdtLYj',$,$,$,(#4),#5);
#7=IFCTASKTYPE('1hqIFTRjfV6AWq_bMtnZwI',$,$,$,$,$,$,$,'TASKY',.USERDEFINED.,$);`);
    expect(model.typeOf(1)).toBe(2);
    expect(model.predefinedType(1)).toBe('TYPEX');
    expect(model.predefinedType(2)).toBe('TYPEX');
    expect(model.predefinedType(4)).toBe('X');
    expect(model.predefinedType(5)).toBe('NOTDEFINED');
    expect(model.predefinedType(7)).toBe('TASKY');
    expect(model.typeOf(7)).toBeNull();
  });
});

describe('part-of relations and storeys', () => {
  const model = modelOf(`
#1=IFCBUILDING('1hqIFTRjfV6AWq_bMtnZwI',$,$,$,$,$,$,$,$,$,$,$);
#2=IFCBUILDINGSTOREY('2hqIFTRjfV6AWq_bMtnZwI',$,'Level 1',$,$,$,$,$,$,$);
#3=IFCRELAGGREGATES('3hqIFTRjfV6AWq_bMtnZwI',$,$,$,#1,(#2));
#4=IFCWALL('4hqIFTRjfV6AWq_bMtnZwI',$,$,$,$,$,$,$,$);
#5=IFCRELCONTAINEDINSPATIALSTRUCTURE('5hqIFTRjfV6AWq_bMtnZwI',$,$,$,(#4,#7),#2);
#6=IFCOPENINGELEMENT('6hqIFTRjfV6AWq_bMtnZwI',$,$,$,$,$,$,$,$);
#7=IFCDOOR('7hqIFTRjfV6AWq_bMtnZwI',$,$,$,$,$,$,$,$,$,$,$,$);
#8=IFCRELVOIDSELEMENT('8hqIFTRjfV6AWq_bMtnZwI',$,$,$,#4,#6);
#9=IFCRELFILLSELEMENT('9hqIFTRjfV6AWq_bMtnZwI',$,$,$,#6,#10);
#10=IFCWINDOW('AhqIFTRjfV6AWq_bMtnZwI',$,$,$,$,$,$,$,$,$,$,$,$);
#11=IFCGROUP('BhqIFTRjfV6AWq_bMtnZwI',$,$,$,$);
#12=IFCRELASSIGNSTOGROUP('ChqIFTRjfV6AWq_bMtnZwI',$,$,$,(#4,#7),$,#11);
#13=IFCELEMENTASSEMBLY('DhqIFTRjfV6AWq_bMtnZwI',$,$,$,$,$,$,$,$,$);
#14=IFCBEAM('EhqIFTRjfV6AWq_bMtnZwI',$,$,$,$,$,$,$,$);
#15=IFCRELNESTS('FhqIFTRjfV6AWq_bMtnZwI',$,$,$,#13,(#14));
#16=IFCWALLTYPE('GhqIFTRjfV6AWq_bMtnZwI',$,$,$,$,$,$,$,$,.SOLIDWALL.);`);

  it('gives direct parents through each relation', () => {
    expect(model.parents(2)).toEqual([{ id: 1, relation: 'IFCRELAGGREGATES' }]);
    expect(model.parents(4)).toEqual([
      { id: 11, relation: 'IFCRELASSIGNSTOGROUP' },
      { id: 2, relation: 'IFCRELCONTAINEDINSPATIALSTRUCTURE' },
    ]);
    expect(model.parents(6)).toEqual([{ id: 4, relation: 'IFCRELVOIDSELEMENT' }]);
    expect(model.parents(10)).toEqual([{ id: 6, relation: 'IFCRELFILLSELEMENT' }]);
    expect(model.parents(14)).toEqual([{ id: 13, relation: 'IFCRELNESTS' }]);
    expect(model.parents(1)).toEqual([]);
  });

  it('finds the storey through containment, voids and fills', () => {
    expect(model.storeyOf(4)).toBe(2);
    expect(model.storeyOf(7)).toBe(2);
    expect(model.storeyOf(10)).toBe(2); // window → opening → wall → storey
    expect(model.storeyOf(2)).toBe(2);
    expect(model.storeyOf(1)).toBeNull();
    expect(model.storeyOf(14)).toBeNull();
  });

  it('enumerates products and type objects for storage', () => {
    expect([...model.products()].sort((a, b) => a - b)).toEqual([1, 2, 4, 6, 7, 10, 13, 14, 16]);
  });
});
