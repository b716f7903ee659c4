/**
 * Classification facets on resources that are not IfcRoot, read from real STEP text.
 *
 * Why these outcomes (from the IDS 1.0 documentation, not from our code):
 *  - classification-facet.md: "Any object in IFC model can have a Classification Reference", and
 *    with only a system given, "the element must be classified with a reference that is part of a
 *    classification system with this name".
 *  - entity-facet.md: "Every instance in an IFC model has an IFC class"; the entity facet names any
 *    class of the schema, and the test-case authoring guide applies one to the non-rooted
 *    IFCPRESENTATIONLAYERWITHSTYLE. So an IfcMaterial can be applicable.
 *  - IFC4 attaches classifications to resources (IfcResourceObjectSelect, e.g. IfcMaterial) with
 *    IfcExternalReferenceRelationship (RelatingReference, RelatedResourceObjects), since
 *    IfcRelAssociatesClassification only relates IfcRoot definitions; IFC2X3 does it for materials
 *    with IfcMaterialClassificationRelationship.
 * So a material classified "Uniclass 2015 / Pr_25_71" meets a requirement of system Uniclass 2015
 * and value Pr_25_71, and an unclassified material fails it.
 */
import { readIfc } from '@plumbline/ifc';
import { describe, expect, it } from 'vitest';
import { parseIds } from '../parse-ids';
import { passedById } from '../testing/element-outcomes';
import { entity, ids, spec, sv } from '../testing/ids-xml';
import { checkModel } from './check-model';

const enc = (s: string) => new TextEncoder().encode(s);
const step = (schema: string, data: string) =>
  readIfc(
    enc(`ISO-10303-21;
HEADER;
FILE_DESCRIPTION(('ViewDefinition [CoordinationView]'),'2;1');
FILE_NAME('materials.ifc','2026-11-26T00:00:00',(''),(''),'','','');
FILE_SCHEMA(('${schema}'));
ENDSEC;
DATA;
${data}
ENDSEC;
END-ISO-10303-21;
`),
  );

const ifc4 = step(
  'IFC4',
  `#1=IFCCLASSIFICATION($,$,$,'Uniclass 2015',$,$,$);
#2=IFCCLASSIFICATIONREFERENCE($,'Pr_25_71','Timber',#1,$,$);
#3=IFCMATERIAL('Oak',$,'Wood');
#4=IFCMATERIAL('Steel',$,'Metal');
#5=IFCEXTERNALREFERENCERELATIONSHIP($,$,#2,(#3));
#6=IFCDOCUMENTREFERENCE($,'D-1','Datasheet',$,$);
#7=IFCEXTERNALREFERENCERELATIONSHIP($,$,#6,(#4));`,
);

const ifc2x3 = step(
  'IFC2X3',
  `#1=IFCCLASSIFICATION('bS','2015',$,'Uniclass 2015');
#2=IFCCLASSIFICATIONREFERENCE($,'Pr_25_71','Timber',#1);
#3=IFCMATERIAL('Oak');
#4=IFCMATERIAL('Steel');
#5=IFCMATERIALCLASSIFICATIONRELATIONSHIP((#2),#3);`,
);

// Not only materials: any resource IfcExternalReferenceRelationship relates (IfcResourceObjectSelect),
// here profiles in IFC4X3_ADD2.
const ifc4x3 = step(
  'IFC4X3_ADD2',
  `#1=IFCCLASSIFICATION($,$,$,'Uniclass 2015',$,$,$);
#2=IFCCLASSIFICATIONREFERENCE($,'Pr_20_85_08','Steel sections',#1,$,$);
#3=IFCRECTANGLEPROFILEDEF(.AREA.,'RHS 100x50',$,0.1,0.05);
#4=IFCRECTANGLEPROFILEDEF(.AREA.,'Plate 200x10',$,0.2,0.01);
#5=IFCEXTERNALREFERENCERELATIONSHIP($,$,#2,(#3));`,
);

const classification = (system: string, value?: string) =>
  `<classification>${value ? `<value>${sv(value)}</value>` : ''}<system>${sv(system)}</system></classification>`;

function outcome(
  model: ReturnType<typeof step>,
  version: string,
  applicability: string,
  requirements?: string,
) {
  const report = checkModel(model, parseIds(ids(spec({ ifcVersion: version, applicability, requirements }))));
  if (report.status === 'invalid') throw new Error(JSON.stringify(report.problems));
  return Object.fromEntries(passedById(report.specifications[0]!));
}

describe('classification of resources that are not IfcRoot', () => {
  it('IFC4: a material classified through IfcExternalReferenceRelationship meets the requirement', () => {
    const required = classification('Uniclass 2015', 'Pr_25_71');
    // Steel has only a document reference: not a classification, so it fails.
    expect(outcome(ifc4, 'IFC4', entity('IFCMATERIAL'), required)).toEqual({ 3: true, 4: false });
  });

  it('IFC4: a classification in the applicability selects the classified material', () => {
    expect(outcome(ifc4, 'IFC4', classification('Uniclass 2015'))).toEqual({ 3: true });
  });

  it('IFC2X3: a material classified through IfcMaterialClassificationRelationship meets it too', () => {
    const required = classification('Uniclass 2015', 'Pr_25_71');
    expect(outcome(ifc2x3, 'IFC2X3', entity('IFCMATERIAL'), required)).toEqual({ 3: true, 4: false });
  });

  it('IFC4X3_ADD2: a classified profile meets the requirement, an unclassified one fails it', () => {
    const required = classification('Uniclass 2015', 'Pr_20_85_08');
    expect(outcome(ifc4x3, 'IFC4X3_ADD2', entity('IFCRECTANGLEPROFILEDEF'), required)).toEqual({
      3: true,
      4: false,
    });
    expect(outcome(ifc4x3, 'IFC4X3_ADD2', classification('Uniclass 2015'))).toEqual({ 3: true });
  });
});
