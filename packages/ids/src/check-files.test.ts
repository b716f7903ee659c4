/** checkFiles end to end with the real IFC reader, on small models of our own. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IfcReadError } from '@plumbline/ifc';
import { describe, expect, it } from 'vitest';
import { checkFiles } from './check-files';
import { elementReasons, idsWords } from './report/words';
import { entity, ids, spec, sv } from './testing/ids-xml';

const dir = mkdtempSync(join(tmpdir(), 'plumbline-ids-'));
let n = 0;
function file(ext: string, content: string): string {
  const path = join(dir, `f${n++}.${ext}`);
  writeFileSync(path, content);
  return path;
}

const MODEL = `ISO-10303-21;
HEADER;
FILE_DESCRIPTION((''),'2;1');
FILE_NAME('m.ifc','2026-01-01T00:00:00',(),(),'test','test','');
FILE_SCHEMA(('IFC4'));
ENDSEC;
DATA;
#1=IFCPROJECT('0kF0000000000000000001',$,'P',$,$,$,$,$,#5);
#2=IFCSIUNIT(*,.LENGTHUNIT.,.MILLI.,.METRE.);
#5=IFCUNITASSIGNMENT((#2));
#10=IFCBUILDINGSTOREY('0kF0000000000000000010',$,'Level 1',$,$,$,$,$,.ELEMENT.,3000.);
#11=IFCSLAB('0kF0000000000000000011',$,'Slab',$,$,$,$,$,.FLOOR.);
#12=IFCBEAM('0kF0000000000000000012',$,'Beam',$,$,$,$,$,$);
#13=IFCRELCONTAINEDINSPATIALSTRUCTURE('0kF0000000000000000013',$,$,$,(#11),#10);
#14=IFCRELAGGREGATES('0kF0000000000000000014',$,$,$,#11,(#12));
#20=IFCWALL('0kF0000000000000000020',$,'W1',$,'Fire wall',$,$,$,.USERDEFINED.);
#21=IFCWALLTYPE('0kF0000000000000000021',$,'WT',$,$,$,$,$,$,.SOLIDWALL.);
#22=IFCRELDEFINESBYTYPE('0kF0000000000000000022',$,$,$,(#20),#21);
#23=IFCPROPERTYSET('0kF0000000000000000023',$,'Pset_WallCommon',$,(#24));
#24=IFCPROPERTYSINGLEVALUE('FireRating',$,IFCLABEL('EI60'),$);
#25=IFCRELDEFINESBYPROPERTIES('0kF0000000000000000025',$,$,$,(#21),#23);
#26=IFCELEMENTQUANTITY('0kF0000000000000000026',$,'Qto_WallBaseQuantities',$,$,(#27));
#27=IFCQUANTITYLENGTH('Height',$,$,2500.,$);
#28=IFCRELDEFINESBYPROPERTIES('0kF0000000000000000028',$,$,$,(#20),#26);
ENDSEC;
END-ISO-10303-21;
`;

const property = (pset: string, name: string, dataType: string, value: string) =>
  `<property dataType="${dataType}"><propertySet>${sv(pset)}</propertySet><baseName>${sv(name)}</baseName><value>${value}</value></property>`;

describe('checkFiles', () => {
  const model = file('ifc', MODEL);

  it('checks inherited properties, quantities in SI, type predefined types and indirect containment', async () => {
    const report = await checkFiles(
      model,
      file(
        'ids',
        ids(
          spec({
            name: 'walls',
            applicability: entity('IFCWALL'),
            requirements:
              property('Pset_WallCommon', 'FireRating', 'IFCLABEL', sv('EI60')) +
              property('Qto_WallBaseQuantities', 'Height', 'IFCLENGTHMEASURE', sv('2.5')) +
              entity('IFCWALL', 'SOLIDWALL'),
          }),
          spec({
            name: 'beams',
            applicability: entity('IFCBEAM'),
            requirements: `<partOf relation="IFCRELCONTAINEDINSPATIALSTRUCTURE"><entity><name>${sv('IFCBUILDINGSTOREY')}</name></entity></partOf>`,
          }),
        ),
      ),
    );
    expect(report.status).toBe('pass');
    expect(report.model).toEqual({
      fileName: expect.stringMatching(/\.ifc$/),
      schema: 'IFC4',
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      headerFileName: 'm.ifc',
      headerTimeStamp: expect.any(String),
      projectGlobalId: expect.stringMatching(/^[0-9A-Za-z_$]{22}$/),
    });
    expect(report.ids.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(report.specifications.map((s) => [s.name, s.applicableCount, s.status])).toEqual([
      ['walls', 1, 'pass'],
      ['beams', 1, 'pass'],
    ]);
    expect(report.specifications[0]?.passingIds).toHaveLength(1);
  });

  it('explains failures', async () => {
    const report = await checkFiles(
      model,
      file(
        'ids',
        ids(
          spec({
            applicability: entity('IFCWALL'),
            requirements: property('Pset_WallCommon', 'FireRating', 'IFCLABEL', sv('EI90')),
          }),
        ),
      ),
    );
    expect(report.status).toBe('fail');
    const specification = report.specifications[0]!;
    expect(elementReasons(idsWords(), specification, specification.failingElements[0]!)).toEqual([
      'Pset_WallCommon.FireRating has value "EI60", expected "EI90"',
    ]);
  });

  it('reports an invalid IDS without reading the model', async () => {
    const report = await checkFiles(
      join(dir, 'missing.ifc'),
      file('ids', ids(spec({ applicability: entity('IfcWall') }))),
    );
    expect(report.status).toBe('invalid');
    expect(report.problems[0]?.message).toMatch(/upper case/);
  });

  it('throws IfcReadError for a model that is not IFC', async () => {
    await expect(
      checkFiles(
        file('ifc', 'not a step file'),
        file('ids', ids(spec({ applicability: entity('IFCWALL') }))),
      ),
    ).rejects.toBeInstanceOf(IfcReadError);
  });
});
