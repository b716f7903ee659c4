/**
 * A model handed to other threads without reading or indexing the file again: the bytes, the
 * instance index and the id → ordinal table live in shared memory, and each thread builds the same
 * model over them (its caches and lazily built views are its own). Used to check one model on
 * several threads (@plumbline/ids, check/parallel-check.ts).
 */
import { StepIfcModel } from './model/ifc-model';
import type { RelationRows } from './model/relations';
import { InstanceStore } from './model/store';
import { schemaTables } from './schema/schema-info';
import { readHeader } from './step/header';
import type { FileIndex } from './step/index-file';

/** Everything another thread needs to build the model; cloneable with postMessage (memory is shared, not copied). */
export interface SharedModel {
  readonly bytes: Uint8Array;
  readonly index: FileIndex;
  /** The id → ordinal table, or null when ids are sparse (each thread then builds its own). */
  readonly ordinals: Int32Array | null;
  /** Every relation index, built once by the thread that read the file. */
  readonly relations: RelationRows | null;
  readonly fileName: string | null;
}

function isShared(array: ArrayBufferView): boolean {
  return array.buffer instanceof SharedArrayBuffer;
}

/** A copy of a typed array in shared memory (the array itself when it is already shared). */
function inSharedMemory<T extends Uint32Array | Uint16Array>(
  array: T,
  make: (buffer: SharedArrayBuffer) => T,
): T {
  if (isShared(array)) return array;
  const copy = make(new SharedArrayBuffer(array.byteLength));
  copy.set(array);
  return copy;
}

/**
 * The shareable parts of a model read by `readIfcFile` (its bytes are in shared memory); null for
 * other models (`readIfc` of ordinary bytes, test fakes), which are then checked on one thread.
 */
export function shareModel(model: unknown): SharedModel | null {
  if (!(model instanceof StepIfcModel)) return null;
  const { store, fileName, relations } = model.sharedParts();
  if (!isShared(store.bytes)) return null;
  const rowsShared = Object.values(relations).every(
    (rows) =>
      rows.targets.length === 0 ||
      (isShared(rows.targets) && isShared(rows.offsets) && (rows.slotOf === null || isShared(rows.slotOf))),
  );
  const index = store.index;
  const table = store.ordinalTable;
  return {
    bytes: store.bytes,
    index: {
      count: index.count,
      classNames: index.classNames,
      ids: inSharedMemory(index.ids, (b) => new Uint32Array(b)),
      starts: inSharedMemory(index.starts, (b) => new Uint32Array(b)),
      paramStarts: inSharedMemory(index.paramStarts, (b) => new Uint32Array(b)),
      ends: inSharedMemory(index.ends, (b) => new Uint32Array(b)),
      classOf: inSharedMemory(index.classOf, (b) => new Uint16Array(b)),
    },
    ordinals: table && isShared(table) ? table : null,
    relations: rowsShared ? relations : null,
    fileName,
  };
}

/** The model of `shareModel`, built on this thread over the same memory (no read, no index pass). */
export function modelFromShared(shared: SharedModel): StepIfcModel {
  const header = readHeader(shared.bytes);
  const store = new InstanceStore(shared.bytes, shared.index, shared.ordinals ?? undefined);
  return new StepIfcModel(store, schemaTables(header.schema), header, shared.fileName, shared.relations);
}
