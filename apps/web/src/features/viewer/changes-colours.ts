import type { FindingChange } from '@plumbline/contracts';
import { STATUS_COLORS } from '@/lib/compliance-logic';
import { DIMMED_COLOUR } from './compliance-colours';

/** What an element of the newer version shows in the Changes viewer. */
export type ChangeMark = 'new' | 'resolved';

/** The colours: a new failure in the failing colour, a resolved one in the passing colour. */
export const CHANGE_COLOURS: Record<ChangeMark, string> = {
  new: STATUS_COLORS.failed,
  resolved: STATUS_COLORS.passed,
};

/**
 * The newer version's elements marked by their changes (viewer id = STEP id). An element newly
 * failing one requirement while another is resolved still fails: new wins. Removed elements are
 * not in the newer model and have nothing to draw.
 */
export function changeMarks(
  changes: readonly Pick<FindingChange, 'kind' | 'step_id'>[],
): Map<number, ChangeMark> {
  const marks = new Map<number, ChangeMark>();
  for (const change of changes) {
    if (change.kind === 'new') marks.set(change.step_id, 'new');
    else if (change.kind === 'resolved' && !marks.has(change.step_id)) marks.set(change.step_id, 'resolved');
  }
  return marks;
}

/** Viewer ids by colour: new and resolved in theirs, every other element of the model pale. */
export function changeColourGroups(
  modelIds: readonly number[],
  marks: ReadonlyMap<number, ChangeMark>,
): Map<string, number[]> {
  const groups = new Map<string, number[]>([
    [DIMMED_COLOUR, []],
    [CHANGE_COLOURS.resolved, []],
    [CHANGE_COLOURS.new, []],
  ]);
  for (const id of modelIds) {
    const mark = marks.get(id);
    groups.get(mark ? CHANGE_COLOURS[mark] : DIMMED_COLOUR)?.push(id);
  }
  return groups;
}
