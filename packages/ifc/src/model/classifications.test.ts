import { describe, expect, it } from 'vitest';
import { modelOf } from '../testing/step-fixture';

describe('classifications', () => {
  it('walks ReferencedSource up to the classification system, nearest first', () => {
    const model = modelOf(`
#1=IFCCLASSIFICATION('Source',$,$,'Uniclass',$,$,$);
#2=IFCCLASSIFICATIONREFERENCE($,'EF_25',$,#1,$,$);
#3=IFCCLASSIFICATIONREFERENCE($,'EF_25_10','Walls',#2,$,$);
#4=IFCCLASSIFICATIONREFERENCE('http://x/EF_25_10_30','EF_25_10_30',$,#3,$,$);
#5=IFCWALL('3qs_CEYznSwfyPnfvmY$jn',$,'Wall',$,$,$,$,$,$);
#6=IFCRELASSOCIATESCLASSIFICATION('0WTUhjMwvT39YBFH2pryoM',$,$,$,(#5),#4);`);
    expect(model.classifications(5)).toEqual([
      {
        id: 4,
        identification: 'EF_25_10_30',
        name: null,
        system: 'Uniclass',
        hierarchy: ['EF_25_10_30', 'EF_25_10', 'EF_25'],
        location: 'http://x/EF_25_10_30',
        source: 'occurrence',
      },
    ]);
  });

  it('reads IFC2X3 ItemReference', () => {
    const model = modelOf(
      `
#1=IFCCLASSIFICATION('Source','1',$,'Uniformat');
#2=IFCCLASSIFICATIONREFERENCE($,'B2010',$,#1);
#3=IFCWALL('3qs_CEYznSwfyPnfvmY$jn',$,'Wall',$,$,$,$,$);
#4=IFCRELASSOCIATESCLASSIFICATION('0WTUhjMwvT39YBFH2pryoM',$,$,$,(#3),#2);`,
      'IFC2X3',
    );
    expect(model.classifications(3)).toMatchObject([
      { identification: 'B2010', system: 'Uniformat', hierarchy: ['B2010'] },
    ]);
  });

  it('applies the type’s references except in systems the occurrence classifies itself', () => {
    const model = modelOf(`
#1=IFCCLASSIFICATION($,$,$,'Foobar',$,$,$);
#2=IFCCLASSIFICATIONREFERENCE($,'11',$,#1,$,$);
#3=IFCRELASSOCIATESCLASSIFICATION('0WTUhjMwvT39YBFH2pryoM',$,$,$,(#4),#2);
#4=IFCWALL('3qs_CEYznSwfyPnfvmY$jn',$,'Wall',$,$,$,$,$,$);
#5=IFCWALLTYPE('2J464n_AnPNgUfYvzrChAh',$,'Type',$,$,$,$,$,$,.ELEMENTEDWALL.);
#6=IFCRELDEFINESBYTYPE('3NmyAazpzLq8cIG7JPLlM9',$,$,$,(#4),#5);
#7=IFCCLASSIFICATION($,$,$,'Foobaz',$,$,$);
#8=IFCCLASSIFICATIONREFERENCE($,'X',$,#7,$,$);
#9=IFCCLASSIFICATIONREFERENCE($,'22',$,#1,$,$);
#10=IFCRELASSOCIATESCLASSIFICATION('21nBfU8VHIqvcR36t_P1iE',$,$,$,(#5),(#8));
#11=IFCRELASSOCIATESCLASSIFICATION('31nBfU8VHIqvcR36t_P1iE',$,$,$,(#5),#9);`);
    expect(model.classifications(4).map((c) => [c.identification, c.system, c.source])).toEqual([
      ['11', 'Foobar', 'occurrence'],
      ['X', 'Foobaz', 'type'],
    ]);
    expect(
      model
        .ownClassifications(5)
        .map((c) => c.identification)
        .sort(),
    ).toEqual(['22', 'X']);
  });

  it('keeps a whole system associated without a reference', () => {
    const model = modelOf(`
#1=IFCCLASSIFICATION($,$,$,'Foobar',$,$,$);
#2=IFCWALL('3qs_CEYznSwfyPnfvmY$jn',$,'Wall',$,$,$,$,$,$);
#3=IFCRELASSOCIATESCLASSIFICATION('0WTUhjMwvT39YBFH2pryoM',$,$,$,(#2),#1);`);
    expect(model.classifications(2)).toMatchObject([
      { identification: null, system: 'Foobar', hierarchy: [] },
    ]);
  });

  it('stops on cyclic reference chains', () => {
    const model = modelOf(`
#1=IFCCLASSIFICATIONREFERENCE($,'A',$,#2,$,$);
#2=IFCCLASSIFICATIONREFERENCE($,'B',$,#1,$,$);
#3=IFCWALL('3qs_CEYznSwfyPnfvmY$jn',$,'Wall',$,$,$,$,$,$);
#4=IFCRELASSOCIATESCLASSIFICATION('0WTUhjMwvT39YBFH2pryoM',$,$,$,(#3),#1);`);
    expect(model.classifications(3)).toMatchObject([{ hierarchy: ['A', 'B'], system: null }]);
  });
});

describe('classifications of resources that are not IfcRoot', () => {
  it('reads references attached by IfcExternalReferenceRelationship (IFC4) and lists the classified resources', () => {
    const model = modelOf(`
#1=IFCCLASSIFICATION($,$,$,'Uniclass 2015',$,$,$);
#2=IFCCLASSIFICATIONREFERENCE($,'Pr_25_71_52','Oak',#3,$,$);
#3=IFCCLASSIFICATIONREFERENCE($,'Pr_25_71','Timber',#1,$,$);
#4=IFCMATERIAL('Oak',$,'Wood');
#5=IFCEXTERNALREFERENCERELATIONSHIP($,$,#2,(#4));
#6=IFCMATERIAL('Steel',$,'Metal');
#7=IFCDOCUMENTREFERENCE($,'D-1','Datasheet',$,$);
#8=IFCEXTERNALREFERENCERELATIONSHIP($,$,#7,(#6));`);
    expect(model.classifications(4)).toEqual([
      expect.objectContaining({
        system: 'Uniclass 2015',
        identification: 'Pr_25_71_52',
        hierarchy: ['Pr_25_71_52', 'Pr_25_71'],
      }),
    ]);
    expect(model.classifications(6)).toEqual([]); // a document reference is no classification
    expect(model.classifiedResources()).toEqual([4]);
  });

  it('reads IFC2X3 IfcMaterialClassificationRelationship', () => {
    const model = modelOf(
      `#1=IFCCLASSIFICATION('bS','2015',$,'Uniclass 2015');
#2=IFCCLASSIFICATIONREFERENCE($,'Pr_25_71','Timber',#1);
#3=IFCMATERIAL('Oak');
#4=IFCMATERIALCLASSIFICATIONRELATIONSHIP((#2),#3);`,
      'IFC2X3',
    );
    expect(model.classifications(3)).toEqual([
      expect.objectContaining({ system: 'Uniclass 2015', identification: 'Pr_25_71' }),
    ]);
    expect(model.classifiedResources()).toEqual([3]);
  });
});
