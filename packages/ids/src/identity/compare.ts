/**
 * The comparison of two checked versions (issue 30), the one definition the server's stored history,
 * its on-request comparisons and `plumbline compare` share. Per specification and requirement key,
 * for the elements matched across versions (element-matcher.ts):
 *  - new: fails now; passed, or was not there, before;
 *  - resolved: failed before, the element is still there and no longer fails it;
 *  - removed: failed before, the element is gone;
 *  - persisting: failed before and fails now (a count).
 * Only requirements both versions were checked against are compared: a requirement added to the
 * IDS since (a new key) has its failures counted as `uncompared`, not as new, and one taken out is
 * left out; a specification only the new version knows is listed with `compared: false`.
 */
import { type ElementMatch, matchElements } from './element-matcher';
import type { ElementSignatures } from './element-signature';
import {
  type CheckedSpecification,
  type FindingFailure,
  findingRequirementKey,
  type VersionFindings,
} from './findings';

export type ChangeKind = 'new' | 'resolved' | 'removed';

export interface FindingChange {
  readonly kind: ChangeKind;
  readonly requirementKey: string;
  /** The element's index in the new version (new, resolved) or the old one (removed). */
  readonly element: number;
  /** The element's stable key (its GlobalId, or the one it carried from an earlier version). */
  readonly elementKey: string;
  /** The failure now (new) or before (resolved, removed). */
  readonly failure: FindingFailure;
}

export interface SpecificationComparison {
  readonly key: string;
  readonly name: string;
  readonly identifier: string | null;
  /** False when the old version was not checked against this specification. */
  readonly compared: boolean;
  /** Sorted: new, then resolved, then removed; each by element. */
  readonly changes: readonly FindingChange[];
  readonly counts: {
    readonly new: number;
    readonly resolved: number;
    readonly removed: number;
    readonly persisting: number;
  };
  /** Failures now of requirements the old version was not checked against (not compared). */
  readonly uncompared: number;
}

export interface VersionComparison {
  readonly specifications: readonly SpecificationComparison[];
  readonly match: ElementMatch;
  /** Per element of the new version, its stable key: the old element's when matched, else its own GlobalId. */
  readonly elementKeys: readonly string[];
}

/** An element's own key when nothing earlier gave it one. */
export function ownElementKey(elements: ElementSignatures, i: number): string {
  return elements.globalId[i] ?? `${elements.ifcClass[i]}:${elements.name[i] ?? ''}`;
}

function keyOf(version: VersionFindings, i: number): string {
  return version.elementKeys?.[i] ?? ownElementKey(version.elements, i);
}

/** Failures by requirement key, then by element index. */
function byRequirement(version: VersionFindings): Map<string, Map<number, FindingFailure>> {
  const out = new Map<string, Map<number, FindingFailure>>();
  for (const finding of version.findings) {
    const spec = version.specifications[finding.specification];
    const key = spec && findingRequirementKey(spec, finding.failure);
    if (!key) continue;
    let elements = out.get(key);
    if (!elements) {
      elements = new Map();
      out.set(key, elements);
    }
    if (!elements.has(finding.element)) elements.set(finding.element, finding.failure);
  }
  return out;
}

function keysOf(spec: CheckedSpecification): string[] {
  return spec.ownKey === null ? [...spec.requirementKeys] : [...spec.requirementKeys, spec.ownKey];
}

const KIND_ORDER: Record<ChangeKind, number> = { new: 0, resolved: 1, removed: 2 };

/** Compares `next` with `old` (see the file's comment); `match` when the elements were matched already. */
export function compareVersions(
  old: VersionFindings,
  next: VersionFindings,
  match: ElementMatch = matchElements(old.elements, next.elements),
): VersionComparison {
  const elementKeys = next.elements.stepId.map((_, j) => {
    const o = match.oldIndexOf[j] ?? -1;
    return o >= 0 ? keyOf(old, o) : keyOf(next, j);
  });
  const oldFailures = byRequirement(old);
  const newFailures = byRequirement(next);
  const oldSpecs = new Map(old.specifications.map((spec) => [spec.key, spec]));
  const seen = new Set<string>();
  const specifications: SpecificationComparison[] = [];
  for (const spec of next.specifications) {
    if (seen.has(spec.key)) continue; // one IDS listed twice: compared once
    seen.add(spec.key);
    const before = oldSpecs.get(spec.key);
    const comparable = new Set(before ? keysOf(before) : []);
    const changes: FindingChange[] = [];
    let persisting = 0;
    let uncompared = 0;
    for (const requirementKey of keysOf(spec)) {
      const now = newFailures.get(requirementKey) ?? new Map<number, FindingFailure>();
      if (!comparable.has(requirementKey)) {
        uncompared += now.size;
        continue;
      }
      const was = oldFailures.get(requirementKey) ?? new Map<number, FindingFailure>();
      for (const [element, failure] of now) {
        const o = match.oldIndexOf[element] ?? -1;
        if (o >= 0 && was.has(o)) persisting++;
        else
          changes.push({ kind: 'new', requirementKey, element, elementKey: elementKeys[element]!, failure });
      }
      for (const [o, failure] of was) {
        const element = match.newIndexOf[o] ?? -1;
        if (element < 0)
          changes.push({ kind: 'removed', requirementKey, element: o, elementKey: keyOf(old, o), failure });
        else if (!now.has(element))
          changes.push({
            kind: 'resolved',
            requirementKey,
            element,
            elementKey: elementKeys[element]!,
            failure,
          });
      }
    }
    changes.sort(
      (a, b) =>
        KIND_ORDER[a.kind] - KIND_ORDER[b.kind] ||
        a.element - b.element ||
        (a.requirementKey < b.requirementKey ? -1 : a.requirementKey > b.requirementKey ? 1 : 0),
    );
    const count = (kind: ChangeKind) => changes.filter((c) => c.kind === kind).length;
    specifications.push({
      key: spec.key,
      name: spec.name,
      identifier: spec.identifier,
      compared: before !== undefined,
      changes,
      counts: { new: count('new'), resolved: count('resolved'), removed: count('removed'), persisting },
      uncompared,
    });
  }
  return { specifications, match, elementKeys };
}
