/**
 * Entity facets on user-defined predefined types, read from real STEP text. The expected outcomes
 * come from the IDS 1.0 user manual (entity-facet.md, "Examples of interpreting IFC Predefined
 * Types"): an IFCWALL with PredefinedType USERDEFINED and ObjectType FOO satisfies both
 * predefinedType USERDEFINED and predefinedType FOO; the same holds for types through
 * ElementType (buildingSMART/IDS issue 306: "should be matched both by USERDEFINED and WALDO").
 */
import { readIfc } from '@plumbline/ifc';
import { describe, expect, it } from 'vitest';
import { parseIds } from '../parse-ids';
import { passedById } from '../testing/element-outcomes';
import { entity, ids, spec } from '../testing/ids-xml';
import { checkModel } from './check-model';

const enc = (s: string) => new TextEncoder().encode(s);
const model = readIfc(
  enc(`ISO-10303-21;
HEADER;
FILE_DESCRIPTION(('ViewDefinition [CoordinationView]'),'2;1');
FILE_NAME('user-defined.ifc','2026-11-26T00:00:00',(''),(''),'','','');
FILE_SCHEMA(('IFC4'));
ENDSEC;
DATA;
#1=IFCWALLTYPE('1hqIFTRjfV6AWq_bMtnZwI',$,$,$,$,$,$,$,'WALDO',.USERDEFINED.);
#2=IFCWALL('2hqIFTRjfV6AWq_bMtnZwI',$,$,$,'FOO',$,$,$,.USERDEFINED.);
#3=IFCWALL('3hqIFTRjfV6AWq_bMtnZwI',$,$,$,$,$,$,$,.SHEAR.);
#4=IFCTASKTYPE('4hqIFTRjfV6AWq_bMtnZwI',$,$,$,$,$,$,$,'TASKY',.USERDEFINED.,$);
#5=IFCCONSTRUCTIONEQUIPMENTRESOURCETYPE('5hqIFTRjfV6AWq_bMtnZwI',$,$,$,$,$,$,$,'CRANY',$,$,.USERDEFINED.);
#6=IFCWALL('6hqIFTRjfV6AWq_bMtnZwI',$,$,$,$,$,$,$,.NOTDEFINED.);
#7=IFCRELDEFINESBYTYPE('7hqIFTRjfV6AWq_bMtnZwI',$,$,$,(#6),#1);
ENDSEC;
END-ISO-10303-21;
`),
);

function outcome(applicability: string, requirement: string): Record<number, boolean> {
  const report = checkModel(
    model,
    parseIds(ids(spec({ ifcVersion: 'IFC4', applicability, requirements: requirement }))),
  );
  return Object.fromEntries(passedById(report.specifications[0]!));
}

describe('entity facet: user-defined predefined types', () => {
  it('a type with USERDEFINED and ElementType WALDO meets both USERDEFINED and WALDO', () => {
    expect(outcome(entity('IFCWALLTYPE'), entity('IFCWALLTYPE', 'USERDEFINED'))).toEqual({ 1: true });
    expect(outcome(entity('IFCWALLTYPE'), entity('IFCWALLTYPE', 'WALDO'))).toEqual({ 1: true });
    expect(outcome(entity('IFCWALLTYPE'), entity('IFCWALLTYPE', 'NOTDEFINED'))).toEqual({ 1: false });
  });

  it('an occurrence with USERDEFINED and ObjectType FOO meets both; an enumerated SHEAR meets neither', () => {
    expect(outcome(entity('IFCWALL'), entity('IFCWALL', 'USERDEFINED'))).toMatchObject({ 2: true, 3: false });
    expect(outcome(entity('IFCWALL'), entity('IFCWALL', 'FOO'))).toMatchObject({ 2: true, 3: false });
  });

  it('a process type resolves through ProcessType the same way', () => {
    expect(outcome(entity('IFCTASKTYPE'), entity('IFCTASKTYPE', 'USERDEFINED'))).toEqual({ 4: true });
    expect(outcome(entity('IFCTASKTYPE'), entity('IFCTASKTYPE', 'TASKY'))).toEqual({ 4: true });
  });

  it('a resource type resolves through ResourceType the same way', () => {
    const cls = 'IFCCONSTRUCTIONEQUIPMENTRESOURCETYPE';
    expect(outcome(entity(cls), entity(cls, 'USERDEFINED'))).toEqual({ 5: true });
    expect(outcome(entity(cls), entity(cls, 'CRANY'))).toEqual({ 5: true });
  });

  it('an occurrence typed by the WALDO type meets both USERDEFINED and WALDO through its type', () => {
    expect(outcome(entity('IFCWALL'), entity('IFCWALL', 'WALDO'))).toEqual({ 2: false, 3: false, 6: true });
    expect(outcome(entity('IFCWALL'), entity('IFCWALL', 'USERDEFINED'))).toEqual({
      2: true,
      3: false,
      6: true,
    });
  });

  it('selects by USERDEFINED in the applicability too', () => {
    expect(outcome(entity('IFCWALL', 'USERDEFINED'), entity('IFCWALL', 'FOO'))).toEqual({
      2: true,
      6: false,
    });
  });
});
