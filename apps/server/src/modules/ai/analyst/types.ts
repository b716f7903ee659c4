import type { ElementsByType } from '@plumbline/contracts';
import { classLabel } from './classes';

/** What every analyst function returns: a readable answer, the figures behind it, and what it cites. */
export interface AnalystResult {
  /** The answer as a person reads it (plain text, one point a line). */
  text: string;
  /** The figures the answer rests on, compact: what a language model gets back as the tool's result. */
  data: unknown;
  citations: Citations;
}

/** Most element ids one answer cites: enough to highlight, small enough for one event. */
export const MAX_CITED = 500;

/**
 * The elements an answer used, as IFC GlobalIds (what the viewer's highlight call converts), grouped by
 * a type label such as 'Wall'. Elements without a GlobalId cannot be highlighted and are left out.
 */
export class Citations {
  private readonly byType = new Map<string, string[]>();
  private readonly seen = new Set<string>();

  add(element: { globalId: string | null; ifcClass: string }): void {
    const id = element.globalId;
    if (!id || this.seen.has(id) || this.seen.size >= MAX_CITED) return;
    this.seen.add(id);
    const label = classLabel(element.ifcClass);
    const list = this.byType.get(label);
    if (list) list.push(id);
    else this.byType.set(label, [id]);
  }

  addAll(elements: Iterable<{ globalId: string | null; ifcClass: string }>): this {
    for (const element of elements) this.add(element);
    return this;
  }

  merge(other: Citations): void {
    for (const [label, ids] of other.byType) {
      for (const id of ids) {
        if (this.seen.has(id) || this.seen.size >= MAX_CITED) continue;
        this.seen.add(id);
        const list = this.byType.get(label);
        if (list) list.push(id);
        else this.byType.set(label, [id]);
      }
    }
  }

  get size(): number {
    return this.seen.size;
  }

  toEvent(): { elements: string[]; elementsByType: ElementsByType } {
    return { elements: [...this.seen], elementsByType: Object.fromEntries(this.byType) };
  }
}
