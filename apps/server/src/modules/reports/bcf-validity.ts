// Model validity findings as BCF topics of their own (issue 38), beside the IDS topics when the
// export asks for them: one topic per failing rule, its elements in the viewpoint (the first
// VALIDITY_FINDINGS_IN_REPORT, as read for the reports), the explanation and the first findings in
// the description, and how many more there are. At most one topic per rule: bounded.
import type { Locale } from '@plumbline/i18n';
import type { BcfExtraTopic } from '@plumbline/ids/report/bcf';
import type { Database } from '../../platform/db';
import { render } from '../../platform/i18n';
import { validitySection } from './validity-section';

/** Findings written out in a topic's description; the viewpoint selects every one read. */
const FINDINGS_IN_DESCRIPTION = 20;

export async function validityTopics(
  db: Database,
  versionId: string,
  locale: Locale,
): Promise<BcfExtraTopic[]> {
  const section = await validitySection(db, versionId, locale);
  const label = render(locale, 'reports.validityLabel');
  return section.failing.map((rule) => {
    const listed = rule.findings.slice(0, FINDINGS_IN_DESCRIPTION);
    const lines = listed.map((f) => {
      const element = f.stepId === null ? '' : `${f.ifcClass ?? ''} ${f.globalId ?? `#${f.stepId}`}: `;
      return `• ${element}${f.message}`;
    });
    const rest = rule.findingCount - listed.length;
    if (rest > 0) lines.push(render(locale, 'reports.validityTopicMore', { count: rest }));
    return {
      key: `validity\u0000${rule.rule}`,
      topicType: rule.severity === 'warning' ? 'Warning' : 'Error',
      title: render(locale, 'reports.validityTopicTitle', {
        rule: rule.rule,
        severity: rule.severity,
        count: rule.findingCount,
      }),
      description: [rule.explanation, '', ...lines].join('\n'),
      labels: [label, rule.rule],
      ifcGuids: [...new Set(rule.findings.map((f) => f.globalId).filter((g): g is string => g !== null))],
    };
  });
}
