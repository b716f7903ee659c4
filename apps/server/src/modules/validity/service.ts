import type { ValidityQuery, VersionValidityResponse } from '@plumbline/contracts';
import { RULE_IDS } from '@plumbline/validity';
import type { Database } from '../../platform/db';
import { requireCheckedVersion } from '../bimfiles';
import { requireProjectReader } from '../projects';
import * as repo from './repo';

export interface ValidityService {
  versionValidity(
    userId: string | null,
    projectId: string,
    fileId: string,
    query: ValidityQuery,
  ): Promise<VersionValidityResponse>;
}

const order = (rule: string) => {
  const i = RULE_IDS.indexOf(rule);
  return i < 0 ? RULE_IDS.length : i;
};

export function createValidityService(db: Database): ValidityService {
  return {
    async versionValidity(userId, projectId, fileId, query) {
      await requireProjectReader({ db, userId }, projectId);
      const { version } = await requireCheckedVersion(db, { projectId, fileId, versionId: query.versionId });
      const [rules, findings, schema] = await Promise.all([
        repo.listRules(db, version.id),
        repo.listFindings(db, version.id, query.max_findings),
        repo.schemaOf(db, version.id),
      ]);
      const byRule = new Map<string, VersionValidityResponse['rules'][number]['findings']>();
      for (const f of findings) {
        const list = byRule.get(f.rule) ?? [];
        list.push({
          step_id: f.stepId,
          global_id: f.globalId,
          ifc_class: f.ifcClass,
          message: { id: f.messageId, values: f.messageValues as Record<string, string | number> },
        });
        byRule.set(f.rule, list);
      }
      const failing = rules.filter((r) => r.outcome === 'fail');
      return {
        version_id: version.id,
        schema,
        checked: rules.length > 0,
        summary: {
          error_rules: failing.filter((r) => r.severity === 'error').length,
          warning_rules: failing.filter((r) => r.severity === 'warning').length,
          passed_rules: rules.filter((r) => r.outcome === 'pass').length,
          not_applicable_rules: rules.filter((r) => r.outcome === 'n/a').length,
          findings: rules.reduce((n, r) => n + r.findingCount, 0),
        },
        rules: [...rules]
          .sort((a, b) => order(a.rule) - order(b.rule))
          .map((r) => ({
            rule: r.rule,
            severity: r.severity === 'warning' ? 'warning' : 'error',
            outcome: r.outcome === 'fail' ? 'fail' : r.outcome === 'pass' ? 'pass' : 'n/a',
            finding_count: r.findingCount,
            summary_message_id: `validity.rule.${r.rule}`,
            findings: byRule.get(r.rule) ?? [],
          })),
      };
    },
  };
}
