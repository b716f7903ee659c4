/**
 * Validates the BCF reporter's output, 2.1 and 3.0, against buildingSMART's official BCF-XML XSDs in
 * `../shared/bcf-xsd` beside the repository (BCF_XSD_DIR points elsewhere). Without them the test
 * fails in CI instead of skipping silently.
 */
import { describe, expect, it } from 'vitest';
import { BCF_XSD_DIR, bcfSchemaErrors, haveBcfSchemas } from '../testing/bcf-xsd';
import { runXmllint } from '../xsd/xmllint-pool';
import { buildBcfReport } from './bcf';
import { failingReport, manyFailuresReport, prohibitedFailingReport } from './fixtures';

if (!haveBcfSchemas() && process.env.CI === 'true')
  throw new Error(`The BCF XSDs are missing from ${BCF_XSD_DIR}.`);

/** Two topics as the server makes them from validity findings (reports/bcf-validity.ts). */
const EXTRA_TOPICS = [
  {
    key: 'validity\u0000SCH001',
    topicType: 'Error',
    title: 'SCH001 · 2 findings: No GlobalId is used twice <in the file> & more',
    description: 'IfcDoor 2O2Fr$t4X7Zf8NOew3FLOH: GlobalId repeated',
    labels: ['Model validity', 'SCH001'],
    ifcGuids: ['2O2Fr$t4X7Zf8NOew3FLOH', 'not a GlobalId'],
  },
  {
    key: 'validity\u0000SPS007',
    topicType: 'Warning',
    title: 'SPS007 · 1 finding',
    description: 'The file as a whole',
    labels: ['Model validity', 'SPS007'],
    ifcGuids: [],
  },
] as const;

describe.skipIf(!haveBcfSchemas())(
  `BCF output against the official XSDs in ${BCF_XSD_DIR}`,
  { timeout: 60_000 },
  () => {
    const identified = {
      ...failingReport,
      model: {
        ...failingReport.model,
        sha256: 'b'.repeat(64),
        headerFileName: '/exports/AC20-FZK-Haus.ifc',
        headerTimeStamp: '2024-03-05T10:11:12+01:00',
        projectGlobalId: '0lY6P5Ur90TAQnnnI6wtnb',
      },
    };
    const cases = (['2.1', '3.0'] as const).flatMap(
      (version) =>
        [
          [
            `${version}: the failing fixture with header, date and IfcProject`,
            buildBcfReport(identified, { version, grouping: 'element' }).bytes,
          ],
          [
            `${version}: a capped export with its summary topic`,
            buildBcfReport(manyFailuresReport(40), { version, grouping: 'element', maxTopics: 10 }).bytes,
          ],
          [
            `${version}: a prohibited specification`,
            buildBcfReport(prohibitedFailingReport, { version }).bytes,
          ],
          [
            `${version}: with topics of the caller's (validity findings: an error and a warning)`,
            buildBcfReport(identified, { version, extraTopics: EXTRA_TOPICS }).bytes,
          ],
          [
            `${version}: topics grouped by element type`,
            buildBcfReport(manyFailuresReport(12), { version }).bytes,
          ],
          [
            `${version}: type topics of 200 and 100 elements (viewpoints deflated as lines)`,
            buildBcfReport(manyFailuresReport(300), { version }).bytes,
          ],
        ] as const,
    );

    it.each(cases)('%s validates member by member', async (name, bytes) => {
      expect(await bcfSchemaErrors([{ name, bytes }])).toEqual([]);
    });

    it('would catch a broken document (the validator is really running)', async () => {
      const { readFileSync } = await import('node:fs');
      const { join } = await import('node:path');
      const schema = (file: string) => ({
        fileName: file,
        contents: readFileSync(join(BCF_XSD_DIR, '3.0', file), 'utf8'),
      });
      const result = await runXmllint({
        files: [
          schema('markup.xsd'),
          schema('shared-types.xsd'),
          {
            fileName: 'bad.xml',
            contents: '<Markup><Topic Guid="NOT-A-GUID" TopicType="Error" TopicStatus="Open"/></Markup>',
          },
        ],
        args: ['--schema', 'markup.xsd', '--noout', 'bad.xml'],
        initialMemory: 256,
        maxMemory: 4096,
      });
      expect(result.stderr).toContain('bad.xml fails to validate');
    });
  },
);
