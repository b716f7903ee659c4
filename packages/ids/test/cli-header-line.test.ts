/**
 * A model whose HEADER section is one 100 MB line (issue 14: the header reader used to recurse and
 * crash with exit 4): the CLI ends with exit 3 and a message, its process staying under 1 GB.
 * Alone in its file so the process's peak RSS is this test's (vitest runs each file in its own
 * process); the input is written to a temp dir in 1 MiB chunks.
 */
import { closeSync, mkdtempSync, openSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../src/cli';
import { entity, ids, spec, sv } from '../src/testing/ids-xml';
import { captureIo } from './cli-io';

const IDS = ids(
  spec({
    name: 'Walls have a name',
    ifcVersion: 'IFC4',
    occurs: 'minOccurs="0" maxOccurs="unbounded"',
    applicability: entity('IFCWALL'),
    requirements: `<attribute><name>${sv('Name')}</name></attribute>`,
  }),
);

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'plumbline-header-line-'));
  writeFileSync(join(dir, 'walls.ids'), IDS);
  // ISO-10303-21;HEADER;FILE_DESCRIPTION(('xxxx… 100 MB …'),'2;1');… all on one line, then a DATA section.
  const fd = openSync(join(dir, 'header-line.ifc'), 'w');
  writeSync(fd, "ISO-10303-21;HEADER;FILE_DESCRIPTION(('");
  const chunk = Buffer.alloc(1024 * 1024, 'x');
  for (let k = 0; k < 100; k++) writeSync(fd, chunk);
  writeSync(
    fd,
    "'),'2;1');FILE_NAME('a.ifc','2026-01-01T00:00:00',(''),(''),'','','');FILE_SCHEMA(('IFC4'));ENDSEC;DATA;\n#1=IFCWALL('1YvctVUKr0kugbFTf53O9L',$,'W',$,$,$,$,$,$);\nENDSEC;END-ISO-10303-21;\n",
  );
  closeSync(fd);
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('CLI on a model with a 100 MB single-line header', () => {
  it('exits 3 with a message, under 1 GB', { timeout: 120_000 }, async () => {
    const io = captureIo({ cwd: dir });
    const code = await runCli(['check', 'header-line.ifc', 'walls.ids'], io);
    expect(io.err()).toMatch(
      /^plumbline: cannot read the model header-line\.ifc: .*HEADER section is larger than/,
    );
    expect(code).toBe(3);
    // maxRSS is in KiB: the peak of this test file's process, reading included.
    const peak = process.resourceUsage().maxRSS * 1024;
    console.info(`100 MB header line: exit ${code}, peak RSS ${Math.round(peak / 2 ** 20)} MiB`);
    expect(peak).toBeLessThan(1024 ** 3);
  });
});
