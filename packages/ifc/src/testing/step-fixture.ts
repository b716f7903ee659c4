/** Builds small STEP files for tests. */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { readIfc } from '../read';

export function stepText(schema: string, data: string): string {
  return [
    'ISO-10303-21;',
    'HEADER;',
    "FILE_DESCRIPTION(('ViewDefinition [CoordinationView]'),'2;1');",
    "FILE_NAME('test.ifc','2026-01-01T00:00:00',(''),(''),'','','');",
    `FILE_SCHEMA(('${schema}'));`,
    'ENDSEC;',
    'DATA;',
    data.trim(),
    'ENDSEC;',
    'END-ISO-10303-21;',
    '',
  ].join('\n');
}

export function stepBytes(schema: string, data: string): Uint8Array {
  return new TextEncoder().encode(stepText(schema, data));
}

/** A model read from the given DATA lines. */
export function modelOf(data: string, schema = 'IFC4') {
  return readIfc(stepBytes(schema, data));
}

/** The shared test data (`../shared` beside the repository), or null when absent. */
export function sharedDir(): string | null {
  const dir = fileURLToPath(new URL('../../../../../shared/', import.meta.url));
  return existsSync(dir) ? dir : null;
}
