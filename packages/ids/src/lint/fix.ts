/**
 * Applying quick fixes to IDS text (pure, as the linter): one fix's edits, or every safe fix at once
 * the way `eslint --fix` does it — apply the safe fixes that do not overlap, lint again, repeat
 * until nothing is left to apply (at most ten passes).
 */
import type { Diagnostic, Fix, TextEdit } from './diagnostic';
import { type LintIdsOptions, lintIds } from './lint';
import { TextIndex } from './text-index';

const BOM = '\uFEFF';
const MAX_PASSES = 10;

/** The text with the edits applied; edits must not overlap (overlapping ones after the first are skipped). */
export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  const bom = text.startsWith(BOM) ? BOM : '';
  const body = bom ? text.slice(1) : text;
  const index = new TextIndex(body);
  const spans = edits
    .map((e) => ({ start: index.offset(e.range.start), end: index.offset(e.range.end), text: e.newText }))
    .sort((a, b) => a.start - b.start || a.end - b.end);
  let out = '';
  let at = 0;
  for (const s of spans) {
    if (s.start < at) continue;
    out += body.slice(at, s.start) + s.text;
    at = s.end;
  }
  return bom + out + body.slice(at);
}

/** Applies one quick fix. */
export function applyFix(text: string, fix: Fix): string {
  return applyEdits(text, fix.edits);
}

export interface FixAllResult {
  readonly text: string;
  /** How many fixes were applied, over all passes. */
  readonly applied: number;
  /** The diagnostics of the fixed text. */
  readonly diagnostics: Diagnostic[];
}

/** The first safe fix of each diagnostic whose edits overlap no fix already chosen. */
function chooseSafeFixes(diagnostics: readonly Diagnostic[], index: TextIndex): Fix[] {
  const chosen: Fix[] = [];
  const taken: [number, number][] = [];
  for (const d of diagnostics) {
    const fix = d.fixes.find((f) => f.safe);
    if (!fix) continue;
    const spans = fix.edits.map(
      (e) => [index.offset(e.range.start), index.offset(e.range.end)] as [number, number],
    );
    const overlaps = spans.some(([s, e]) =>
      taken.some(([ts, te]) => (s < te && ts < e) || (s === e && s === ts)),
    );
    if (overlaps) continue;
    taken.push(...spans);
    chosen.push(fix);
  }
  return chosen;
}

/** Applies every safe fix, linting again after each pass, and returns the result and its diagnostics. */
export function fixAll(text: string, options: LintIdsOptions = {}): FixAllResult {
  let current = text;
  let applied = 0;
  let result = lintIds(current, options);
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const body = current.startsWith(BOM) ? current.slice(1) : current;
    const fixes = chooseSafeFixes(result.diagnostics, new TextIndex(body));
    if (fixes.length === 0) break;
    current = applyEdits(
      current,
      fixes.flatMap((f) => f.edits),
    );
    applied += fixes.length;
    result = lintIds(current, options);
  }
  return { text: current, applied, diagnostics: result.diagnostics };
}
