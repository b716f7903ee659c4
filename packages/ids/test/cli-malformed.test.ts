/**
 * Malformed input through the real engine: the CLI must end with exit 2 (IDS) or 3 (model) and a
 * message that says what is wrong, without exhausting memory. Inputs are generated in a temp dir.
 */
import { closeSync, mkdtempSync, openSync, readFileSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../src/cli';
import { DEFAULT_MAX_IDS_MB, setMaxIdsMb } from '../src/ids-size-limit';
import { captureIo } from './cli-io';

const sampleModel = join(import.meta.dirname, '../../../../shared/ifc-samples/SimpleWall.ifc');
let haveSample = true;
try {
  readFileSync(sampleModel);
} catch {
  haveSample = false;
}

const IDS_NS = 'http://standards.buildingsmart.org/IDS';
const ids = (requirements: string) => `<?xml version="1.0" encoding="UTF-8"?>
<ids:ids xmlns:ids="${IDS_NS}" xmlns:xs="http://www.w3.org/2001/XMLSchema">
  <ids:info><ids:title>Walls</ids:title></ids:info>
  <ids:specifications>
    <ids:specification name="Walls have a name" ifcVersion="IFC2X3 IFC4">
      <ids:applicability minOccurs="0" maxOccurs="unbounded">
        <ids:entity><ids:name><ids:simpleValue>IFCWALLSTANDARDCASE</ids:simpleValue></ids:name></ids:entity>
      </ids:applicability>
      <ids:requirements>
${requirements}
      </ids:requirements>
    </ids:specification>
  </ids:specifications>
</ids:ids>
`;
const nameRequirement =
  '<ids:attribute><ids:name><ids:simpleValue>Name</ids:simpleValue></ids:name></ids:attribute>';

const billionLaughs = `<?xml version="1.0"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
${Array.from({ length: 9 }, (_, i) => ` <!ENTITY lol${i + 1} "${`&lol${i === 0 ? '' : i};`.repeat(10)}">`).join('\n')}
]>
<ids:ids xmlns:ids="${IDS_NS}"><ids:info><ids:title>&lol9;</ids:title></ids:info><ids:specifications/></ids:ids>
`;

/** Writes `prefix`, then `size` bytes of `fill` on one line, then `suffix`, in 1 MiB chunks. */
function writeLongLine(path: string, prefix: string, size: number, suffix: string) {
  const fd = openSync(path, 'w');
  writeSync(fd, prefix);
  const chunk = Buffer.alloc(1024 * 1024, 'x');
  for (let written = 0; written < size; written += chunk.length) writeSync(fd, chunk);
  writeSync(fd, suffix);
  closeSync(fd);
}

let dir: string;
const path = (name: string) => join(dir, name);

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'plumbline-malformed-'));
  writeFileSync(path('walls.ids'), ids(nameRequirement));
  writeFileSync(
    path('unknown-facet.ids'),
    ids(
      `${nameRequirement}\n<ids:colour><ids:value><ids:simpleValue>red</ids:simpleValue></ids:value></ids:colour>`,
    ),
  );
  writeFileSync(path('bomb.ids'), billionLaughs);
  writeFileSync(path('not-xml.ids'), 'this is not XML at all <<<');
  // Issue 37 item 6: two million empty elements in the title, 8 MB.
  writeFileSync(
    path('wide.ids'),
    ids(nameRequirement).replace('</ids:title>', `</ids:title>${'<a/>'.repeat(2_000_000)}`),
  );
  writeLongLine(
    path('long-line.ids'),
    `<?xml version="1.0"?><ids:ids xmlns:ids="${IDS_NS}"><ids:info><ids:title>`,
    100 * 1024 * 1024,
    '</ids:title></ids:info></ids:ids>',
  );

  if (haveSample) {
    const model = readFileSync(sampleModel);
    writeFileSync(path('truncated.ifc'), model.subarray(0, Math.floor(model.length / 2)));
    const lines = model.toString('latin1').split('\n');
    writeFileSync(path('truncated-at-line.ifc'), lines.slice(0, Math.floor(lines.length / 2)).join('\n'));
  }
  // Deterministic "random" bytes: a binary file that happens to be named .ifc.
  const garbage = Buffer.alloc(1024 * 1024);
  let state = 0x2545f491;
  for (let i = 0; i < garbage.length; i++) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    garbage[i] = state & 0xff;
  }
  writeFileSync(path('garbage.ifc'), garbage);
  writeLongLine(
    path('long-line.ifc'),
    "ISO-10303-21;HEADER;FILE_DESCRIPTION((''),'2;1');FILE_NAME('a.ifc','2026-01-01T00:00:00',(''),(''),'','','');FILE_SCHEMA(('IFC4'));ENDSEC;DATA;#1=IFCWALL('",
    100 * 1024 * 1024,
    "');ENDSEC;END-ISO-10303-21;",
  );
}, 60_000);

