/**
 * validateIds: real XSD validation of an IDS file against buildingSMART's ids.xsd (IDS 1.0) with
 * libxml2 (xmllint-wasm, kept warm in a worker: xsd/), plus the reader's structural and semantic problems. The schema and its
 * two imports are local copies in ../schema, loaded relative to this module: nothing is fetched.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { IdsDocument } from './document';
import { maxIdsBytes } from './ids-size-limit';
import { IdsParseError, parseIdsWithCodeListRuns } from './parse-ids';
import type { ValidationProblem } from './results';
import { byteLength, readXml, XmlReadError, xmlText } from './xml/xml-tree';
import { BatchXsdValidator } from './xsd/batch-validator';
import { withoutRepeatedEnumerations } from './xsd/code-list-runs';
import type { XmllintFile } from './xsd/xmllint-pool';

let schemaFiles: Promise<readonly XmllintFile[]> | null = null;

/**
 * Directory holding ids.xsd and its imports: `schema/` of this package, found through the package's
 * own manifest so that it resolves the same from src/, from a bundle (apps/server/dist, the CLI) and
 * from an installed copy.
 */
export function schemaDirectory(): string {
  return join(dirname(createRequire(import.meta.url).resolve('@plumbline/ids/package.json')), 'schema');
}

/** ids.xsd first, then its two imports under the URLs it imports them by. */
function loadSchemas(): Promise<readonly XmllintFile[]> {
  schemaFiles ??= (async () => {
    const dir = schemaDirectory();
    const [ids, xml, xmlSchema] = await Promise.all([
      readFile(join(dir, 'ids.xsd'), 'utf8'),
      readFile(join(dir, 'xml.xsd'), 'utf8'),
      readFile(join(dir, 'XMLSchema.xsd'), 'utf8'),
    ]);
    return [
      { fileName: 'ids.xsd', contents: ids },
      { fileName: 'http://www.w3.org/2001/xml.xsd', contents: xml },
      { fileName: 'http://www.w3.org/2001/XMLSchema.xsd', contents: xmlSchema },
    ];
  })();
  return schemaFiles;
}

const validator = new BatchXsdValidator(loadSchemas);

/**
 * XSD problems only (no semantic audit). Empty when the file is schema-valid. A file past the XML
 * reader's limits is refused by them first: libxml2 builds the whole document, which for two
 * million empty elements in 8 MB is a gigabyte (issue 37).
 */
export async function validateIdsSchema(xml: string | Uint8Array): Promise<ValidationProblem[]> {
  try {
    readXml(xml);
  } catch (error) {
    if (error instanceof XmlReadError && error.limit)
      return [{ line: error.line, column: error.column, message: error.message }];
    // Anything else wrong with the XML is libxml2's to report, as before.
  }
  return schemaProblems(xml, []);
}

/**
 * XSD problems; `codeListRuns` (from parseIdsWithCodeListRuns) lets libxml2 read each code list
 * kept as text with its first enumeration only: the same problems, a fraction of the work.
 */
async function schemaProblems(
  xml: string | Uint8Array,
  codeListRuns: readonly number[],
): Promise<ValidationProblem[]> {
  const limit = maxIdsBytes();
  if (byteLength(xml) > limit) {
    return [{ line: null, column: null, message: `The file is larger than ${limit} bytes.` }];
  }
  const text = xmlText(xml);
  // Refuse DTDs before libxml2 sees them: no entity expansion, no external fetches.
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) {
    return [
      { line: null, column: null, message: 'A DOCTYPE or ENTITY declaration is not allowed in an IDS file.' },
    ];
  }
  // The runs are offsets in the text after a byte-order mark.
  const read = withoutRepeatedEnumerations(text, codeListRuns, text.charCodeAt(0) === 0xfeff ? 1 : 0);
  const outcome = await validator.validate(read);
  return outcome.errors.map((e) => ({
    line: e.line,
    column: null,
    message: e.message
      .replace(/^(element [^:]+: )?Schemas validity error : /, '')
      .replace(/\{http:\/\/standards\.buildingsmart\.org\/IDS\}/g, ''),
  }));
}

/**
 * Validates an IDS file: well-formedness, the IDS 1.0 XSD, and the semantic audit. The XML is read
 * first, within its limits; libxml2 sees only a document the reader took. Returns every
 * problem found, each with a line when known; an empty list means the IDS is valid.
 */
export async function validateIds(
  xml: string | Uint8Array,
  options: { fileName?: string } = {},
): Promise<ValidationProblem[]> {
  return (await validateAndParseIds(xml, options)).problems;
}

/**
 * `validateIds`, also handing back the document the semantic audit read (null when the file is not
 * an IDS at all), so that a caller checking a model does not read a large pack a second time.
 */
export async function validateAndParseIds(
  xml: string | Uint8Array,
  options: { fileName?: string } = {},
): Promise<{ problems: ValidationProblem[]; document: IdsDocument | null }> {
  let document: IdsDocument;
  let codeListRuns: number[];
  try {
    ({ document, codeListRuns } = parseIdsWithCodeListRuns(xml, options));
  } catch (err) {
    if (err instanceof IdsParseError) return { problems: [err.toProblem()], document: null };
    throw err;
  }
  const structural = await schemaProblems(xml, codeListRuns);
  return { problems: [...structural, ...document.problems], document };
}
