import { describe, expect, it } from 'vitest';
import { modelOf } from '../testing/step-fixture';

const wallWith = (material: string) =>
  modelOf(`
#1=IFCWALL('1hqIFTRjfV6AWq_bMtnZwI',$,$,$,$,$,$,$,$);
#2=IFCRELASSOCIATESMATERIAL('05rScmOVzMoQXOfbYdtLYj',$,$,$,(#1),#10);
${material}`);

describe('materials', () => {
  it('reads a single material with its category', () => {
    expect(wallWith("#10=IFCMATERIAL('Concrete',$,'Structural');").materials(1)).toEqual([
      { names: ['Concrete', 'Structural'], categories: ['Structural'], className: 'IFCMATERIAL', id: 10 },
    ]);
  });

  it('reads material lists', () => {
    const model = wallWith(
      "#10=IFCMATERIALLIST((#11,#12));\n#11=IFCMATERIAL('A',$,'CatA');\n#12=IFCMATERIAL('B',$,$);",
    );
    expect(model.materials(1)[0]).toMatchObject({
      names: ['A', 'CatA', 'B'],
      categories: ['CatA'],
      className: 'IFCMATERIALLIST',
    });
  });

  it('reads layer set usages: set name, layer names and categories, materials', () => {
    const model = wallWith(`
#10=IFCMATERIALLAYERSETUSAGE(#11,.AXIS2.,.POSITIVE.,0.,$);
#11=IFCMATERIALLAYERSET((#12,#13),'Wall 215',$);
#12=IFCMATERIALLAYER(#14,200.,$,'Core',$,'LoadBearing',$);
#13=IFCMATERIALLAYER($,15.,$,'Finish',$,$,$);
#14=IFCMATERIAL('Concrete',$,'Concrete cat');`);
    const [m] = model.materials(1);
    expect(m?.className).toBe('IFCMATERIALLAYERSETUSAGE');
    expect(m?.names).toEqual(['Wall 215', 'Core', 'LoadBearing', 'Concrete', 'Concrete cat', 'Finish']);
    expect(m?.categories).toEqual(['LoadBearing', 'Concrete cat']);
  });

  it('reads profile sets and constituent sets', () => {
    const profiles = wallWith(`
#10=IFCMATERIALPROFILESET('Unnamed',$,(#12),$);
#11=IFCMATERIAL('Steel',$,'Metal');
#12=IFCMATERIALPROFILE('Foo',$,#11,#13,$,'ProfileCat');
#13=IFCCIRCLEPROFILEDEF(.AREA.,'Ignored',$,1.);`);
    expect(profiles.materials(1)[0]?.names).toEqual(['Unnamed', 'Foo', 'ProfileCat', 'Steel', 'Metal']);
    const constituents = wallWith(`
#10=IFCMATERIALCONSTITUENTSET('Set',$,(#11));
#11=IFCMATERIALCONSTITUENT('Frame',$,#12,0.5,'FrameCat');
#12=IFCMATERIAL('Wood',$,$);`);
    expect(constituents.materials(1)[0]?.names).toEqual(['Set', 'Frame', 'FrameCat', 'Wood']);
  });

  it('keeps empty sets distinguishable from no material', () => {
    expect(wallWith('#10=IFCMATERIALLIST(());').materials(1)).toMatchObject([
      { names: [], className: 'IFCMATERIALLIST' },
    ]);
    expect(modelOf("#1=IFCWALL('1hqIFTRjfV6AWq_bMtnZwI',$,$,$,$,$,$,$,$);").materials(1)).toEqual([]);
  });

  it('uses the type object’s material when the occurrence has none', () => {
    const model = modelOf(`
#1=IFCWALL('1hqIFTRjfV6AWq_bMtnZwI',$,$,$,$,$,$,$,$);
#2=IFCWALLTYPE('0eA6m4fELI9QBIhP3wiLAp',$,$,$,$,$,$,$,$,.SOLIDWALL.);
#3=IFCRELDEFINESBYTYPE('05rScmOVzMoQXOfbYdtLYj',$,$,$,(#1,#6),#2);
#4=IFCMATERIAL('TypeMaterial',$,$);
#5=IFCRELASSOCIATESMATERIAL('15rScmOVzMoQXOfbYdtLYj',$,$,$,(#2),#4);
#6=IFCWALL('2hqIFTRjfV6AWq_bMtnZwI',$,$,$,$,$,$,$,$);
#7=IFCMATERIAL('Own',$,$);
#8=IFCRELASSOCIATESMATERIAL('25rScmOVzMoQXOfbYdtLYj',$,$,$,(#6),#7);`);
    expect(model.materials(1).map((m) => m.names)).toEqual([['TypeMaterial']]);
    expect(model.materials(6).map((m) => m.names)).toEqual([['Own']]);
  });
});

describe('materials of a malformed, deeply chained definition', () => {
  it('reads a chain of 20,000 layer sets without running out of stack', () => {
    const n = 20_000;
    const lines: string[] = [
      "#1=IFCWALL('2hqIFTRjfV6AWq_bMtnZwI',$,$,$,$,$,$,$,$);",
      "#2=IFCRELASSOCIATESMATERIAL('05rScmOVzMoQXOfbYdtLYj',$,$,$,(#1),#10);",
    ];
    // Each layer's Material points at the next layer set (wrong type: the reader does not validate).
    for (let i = 0; i < n; i++) {
      lines.push(`#${10 + 2 * i}=IFCMATERIALLAYERSET((#${11 + 2 * i}),'Set ${i}',$);`);
      lines.push(`#${11 + 2 * i}=IFCMATERIALLAYER(#${12 + 2 * i},0.1,$,$,$,$,$);`);
    }
    const model = modelOf(lines.join('\n'));
    const [view] = model.materials(1);
    expect(view?.names[0]).toBe('Set 0');
    expect(view!.names.length).toBeGreaterThan(1000);
  });
});