async function check(model: string, idsFile: string, ...options: string[]) {
  const io = captureIo({ cwd: dir });
  const code = await runCli(['check', model, idsFile, ...options], io);
  return { code, out: io.out(), err: io.err() };
}

// Generous timeout: the 100 MB inputs take seconds to read on a busy 2-core machine.
describe.skipIf(!haveSample)('CLI on malformed input (real engine)', { timeout: 60_000 }, () => {
  it('baseline: the generated IDS is valid and checks the sample model', async () => {
    const result = await check(sampleModel, 'walls.ids');
    expect(result.err).toBe('');
    expect(result.code).toBe(0);
    expect(result.out).toContain('✔ PASS  Walls have a name');
  });

  it('exits 3 for a model cut off in the middle of a line', async () => {
    const result = await check('truncated.ifc', 'walls.ids');
    expect(result.code).toBe(3);
    expect(result.err).toMatch(/^plumbline: cannot read the model truncated\.ifc: line \d+: .*end of file/);
  });

  it('exits 3 for a model cut off at a line end (no ENDSEC)', async () => {
    const result = await check('truncated-at-line.ifc', 'walls.ids');
    expect(result.code).toBe(3);
    expect(result.err).toMatch(/cannot read the model truncated-at-line\.ifc: line \d+: .*truncated/);
  });

  it('exits 3 for binary garbage', async () => {
    const result = await check('garbage.ifc', 'walls.ids');
    expect(result.code).toBe(3);
    expect(result.err).toContain('cannot read the model garbage.ifc: line 1: not an IFC STEP file');
  });

  it('exits 3 for a 100 MB model that is one single line', async () => {
    const result = await check('long-line.ifc', 'walls.ids');
    expect(result.code).toBe(3);
    expect(result.err).toMatch(
      /cannot read the model long-line\.ifc: line 1: entity instance #1 is longer than/,
    );
  });

  it('exits 2 for an IDS with an unknown facet, naming the line', async () => {
    const result = await check(sampleModel, 'unknown-facet.ids');
    expect(result.code).toBe(2);
    expect(result.err).toContain('the IDS file unknown-facet.ids is invalid');
    const text = readFileSync(path('unknown-facet.ids'), 'utf8');
    const line = text.slice(0, text.indexOf('<ids:colour')).split('\n').length;
    expect(result.out).toMatch(new RegExp(`line ${line}(:\\d+)?: .*colour`));
  });

  it('exits 2 for a billion-laughs XML bomb without expanding it', async () => {
    const before = process.memoryUsage().rss;
    const result = await check(sampleModel, 'bomb.ids');
    expect(result.code).toBe(2);
    expect(result.out).toMatch(/DOCTYPE .*not allowed/);
    // Expanded, &lol9; is 3 GB of text; refusing the DTD keeps growth far below that.
    expect(process.memoryUsage().rss - before).toBeLessThan(512 * 1024 * 1024);
  });

  it('exits 2 for an IDS that is not XML', async () => {
    const result = await check(sampleModel, 'not-xml.ids');
    expect(result.code).toBe(2);
    expect(result.out).toMatch(/line 1(:\d+)?: /);
  });

  it('exits 2 for an IDS of two million elements at its element limit, read once', async () => {
    const result = await check(sampleModel, 'wide.ids');
    expect(result.code).toBe(2);
    const limit = Math.floor(readFileSync(path('wide.ids')).length / 32);
    expect(result.out).toContain(
      `More than ${limit.toLocaleString('en-US')} XML elements, the limit for this file.`,
    );
    // The reason is in the report; the linter does not read the file a second time to repeat it.
    expect(result.err).toBe('plumbline: the IDS file wide.ids is invalid (1 problem); nothing was checked\n');
  });

  it('exits 2 for a 100 MB single-line IDS over the size limit, refused before it is read', async () => {
    try {
      // The default limit (128 MiB) admits national packs; a smaller one is set as a user would.
      const result = await check(sampleModel, 'long-line.ids', '--max-ids-mb', '32');
      expect(result.code).toBe(2);
      expect(result.err).toContain('the IDS file long-line.ids is 100.0 MiB; the limit is 32.0 MiB');
    } finally {
      setMaxIdsMb(DEFAULT_MAX_IDS_MB);
    }
  });

  it('reports the IDS first when both inputs are bad', async () => {
    expect((await check('garbage.ifc', 'bomb.ids')).code).toBe(2);
  });
});
