/**
 * The live check's thread side (decision 0283): the models of the versions being edited against,
 * each read once into the engine's index with a LiveChecker that remembers the counts of the
 * specifications it has seen, kept within a byte budget (the IFC sizes; the least recently used
 * model goes first, the one in use always stays). The main thread sends the IFC bytes only when the
 * thread says it has no model for the version.
 */
import { LiveChecker, type LiveCheckResult } from '@plumbline/ids';
import { IfcReadError, readIfc } from '@plumbline/ifc';

export interface LiveCheckRequest {
  readonly versionId: string;
  readonly ids: string;
  /** The version's IFC, sent when the thread answered `need-model`. */
  readonly bytes?: Uint8Array;
  readonly fileName?: string;
}

export type LiveCheckAnswer =
  | { readonly kind: 'need-model' }
  | { readonly kind: 'unreadable'; readonly message: string }
  | { readonly kind: 'checked'; readonly result: LiveCheckResult; readonly modelRead: boolean };

interface Kept {
  readonly checker: LiveChecker;
  readonly bytes: number;
  lastUsed: number;
}

export class LiveModels {
  private readonly kept = new Map<string, Kept>();
  private clock = 0;

  constructor(private readonly budgetBytes: number) {}

  /** Versions held, most recently used last (for tests). */
  versions(): string[] {
    return [...this.kept.entries()].sort((a, b) => a[1].lastUsed - b[1].lastUsed).map(([id]) => id);
  }

  handle(request: LiveCheckRequest): LiveCheckAnswer {
    let entry = this.kept.get(request.versionId);
    let modelRead = false;
    if (!entry) {
      if (!request.bytes) return { kind: 'need-model' };
      let model: ReturnType<typeof readIfc>;
      try {
        model = readIfc(request.bytes, request.fileName ? { fileName: request.fileName } : {});
      } catch (error) {
        if (error instanceof IfcReadError) return { kind: 'unreadable', message: error.message };
        throw error;
      }
      entry = { checker: new LiveChecker(model), bytes: request.bytes.byteLength, lastUsed: 0 };
      this.kept.set(request.versionId, entry);
      modelRead = true;
    }
    entry.lastUsed = ++this.clock;
    this.evict(request.versionId);
    return { kind: 'checked', result: entry.checker.check(request.ids), modelRead };
  }

  /** Drops the least recently used models until the rest fit the budget; `keep` always stays. */
  private evict(keep: string): void {
    let total = [...this.kept.values()].reduce((sum, e) => sum + e.bytes, 0);
    for (const id of this.versions()) {
      if (total <= this.budgetBytes) return;
      if (id === keep) continue;
      total -= this.kept.get(id)?.bytes ?? 0;
      this.kept.delete(id);
    }
  }
}
