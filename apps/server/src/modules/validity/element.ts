import type { ElementCompliance, VerdictMark } from '@plumbline/contracts';
import { RULE_IDS } from '@plumbline/validity';
import type { Database } from '../../platform/db';
import { loadValidityEvidence } from './evidence';
import { verdictMarks } from './marks';
import * as repo from './repo';

/** One element's validity as the Element Inspector shows it: its findings, and how to mark its verdicts. */
export interface ElementValidity {
  findings: ElementCompliance['validity_findings'];
  /** The marks of a verdict of this element on a specification that reads properties, or not. */
  marks(readsProperties: boolean): VerdictMark[];
}

export async function elementValidity(
  db: Database,
  versionId: string,
  element: { stepId: number; globalId: string | null },
): Promise<ElementValidity> {
  const [evidence, rows] = await Promise.all([
    loadValidityEvidence(db, versionId, { stepIds: [element.stepId], globalIds: [element.globalId] }),
    repo.listElementFindings(db, versionId, element.stepId, RULE_IDS),
  ]);
  const order = (rule: string) => RULE_IDS.indexOf(rule);
  return {
    findings: rows
      .sort((a, b) => order(a.rule) - order(b.rule))
      .map((f) => ({
        rule: f.rule,
        severity: f.severity === 'warning' ? 'warning' : 'error',
        message: { id: f.messageId, values: f.messageValues as Record<string, string | number> },
      })),
    marks: (readsProperties) =>
      verdictMarks({ stepId: element.stepId, globalId: element.globalId, readsProperties }, evidence),
  };
}
