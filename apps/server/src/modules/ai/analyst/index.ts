import { z } from 'zod';
import type { Database } from '../../../platform/db';
import type { VersionRef } from '../repo';
import { versionChanges } from './changes';
import { complianceSummary, failingElements, missingProperties } from './compliance';
import { type Intent, recogniseIntent } from './intent';
import { countElements, modelOverview } from './overview';
import type { AnalystResult } from './types';

export { recogniseIntent } from './intent';
export type { AnalystResult } from './types';
export { Citations } from './types';

/** Answers a question from the version's data with the function its intent calls for. */
export async function answerQuestion(
  db: Database,
  version: VersionRef,
  question: string,
): Promise<AnalystResult & { intent: Intent['kind'] }> {
  const intent = recogniseIntent(question);
  const result = await runIntent(db, version, intent);
  return { ...result, intent: intent.kind };
}

function runIntent(db: Database, version: VersionRef, intent: Intent): Promise<AnalystResult> {
  switch (intent.kind) {
    case 'changes':
      return versionChanges(db, version, {});
    case 'missing':
      return missingProperties(db, version, {});
    case 'failing':
      return failingElements(db, version, { topic: intent.topic, classes: intent.classes });
    case 'compliance':
      return complianceSummary(db, version, {});
    case 'count':
      return countElements(db, version, { classes: intent.classes });
    case 'overview':
      return modelOverview(db, version, {});
  }
}

/** One analyst function offered to a language model as a tool. */
export interface AnalystTool {
  description: string;
  input: z.ZodType<Record<string, unknown>>;
  run(db: Database, version: VersionRef, args: Record<string, unknown>): Promise<AnalystResult>;
}

const classesInput = z
  .array(z.string())
  .describe("IFC classes such as 'IfcWall' or plain words such as 'doors'; subtypes are included");

/** The analyst's functions as tools: each reads the chosen version's real data. */
export const analystTools: Record<string, AnalystTool> = {
  model_overview: {
    description:
      'Counts of the model elements by category, class and level, and the building systems present.',
    input: z.object({}),
    run: (db, version) => modelOverview(db, version, {}),
  },
  count_elements: {
    description: 'How many elements of some kinds there are, broken down per level.',
    input: z.object({ classes: classesInput }),
    run: (db, version, args) => countElements(db, version, args as { classes: string[] }),
  },
  compliance_summary: {
    description: 'IDS compliance of the version: pass rate and each specification with its counts.',
    input: z.object({}),
    run: (db, version) => complianceSummary(db, version, {}),
  },
  failing_elements: {
    description:
      'Elements that fail IDS specifications, with the reasons. Narrow by topic (words from the rule, e.g. "fire rating") and element kinds.',
    input: z.object({
      topic: z.string().optional().describe('What the rule is about, e.g. "fire rating" or "LoadBearing"'),
      classes: classesInput.optional(),
    }),
    run: (db, version, args) => failingElements(db, version, args as { topic?: string; classes?: string[] }),
  },
  missing_properties: {
    description:
      'Which required properties (and attributes, classifications, materials) are most often missing.',
    input: z.object({ limit: z.number().int().min(1).max(50).optional() }),
    run: (db, version, args) => missingProperties(db, version, args as { limit?: number }),
  },
  version_changes: {
    description:
      'What changed since the previous processed version: elements added, removed, changed, and compliance.',
    input: z.object({}),
    run: (db, version) => versionChanges(db, version, {}),
  },
};
