import { index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { fileVersions } from './files';

/**
 * A version's model validity (@plumbline/validity, decision 0245): per buildingSMART rule its
 * severity, outcome (pass / fail / n/a) and how many findings it had, written with the version's
 * elements by processing.
 */
export const versionValidityRules = pgTable(
  'version_validity_rules',
  {
    fileVersionId: uuid('file_version_id')
      .notNull()
      .references(() => fileVersions.id, { onDelete: 'cascade' }),
    rule: text('rule').notNull(),
    severity: text('severity').notNull(),
    outcome: text('outcome').notNull(),
    findingCount: integer('finding_count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.fileVersionId, t.rule] })],
);

/**
 * The findings of a version's failing rules, up to a limit per rule (VALIDITY_FINDINGS_PER_RULE;
 * the count is on the rule's row) except the rules that mark IDS verdicts, kept whole (decision
 * 0330): the element and a message id with its parameters.
 */
export const versionValidityFindings = pgTable(
  'version_validity_findings',
  {
    fileVersionId: uuid('file_version_id')
      .notNull()
      .references(() => fileVersions.id, { onDelete: 'cascade' }),
    rule: text('rule').notNull(),
    /** STEP id of the instance, or null for the file as a whole. */
    stepId: integer('step_id'),
    globalId: text('global_id'),
    ifcClass: text('ifc_class'),
    messageId: text('message_id').notNull(),
    /** The message's parameters (an object of strings and numbers). */
    messageValues: jsonb('message_values').notNull(),
  },
  // By element: the marks of a page of IDS verdicts are looked up by STEP id and by GlobalId
  // (decision 0330), and the first findings of a rule are read in STEP id order.
  (t) => [
    index('version_validity_findings_version_rule_step_idx').on(t.fileVersionId, t.rule, t.stepId),
    index('version_validity_findings_version_rule_guid_idx').on(t.fileVersionId, t.rule, t.globalId),
  ],
);
