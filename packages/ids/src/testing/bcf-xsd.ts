/**
 * Validates BCF archives against buildingSMART's official BCF-XML XSDs, each member against the
 * schema of the version its bcf.version claims. The XSDs are read from `../shared/bcf-xsd/<version>`
 * beside the repository (unmodified copies, not committed: their licence); BCF_XSD_DIR points elsewhere.
 * Runs the same persistent libxml2 (WebAssembly) the IDS validation uses, many documents per run.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { unzipSync } from 'fflate';
import { runXmllint } from '../xsd/xmllint-pool';

export const BCF_XSD_DIR =
  process.env.BCF_XSD_DIR ?? fileURLToPath(new URL('../../../../../shared/bcf-xsd', import.meta.url));

const SCHEMAS: Record<string, readonly string[]> = {
  '2.1': ['version.xsd', 'markup.xsd', 'visinfo.xsd'],
  '3.0': ['version.xsd', 'extensions.xsd', 'markup.xsd', 'visinfo.xsd', 'shared-types.xsd'],
};

export function haveBcfSchemas(): boolean {
  return Object.entries(SCHEMAS).every(([version, files]) =>
    files.every((file) => existsSync(join(BCF_XSD_DIR, version, file))),
  );
}

export interface BcfArchive {
  readonly name: string;
  readonly bytes: Uint8Array;
}

/** The schema a member of a BCF archive is written against, by its name; null: not a BCF-XML member. */
function schemaOf(member: string, version: string): string | null {
  if (member === 'bcf.version') return 'version.xsd';
  if (member === 'extensions.xml' && version === '3.0') return 'extensions.xsd';
  if (member.endsWith('/markup.bcf')) return 'markup.xsd';
  if (member.endsWith('.bcfv')) return 'visinfo.xsd';
  return null;
}

/** Every schema error (and every member no schema covers) in the archives; empty when all validate. */
export async function bcfSchemaErrors(archives: readonly BcfArchive[]): Promise<string[]> {
  const errors: string[] = [];
  const groups = new Map<string, { name: string; contents: string }[]>();
  const decoder = new TextDecoder();
  for (const archive of archives) {
    const members = unzipSync(archive.bytes);
    const versionXml = members['bcf.version'] ? decoder.decode(members['bcf.version']) : '';
    const version = /VersionId="([^"]+)"/.exec(versionXml)?.[1] ?? 'none';
    if (!SCHEMAS[version]) {
      errors.push(`${archive.name}: bcf.version claims '${version}'`);
      continue;
    }
    for (const [member, data] of Object.entries(members)) {
      if (member.endsWith('/')) continue;
      const schema = schemaOf(member, version);
      if (!schema) {
        errors.push(`${archive.name}: ${member} is no BCF ${version} member`);
        continue;
      }
      const key = `${version}/${schema}`;
      const list = groups.get(key) ?? [];
      list.push({ name: `${archive.name} ${member}`, contents: decoder.decode(data) });
      groups.set(key, list);
    }
  }
  for (const [key, documents] of groups) {
    const [version, schema] = key.split('/') as [string, string];
    for (let start = 0; start < documents.length; start += 400)
      errors.push(...(await validateGroup(version, schema, documents.slice(start, start + 400))));
  }
  return errors;
}

async function validateGroup(
  version: string,
  schema: string,
  documents: readonly { name: string; contents: string }[],
): Promise<string[]> {
  const schemaFiles = SCHEMAS[version]!.map((fileName) => ({
    fileName,
    contents: readFileSync(join(BCF_XSD_DIR, version, fileName), 'utf8'),
  }));
  const names = documents.map((_, i) => `doc${i}.xml`);
  const bytes = documents.reduce((sum, document) => sum + document.contents.length, 0);
  const result = await runXmllint({
    files: [
      ...schemaFiles,
      ...documents.map((document, i) => ({ fileName: names[i]!, contents: document.contents })),
    ],
    args: ['--schema', schema, '--noout', ...names],
    initialMemory: 256,
    maxMemory: Math.min(65536, 2048 + Math.ceil((bytes * 24) / 65536)),
  });
  if (result.exitCode > 4)
    throw new Error(`xmllint failed (${result.exitCode}): ${result.stderr.slice(0, 500)}`);
  return result.stderr
    .split('\n')
    .filter((line) => line.trim() !== '' && !/ validates$/.test(line))
    .map((line) =>
      line.replace(
        /doc(\d+)\.xml/g,
        (_, i: string) => `${documents[Number(i)]!.name} (${version}/${schema})`,
      ),
    );
}
