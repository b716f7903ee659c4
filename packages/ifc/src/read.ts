/** Entry points: read IFC bytes or a file into an IfcModel. */
import { open, stat } from 'node:fs/promises';
import { IfcReadError } from './errors';
import type { IfcModel } from './model';
import { StepIfcModel } from './model/ifc-model';
import { relationScanFor } from './model/relations';
import { InstanceStore } from './model/store';
import { schemaTables } from './schema/schema-info';
import { checkStepMagic, readHeader, type StepHeader } from './step/header';
import { type FileIndex, indexInstances } from './step/index-file';
import { indexInstancesParallel } from './step/parallel-index';

export interface ReadIfcOptions {
  /** Used in messages and kept on the model. */
  readonly fileName?: string;
  /**
   * The model will be validated (@plumbline/validity): the scan also keeps every instance's
   * references, which IFC105/IFC106's reachability would otherwise read from every instance's
   * bytes again (decision 0442). Costs 4 bytes per instance and per reference; the answers are
   * the same either way.
   */
  readonly forValidity?: boolean;
}

/** What the scan keeps for `forValidity`. */
const VALIDITY_KEEP = { references: true } as const;

/** The largest file accepted: offsets are stored as 32-bit numbers. */
export const MAX_FILE_BYTES = 0xffff_fff0;

function modelOf(
  bytes: Uint8Array,
  header: StepHeader,
  index: FileIndex,
  options: ReadIfcOptions,
): StepIfcModel {
  if (index.count === 0) throw new IfcReadError('empty', 'the DATA section contains no entity instances');
  const store = new InstanceStore(bytes, index);
  return new StepIfcModel(store, schemaTables(header.schema), header, options.fileName ?? null);
}

/** Indexes the file in one pass on this thread; everything else is decoded lazily on use. Throws IfcReadError. */
export function readIfc(bytes: Uint8Array, options: ReadIfcOptions = {}): StepIfcModel {
  if (bytes.length > MAX_FILE_BYTES) throw new IfcReadError('too_large_line', 'the file is larger than 4 GB');
  const header = readHeader(bytes);
  const relations = relationScanFor(schemaTables(header.schema));
  const keep = options.forValidity ? VALIDITY_KEEP : null;
  return modelOf(bytes, header, indexInstances(bytes, header.dataStart, relations, keep), options);
}

/**
 * Reads a file into shared memory and indexes it on several threads when it is large (see
 * step/parallel-index.ts). A file that does not start like STEP is rejected before it is read whole.
 */
export async function readIfcFile(path: string, options: ReadIfcOptions = {}): Promise<StepIfcModel> {
  const { size } = await stat(path);
  if (size > MAX_FILE_BYTES) throw new IfcReadError('too_large_line', 'the file is larger than 4 GB');
  const bytes = new Uint8Array(new SharedArrayBuffer(size));
  const file = await open(path, 'r');
  try {
    const head = Math.min(size, 64 * 1024);
    await readFully(file, bytes, 0, head);
    checkStepMagic(bytes.subarray(0, head), head < size);
    await readFully(file, bytes, head, size);
  } finally {
    await file.close();
  }
  const header = readHeader(bytes);
  const relations = relationScanFor(schemaTables(header.schema));
  const keep = options.forValidity ? VALIDITY_KEEP : null;
  const { index } = await indexInstancesParallel(
    bytes,
    header.dataStart,
    undefined,
    undefined,
    relations,
    keep,
  );
  return modelOf(bytes, header, index, { fileName: options.fileName ?? path });
}

async function readFully(
  file: Awaited<ReturnType<typeof open>>,
  bytes: Uint8Array,
  from: number,
  to: number,
): Promise<void> {
  for (let at = from; at < to; ) {
    const { bytesRead } = await file.read(bytes, at, Math.min(to - at, 1 << 26), at);
    if (bytesRead === 0) throw new IfcReadError('malformed', 'the file ended while it was being read');
    at += bytesRead;
  }
}

export type { IfcModel };
