/**
 * The Studio's live check: per specification of an IDS being edited, how many elements of a model
 * it applies to, pass and fail, as the person types. The model is read once (the engine's index of
 * a version, `IfcModel`); each call reads the IDS text without the audit, and counts only the
 * specifications whose content changed since the last call (an edit touches one or two), with no
 * failure reasons and no report (`countSpecifications`). A specification that cannot be evaluated
 * (an invalid pattern) is marked, not thrown; lint (lint/lint.ts) says why.
 */
import type { IfcModel } from '@plumbline/ifc/model';
import type { Specification } from '../document';
import { IdsParseError, readIdsTree } from '../ids-from-tree';
import { compileXsdPattern, XsdPatternError } from '../restriction/xsd-regex';
import { readXmlText, XmlReadError } from '../xml/read-xml-text';
import { countSpecifications, type SpecificationCounts } from './check-model';

export interface LiveSpecification {
  /** Position in the document (0-based); the Studio matches it to the specification it shows. */
  readonly index: number;
  readonly name: string;
  readonly identifier: string | null;
  /** null when the specification cannot be evaluated as written (see lint). */
  readonly counts: SpecificationCounts | null;
  /** pass / fail by the specification's cardinality; 'unknown' when it cannot be evaluated. */
  readonly status: 'pass' | 'fail' | 'unknown';
}

export interface LiveCheckResult {
  /** False when the text is not a readable IDS (not well-formed XML, not an <ids> root). */
  readonly readable: boolean;
  readonly specifications: readonly LiveSpecification[];
  /** Specifications counted in this call (the rest came from the previous calls). */
  readonly counted: number;
  readonly durationMs: number;
}

/** The specification's content, without positions or instructions: equal keys count the same. */
function contentKey(spec: Specification): string {
  return JSON.stringify([spec.cardinality, spec.applicability, spec.requirements], (key, value) =>
    key === 'location' || key === 'instructions' ? undefined : value,
  );
}

function statusOf(spec: Specification, counts: SpecificationCounts | null): LiveSpecification['status'] {
  if (counts === null) return 'unknown';
  if (spec.cardinality === 'prohibited') return counts.applicable > 0 ? 'fail' : 'pass';
  if (spec.cardinality === 'required' && counts.applicable === 0) return 'fail';
  return counts.failed > 0 ? 'fail' : 'pass';
}

/** Whether any xs:pattern of the specification is not a valid XSD pattern (the check would match nothing). */
function hasInvalidPattern(spec: Specification): boolean {
  let invalid = false;
  JSON.stringify([spec.applicability, spec.requirements], (key, value) => {
    if (key === 'patterns' && Array.isArray(value))
      for (const p of value as string[]) {
        try {
          compileXsdPattern(p);
        } catch (err) {
          if (!(err instanceof XsdPatternError)) throw err;
          invalid = true;
        }
      }
    return value;
  });
  return invalid;
}

/** Most distinct specification contents remembered per model (an editing session's worth). */
const MAX_REMEMBERED = 5_000;

export class LiveChecker {
  private readonly remembered = new Map<string, SpecificationCounts | null>();

  constructor(private readonly model: IfcModel) {}

  check(idsText: string): LiveCheckResult {
    const started = performance.now();
    let specifications: readonly Specification[];
    try {
      specifications = readIdsTree(readXmlText(idsText)).document.specifications;
    } catch (err) {
      if (err instanceof XmlReadError || err instanceof IdsParseError)
        return { readable: false, specifications: [], counted: 0, durationMs: performance.now() - started };
      throw err;
    }
    const keys = specifications.map(contentKey);
    const todo = specifications.filter((_, i) => !this.remembered.has(keys[i] as string));
    const todoKeys = keys.filter((k) => !this.remembered.has(k));
    if (this.remembered.size + todo.length > MAX_REMEMBERED) this.remembered.clear();
    this.count(todo, todoKeys);
    const out = specifications.map((spec, index) => {
      const counts = this.remembered.get(keys[index] as string) ?? null;
      return { index, name: spec.name, identifier: spec.identifier, counts, status: statusOf(spec, counts) };
    });
    return {
      readable: true,
      specifications: out,
      counted: todo.length,
      durationMs: performance.now() - started,
    };
  }

  /** Counts the specifications together (they share candidate lists); those with an invalid pattern are marked. */
  private count(specs: readonly Specification[], keys: readonly string[]): void {
    const countable: Specification[] = [];
    const countableKeys: string[] = [];
    specs.forEach((spec, i) => {
      if (hasInvalidPattern(spec)) this.remembered.set(keys[i] as string, null);
      else {
        countable.push(spec);
        countableKeys.push(keys[i] as string);
      }
    });
    if (countable.length === 0) return;
    countSpecifications(this.model, countable).forEach((c, i) => {
      this.remembered.set(countableKeys[i] as string, c);
    });
  }
}

/** One live check without remembering anything (a LiveChecker answers repeated calls faster). */
export function liveCheck(model: IfcModel, idsText: string): LiveCheckResult {
  return new LiveChecker(model).check(idsText);
}
