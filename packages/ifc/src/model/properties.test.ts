import { describe, expect, it } from 'vitest';
import { modelOf } from '../testing/step-fixture';

const UNITS_MM = `
#1=IFCPROJECT('1hqIFTRjfV6AWq_bMtnZwI',$,$,$,$,$,$,$,#6);
#2=IFCSIUNIT(*,.LENGTHUNIT.,.MILLI.,.METRE.);
#3=IFCSIUNIT(*,.AREAUNIT.,.MILLI.,.SQUARE_METRE.);
#4=IFCSIUNIT(*,.VOLUMEUNIT.,.MILLI.,.CUBIC_METRE.);
#5=IFCSIUNIT(*,.TIMEUNIT.,$,.SECOND.);
#6=IFCUNITASSIGNMENT((#4,#2,#5,#3));`;

describe('property sets', () => {
  it('reads every property kind with its values and data types', () => {
    const model = modelOf(`${UNITS_MM}
#7=IFCWALL('2nJrDaLQfJ1QPhdJR0o97J',$,$,$,$,$,$,$,$);
#8=IFCPROPERTYSET('16MocU_IDOF8_x3Iqllz0d',$,'Foo_Bar',$,(#10,#11,#12,#13,#14,#15,#16,#17,#18,#19));
#9=IFCRELDEFINESBYPROPERTIES('1xdwj8qGXK4hzoNbvMdXJW',$,$,$,(#7),#8);
#10=IFCPROPERTYSINGLEVALUE('Label',$,IFCLABEL('X'),$);
#11=IFCPROPERTYSINGLEVALUE('Empty',$,IFCLABEL(''),$);
#12=IFCPROPERTYSINGLEVALUE('Null',$,$,$);
#13=IFCPROPERTYENUMERATEDVALUE('Enum',$,(IFCLABEL('A'),IFCLABEL('B')),$);
#14=IFCPROPERTYBOUNDEDVALUE('Bounded',$,IFCLENGTHMEASURE(5000.),IFCLENGTHMEASURE(1000.),$,IFCLENGTHMEASURE(2000.));
#15=IFCPROPERTYLISTVALUE('List',$,(IFCINTEGER(1),IFCINTEGER(2)),$);
#16=IFCPROPERTYLISTVALUE('EmptyList',$,(),$);
#17=IFCPROPERTYTABLEVALUE('Table',$,(IFCLABEL('X')),(IFCLENGTHMEASURE(1000.)),$,$,$,$);
#18=IFCPROPERTYREFERENCEVALUE('Reference',$,$,#7);
#19=IFCCOMPLEXPROPERTY('Complex',$,'Usage',(#20));
#20=IFCPROPERTYSINGLEVALUE('Inner',$,IFCBOOLEAN(.T.),$);`);
    const [set] = model.propertySets(7);
    expect(set).toMatchObject({ name: 'Foo_Bar', className: 'IFCPROPERTYSET', id: 8, source: 'occurrence' });
    const byName = new Map(set!.properties.map((p) => [p.name, p]));
    expect(byName.get('Label')).toMatchObject({
      kind: 'single',
      values: [{ value: 'X', dataType: 'IFCLABEL', isReal: false }],
    });
    expect(byName.get('Empty')?.values).toEqual([{ value: '', dataType: 'IFCLABEL', isReal: false }]);
    expect(byName.get('Null')?.values).toEqual([]);
    expect(byName.get('Enum')).toMatchObject({
      kind: 'enumerated',
      values: [{ value: 'A' }, { value: 'B' }],
    });
    expect(byName.get('Bounded')?.kind).toBe('bounded');
    expect(byName.get('Bounded')?.siValues.map((v) => v.value)).toEqual([5, 1, 2]);
    expect(byName.get('List')?.values).toEqual([
      { value: 1, dataType: 'IFCINTEGER', isReal: false },
      { value: 2, dataType: 'IFCINTEGER', isReal: false },
    ]);
    expect(byName.get('EmptyList')).toMatchObject({ kind: 'list', values: [] });
    expect(byName.get('Table')).toMatchObject({ kind: 'table', values: [{ value: 'X' }, { value: 1000 }] });
    expect(byName.get('Table')?.siValues[1]).toEqual({
      value: 1,
      dataType: 'IFCLENGTHMEASURE',
      isReal: true,
    });
    expect(byName.get('Reference')).toMatchObject({ kind: 'reference', values: [] });
    expect(byName.get('Complex')?.properties?.[0]).toMatchObject({
      name: 'Inner',
      values: [{ value: true, dataType: 'IFCBOOLEAN' }],
    });
  });

  it('types quantities as their measure and converts them to SI (area squared, volume cubed)', () => {
    const model = modelOf(`${UNITS_MM}
#7=IFCSLAB('2nJrDaLQfJ1QPhdJR0o97J',$,$,$,$,$,$,$,$);
#8=IFCELEMENTQUANTITY('16MocU_IDOF8_x3Iqllz0d',$,'Qto_SlabBaseQuantities',$,$,(#10,#11,#12,#13,#14));
#9=IFCRELDEFINESBYPROPERTIES('1xdwj8qGXK4hzoNbvMdXJW',$,$,$,(#7),#8);
#10=IFCQUANTITYLENGTH('Width',$,$,200.,$);
#11=IFCQUANTITYAREA('GrossArea',$,$,2000000.,$);
#12=IFCQUANTITYVOLUME('GrossVolume',$,$,1.E9,$);
#13=IFCQUANTITYCOUNT('Count',$,$,3,$);
#14=IFCQUANTITYWEIGHT('Weight',$,$,12.5,$);`);
    const [set] = model.propertySets(7);
    expect(set?.className).toBe('IFCELEMENTQUANTITY');
    const q = new Map(set!.properties.map((p) => [p.name, p]));
    expect(q.get('Width')).toMatchObject({
      kind: 'quantity',
      values: [{ value: 200, dataType: 'IFCLENGTHMEASURE', isReal: true }],
    });
    expect(q.get('Width')?.siValues[0]?.value).toBeCloseTo(0.2, 12);
    expect(q.get('GrossArea')?.siValues[0]).toMatchObject({ dataType: 'IFCAREAMEASURE' });
    expect(q.get('GrossArea')?.siValues[0]?.value).toBeCloseTo(2, 9);
    expect(q.get('GrossVolume')?.siValues[0]?.value).toBeCloseTo(1, 9);
    expect(q.get('Count')?.values).toEqual([{ value: 3, dataType: 'IFCCOUNTMEASURE', isReal: false }]);
    expect(q.get('Weight')?.values[0]?.dataType).toBe('IFCMASSMEASURE');
  });

  it('converts single values with the project unit, unless the property names its own unit', () => {
    const model = modelOf(`${UNITS_MM}
#7=IFCWALL('2nJrDaLQfJ1QPhdJR0o97J',$,$,$,$,$,$,$,$);
#8=IFCPROPERTYSET('16MocU_IDOF8_x3Iqllz0d',$,'Foo_Bar',$,(#10,#11,#12));
#9=IFCRELDEFINESBYPROPERTIES('1xdwj8qGXK4hzoNbvMdXJW',$,$,$,(#7),#8);
#10=IFCPROPERTYSINGLEVALUE('Foo',$,IFCLENGTHMEASURE(2.),$);
#11=IFCPROPERTYSINGLEVALUE('Own',$,IFCLENGTHMEASURE(2.),#13);
#12=IFCPROPERTYSINGLEVALUE('Ratio',$,IFCREAL(2.),$);
#13=IFCSIUNIT(*,.LENGTHUNIT.,.KILO.,.METRE.);`);
    const p = new Map(model.propertySets(7)[0]!.properties.map((x) => [x.name, x]));
    expect(p.get('Foo')?.values[0]?.value).toBe(2);
    expect(p.get('Foo')?.siValues[0]?.value).toBeCloseTo(0.002, 12);
    expect(p.get('Own')?.siValues[0]?.value).toBe(2000);
    expect(p.get('Ratio')?.siValues[0]?.value).toBe(2);
  });

  it('inherits the type object’s sets, the occurrence overriding property by property', () => {
    const model = modelOf(`
#1=IFCWALL('1hqIFTRjfV6AWq_bMtnZwI',$,$,$,$,$,$,$,$);
#2=IFCWALLTYPE('0eA6m4fELI9QBIhP3wiLAp',$,$,$,$,(#3,#6),$,$,$,.SOLIDWALL.);
#3=IFCPROPERTYSET('1xdwj8qGXK4hzoNbvMdXJW',$,'Foo_Bar',$,(#4,#5));
#4=IFCPROPERTYSINGLEVALUE('Foo',$,IFCLABEL('TypeFoo'),$);
#5=IFCPROPERTYSINGLEVALUE('Bar',$,IFCLABEL('TypeBar'),$);
#6=IFCPROPERTYSET('2xdwj8qGXK4hzoNbvMdXJW',$,'Type_Only',$,(#4));
#7=IFCRELDEFINESBYTYPE('05rScmOVzMoQXOfbYdtLYj',$,$,$,(#1),#2);
#8=IFCPROPERTYSET('3xdwj8qGXK4hzoNbvMdXJW',$,'Foo_Bar',$,(#9));
#9=IFCPROPERTYSINGLEVALUE('Foo',$,IFCLABEL('OccurrenceFoo'),$);
#10=IFCRELDEFINESBYPROPERTIES('4xdwj8qGXK4hzoNbvMdXJW',$,$,$,(#1),#8);
#11=IFCWALL('5hqIFTRjfV6AWq_bMtnZwI',$,$,$,$,$,$,$,$);
#12=IFCRELDEFINESBYTYPE('15rScmOVzMoQXOfbYdtLYj',$,$,$,(#11),#2);`);
    const sets = model.propertySets(1);
    expect(sets.map((s) => [s.name, s.source, s.id])).toEqual([
      ['Foo_Bar', 'merged', 8],
      ['Type_Only', 'type', 6],
    ]);
    expect(sets[0]!.properties.map((p) => [p.name, p.values[0]?.value])).toEqual([
      ['Foo', 'OccurrenceFoo'],
      ['Bar', 'TypeBar'],
    ]);
    expect(model.propertySets(11).map((s) => [s.name, s.source])).toEqual([
      ['Foo_Bar', 'type'],
      ['Type_Only', 'type'],
    ]);
    // The type object itself has its own sets only.
    expect(model.propertySets(2).map((s) => [s.name, s.source])).toEqual([
      ['Foo_Bar', 'occurrence'],
      ['Type_Only', 'occurrence'],
    ]);
  });

  it('reads predefined property sets attribute by attribute, typed as declared', () => {
    const model = modelOf(`
#7=IFCDOOR('2nJrDaLQfJ1QPhdJR0o97J',$,$,$,$,$,$,$,$,$,$,$,$);
#8=IFCDOORPANELPROPERTIES('16MocU_IDOF8_x3Iqllz0d',$,'Foo_Bar',$,$,.SWINGING.,$,.LEFT.,$);
#9=IFCRELDEFINESBYPROPERTIES('1xdwj8qGXK4hzoNbvMdXJW',$,$,$,(#7),#8);`);
    const [set] = model.propertySets(7);
    expect(set?.className).toBe('IFCDOORPANELPROPERTIES');
    expect(set?.properties.map((p) => [p.name, p.values])).toEqual([
      ['PanelOperation', [{ value: 'SWINGING', dataType: 'IFCDOORPANELOPERATIONENUM', isReal: false }]],
      ['PanelPosition', [{ value: 'LEFT', dataType: 'IFCDOORPANELPOSITIONENUM', isReal: false }]],
    ]);
  });

  it('reads IFC4 property-set definition sets (several sets in one relation)', () => {
    const model = modelOf(`
#1=IFCWALL('1hqIFTRjfV6AWq_bMtnZwI',$,$,$,$,$,$,$,$);
#2=IFCPROPERTYSET('1xdwj8qGXK4hzoNbvMdXJW',$,'A',$,());
#3=IFCPROPERTYSET('2xdwj8qGXK4hzoNbvMdXJW',$,'B',$,());
#4=IFCRELDEFINESBYPROPERTIES('4xdwj8qGXK4hzoNbvMdXJW',$,$,$,(#1),(#2,#3));`);
    expect(model.propertySets(1).map((s) => s.name)).toEqual(['A', 'B']);
  });

  it('keeps logical unknown as UNKNOWN and booleans as booleans', () => {
    const model = modelOf(`
#1=IFCWALL('1hqIFTRjfV6AWq_bMtnZwI',$,$,$,$,$,$,$,$);
#2=IFCPROPERTYSET('1xdwj8qGXK4hzoNbvMdXJW',$,'A',$,(#3,#4));
#3=IFCPROPERTYSINGLEVALUE('L',$,IFCLOGICAL(.U.),$);
#4=IFCPROPERTYSINGLEVALUE('B',$,IFCBOOLEAN(.F.),$);
#5=IFCRELDEFINESBYPROPERTIES('4xdwj8qGXK4hzoNbvMdXJW',$,$,$,(#1),#2);`);
    const values = model.propertySets(1)[0]!.properties.map((p) => p.values[0]);
    expect(values).toEqual([
      { value: 'UNKNOWN', dataType: 'IFCLOGICAL', isReal: false },
      { value: false, dataType: 'IFCBOOLEAN', isReal: false },
    ]);
  });
});
