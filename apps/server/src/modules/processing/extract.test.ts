import { readIfc } from '@plumbline/ifc';
import { describe, expect, it } from 'vitest';
import { extractModel } from './extract';

const step = (data: string) =>
  new TextEncoder().encode(
    [
      'ISO-10303-21;',
      'HEADER;',
      "FILE_DESCRIPTION(('ViewDefinition [CoordinationView]'),'2;1');",
      "FILE_NAME('t.ifc','2026-01-01T00:00:00',(''),(''),'','','');",
      "FILE_SCHEMA(('IFC4'));",
      'ENDSEC;',
      'DATA;',
      data.trim(),
      'ENDSEC;',
      'END-ISO-10303-21;',
    ].join('\n'),
  );

describe('extractModel', () => {
  it("stores each element's resolved predefined type and whether it was written as USERDEFINED", () => {
    const model = readIfc(
      step(`
#1=IFCWALL('1hqIFTRjfV6AWq_bMtnZwI',$,$,$,'FOO',$,$,$,.USERDEFINED.);
#2=IFCWALL('2hqIFTRjfV6AWq_bMtnZwI',$,$,$,'BAR',$,$,$,.SHEAR.);
#3=IFCWALL('3hqIFTRjfV6AWq_bMtnZwI',$,$,$,$,$,$,$,$);`),
    );
    const { elements } = extractModel(model);
    const byId = new Map(
      elements.stepId.map((id, i) => [
        id,
        [elements.predefinedType[i], elements.predefinedTypeUserDefined[i]] as const,
      ]),
    );
    // The engine's own reading of each element is the expected value.
    for (const id of [1, 2, 3]) {
      const view = model.predefinedTypeView(id);
      expect(byId.get(id)).toEqual([view?.value ?? null, view?.userDefined ?? false]);
    }
    expect(byId.get(1)).toEqual(['FOO', true]);
    expect(byId.get(2)).toEqual(['SHEAR', false]);
    model.dispose();
  });
});
