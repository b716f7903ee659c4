/**
 * Validates the BCF reporter's output against buildingSMART's official BCF 3.0 XSDs, read from
 * `../shared/bcf-xsd/3.0` beside the repository (unmodified copies; not committed here, their licence).
 * BCF_XSD_DIR points elsewhere. Without them the test fails in CI instead of skipping silently.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { buildBcfReport } from './bcf';
import { failingReport, manyFailuresReport, prohibitedFailingReport } from './fixtures';

const schemaDir =
  process.env.BCF_XSD_DIR ?? fileURLToPath(new URL('../../../../../shared/bcf-xsd/3.0', import.meta.url));
const schemaFiles = ['version.xsd', 'extensions.xsd', 'markup.xsd', 'visinfo.xsd', 'shared-types.xsd'];
const haveSchemas = schemaFiles.every((file) => existsSync(join(schemaDir, file)));

function schema(fileName: string) {
  return { fileName, contents: readFileSync(join(schemaDir, fileName), 'utf8') };
}

async function validate(xsd: string, documents: { fileName: string; contents: string }[]) {
  const result = await validateXML({
    xml: documents,
    schema: [schema(xsd)],
    preload: [schema('shared-types.xsd')],
    disableFileNameValidation: true,
  });
  return result.errors.map((error) => error.rawMessage);
}

// xmllint-wasm starts a fresh WebAssembly instance per call: slow on a loaded machine.
if (!haveSchemas && process.env.CI === 'true')
  throw new Error(`The BCF 3.0 XSDs are missing from ${schemaDir}.`);

describe.skipIf(!haveSchemas)(
  `BCF output against the official BCF 3.0 XSDs in ${schemaDir}`,
  { timeout: 60_000 },
  () => {
    it.each([
      ['the failing fixture', buildBcfReport(failingReport).bytes],
      ['a truncated export', buildBcfReport(manyFailuresReport(40), { maxTopics: 10 }).bytes],
      ['a prohibited specification', buildBcfReport(prohibitedFailingReport).bytes],
      ['topics grouped by element type', buildBcfReport(manyFailuresReport(12), { grouping: 'type' }).bytes],
    ])('%s validates file by file', async (_name, bytes) => {
      const decoder = new TextDecoder();
      const files = Object.entries(unzipSync(bytes)).map(([fileName, data]) => ({
        fileName: fileName.replace(/\//g, '_'),
        contents: decoder.decode(data),
      }));
      const byKind = (suffix: string) => files.filter((file) => file.fileName.endsWith(suffix));
      expect(byKind('markup.bcf').length).toBeGreaterThan(0);
      expect(byKind('.bcfv').length).toBeGreaterThan(0);
      expect(await validate('version.xsd', byKind('bcf.version'))).toEqual([]);
      expect(await validate('extensions.xsd', byKind('extensions.xml'))).toEqual([]);
      expect(await validate('markup.xsd', byKind('markup.bcf'))).toEqual([]);
      expect(await validate('visinfo.xsd', byKind('.bcfv'))).toEqual([]);
    });

    it('would catch a broken document (the validator is really running)', async () => {
      const errors = await validate('markup.xsd', [
        {
          fileName: 'bad.bcf',
          contents: '<Markup><Topic Guid="NOT-A-GUID" TopicType="Error" TopicStatus="Open"/></Markup>',
        },
      ]);
      expect(errors.length).toBeGreaterThan(0);
    });
  },
);
