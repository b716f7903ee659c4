/** Entry points: read IFC bytes or a file into an IfcModel. */
import { open, readFile, stat } from 'node:fs/promises';
import { IfcReadError } from './errors';
import type { IfcModel } from './model';
import { StepIfcModel } from './model/ifc-model';
import { InstanceStore } from './model/store';
import { schemaTables } from './schema/schema-info';
import { checkStepMagic, readHeader } from './step/header';
import { indexInstances } from './step/index-file';

export interface ReadIfcOptions {
  /** Used in messages and kept on the model. */
  readonly fileName?: string;
}

/** The largest file accepted: offsets are stored as 32-bit numbers. */
export const MAX_FILE_BYTES = 0xffff_fff0;

/** Indexes the file in one pass; everything else is decoded lazily on use. Throws IfcReadError. */
export function readIfc(bytes: Uint8Array, options: ReadIfcOptions = {}): StepIfcModel {
  if (bytes.length > MAX_FILE_BYTES) throw new IfcReadError('too_large_line', 'the file is larger than 4 GB');
  const header = readHeader(bytes);
  const index = indexInstances(bytes, header.dataStart);
  if (index.count === 0) throw new IfcReadError('empty', 'the DATA section contains no entity instances');
  const store = new InstanceStore(bytes, index);
  return new StepIfcModel(store, schemaTables(header.schema), header, options.fileName ?? null);
}

export async function readIfcFile(path: string): Promise<StepIfcModel> {
  const info = await stat(path);
  if (info.size > MAX_FILE_BYTES) throw new IfcReadError('too_large_line', 'the file is larger than 4 GB');
  // Look at the start first, so a large file that is not STEP is rejected without reading it all.
  const file = await open(path, 'r');
  try {
    const head = new Uint8Array(Math.min(info.size, 64 * 1024));
    await file.read(head, 0, head.length, 0);
    checkStepMagic(head, head.length < info.size);
  } finally {
    await file.close();
  }
  const bytes = await readFile(path);
  return readIfc(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), { fileName: path });
}

export type { IfcModel };
