import { describe, expect, it } from 'vitest';
import { LiveModels } from './live-models';

/** A small IFC4 model with `walls` walls, the first `named` of them with a name. */
function model(walls: number, named: number): Uint8Array {
  const lines = Array.from(
    { length: walls },
    (_, i) =>
      `#${i + 2}=IFCWALL('${String(i).padStart(2, '0')}YvctVUKr0kugbFTf53O9L',$,${i < named ? `'Wall ${i}'` : '$'},$,$,$,$,$,$);`,
  );
  return new TextEncoder().encode(`ISO-10303-21;
HEADER;
FILE_DESCRIPTION((''),'2;1');
FILE_NAME('t.ifc','2026-01-01T00:00:00',(''),(''),'','','');
FILE_SCHEMA(('IFC4'));
ENDSEC;
DATA;
#1=IFCPROJECT('0YvctVUKr0kugbFTf53O9L',$,'P',$,$,$,$,$,$);
${lines.join('\n')}
ENDSEC;
END-ISO-10303-21;
`);
}

const IDS = `<ids xmlns="http://standards.buildingsmart.org/IDS"><info><title>t</title></info><specifications>
  <specification name="Walls are named" ifcVersion="IFC4"><applicability minOccurs="1" maxOccurs="unbounded">
    <entity><name><simpleValue>IFCWALL</simpleValue></name></entity></applicability>
    <requirements><attribute><name><simpleValue>Name</simpleValue></name></attribute></requirements>
  </specification></specifications></ids>`;

const countsOf = (answer: ReturnType<LiveModels['handle']>) =>
  answer.kind === 'checked' ? answer.result.specifications.map((s) => s.counts) : answer.kind;

describe('LiveModels', () => {
  it('asks for the model once, then counts against the model it keeps', () => {
    const models = new LiveModels(1024 * 1024);
    expect(models.handle({ versionId: 'a', ids: IDS })).toEqual({ kind: 'need-model' });
    const first = models.handle({ versionId: 'a', ids: IDS, bytes: model(3, 1) });
    expect(first).toMatchObject({ kind: 'checked', modelRead: true });
    expect(countsOf(first)).toEqual([{ applicable: 3, passed: 1, failed: 2 }]);
    const again = models.handle({ versionId: 'a', ids: IDS });
    expect(again).toMatchObject({ kind: 'checked', modelRead: false });
    expect(countsOf(again)).toEqual([{ applicable: 3, passed: 1, failed: 2 }]);
  });

  it('keeps models within the byte budget, the least recently used going first and the one in use staying', () => {
    const a = model(3, 1);
    const b = model(4, 4);
    const models = new LiveModels(a.byteLength + b.byteLength);
    models.handle({ versionId: 'a', ids: IDS, bytes: a });
    models.handle({ versionId: 'b', ids: IDS, bytes: b });
    models.handle({ versionId: 'a', ids: IDS });
    expect(models.versions()).toEqual(['b', 'a']);
    const c = model(2, 0);
    expect(countsOf(models.handle({ versionId: 'c', ids: IDS, bytes: c }))).toEqual([
      { applicable: 2, passed: 0, failed: 2 },
    ]);
    expect(models.versions()).toEqual(['a', 'c']);
    // A model larger than the whole budget is still kept while it is the one in use.
    const small = new LiveModels(10);
    small.handle({ versionId: 'a', ids: IDS, bytes: a });
    expect(small.versions()).toEqual(['a']);
    small.handle({ versionId: 'b', ids: IDS, bytes: b });
    expect(small.versions()).toEqual(['b']);
  });

  it('says when the stored bytes are not a readable model', () => {
    const models = new LiveModels(1024);
    expect(
      models.handle({ versionId: 'x', ids: IDS, bytes: new TextEncoder().encode('not a model') }),
    ).toMatchObject({
      kind: 'unreadable',
    });
  });
});
