import { RULE_IDS } from '@plumbline/validity';
import type { Database } from '../../platform/db';
import * as repo from './repo';

export type { ValidityFindingRow, ValidityRuleRow } from './repo';

/** A version's stored validity as reports read it: every rule in buildingSMART's order, each with its first findings. */
export interface StoredValidity {
  schema: string | null;
  /** Whether the version was processed with validity (an older version has no rows). */
  checked: boolean;
  rules: Array<repo.ValidityRuleRow & { findings: repo.ValidityFindingRow[] }>;
}

const order = (rule: string) => {
  const i = RULE_IDS.indexOf(rule);
  return i < 0 ? RULE_IDS.length : i;
};

/** The version's rules and the first `perRule` findings of each (bounded whatever the model). */
export async function storedValidity(
  db: Database,
  versionId: string,
  perRule: number,
): Promise<StoredValidity> {
  const [rules, findings, schema] = await Promise.all([
    repo.listRules(db, versionId),
    repo.listFindings(db, versionId, perRule),
    repo.schemaOf(db, versionId),
  ]);
  const byRule = new Map<string, repo.ValidityFindingRow[]>();
  for (const f of findings) {
    const list = byRule.get(f.rule) ?? [];
    list.push(f);
    byRule.set(f.rule, list);
  }
  return {
    schema,
    checked: rules.length > 0,
    rules: [...rules]
      .sort((a, b) => order(a.rule) - order(b.rule))
      .map((r) => ({ ...r, findings: byRule.get(r.rule) ?? [] })),
  };
}
