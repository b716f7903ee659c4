/**
 * SARIF 2.1.0 (OASIS Static Analysis Results Interchange Format) from lint diagnostics, for GitHub
 * code scanning and IDEs. A small serializer of our own: the output is one run with the tool's
 * rules and one result per diagnostic (decision 0258 says why no library). Columns are UTF-16 code
 * units, SARIF's default columnKind, as the diagnostics count them.
 */
import type { Diagnostic, Severity } from './diagnostic';
import { formatMessage } from './format-message';
import { englishMessages } from './render';
import { RULE_IDS, RULES } from './rules';

const LEVEL: Record<Severity, 'error' | 'warning' | 'note'> = {
  error: 'error',
  warning: 'warning',
  info: 'note',
};

export const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';

export interface SarifOptions {
  /** The linted file's URI as the results should name it (relative to the repository, e.g. 'ids/rules.ids'). */
  readonly uri: string;
  readonly toolVersion: string;
  /** Where the rules are documented (rule ids become anchors on it). */
  readonly helpUri?: string;
}

export function toSarif(diagnostics: readonly Diagnostic[], options: SarifOptions): object {
  const rules = RULE_IDS.map((id) => ({
    id,
    shortDescription: { text: formatMessage(englishMessages, `lint.summary.${id}`) },
    defaultConfiguration: { level: LEVEL[RULES[id].severity] },
    ...(options.helpUri ? { helpUri: `${options.helpUri}#${id}` } : {}),
  }));
  const ruleIndex = new Map<string, number>(RULE_IDS.map((id, i) => [id, i]));
  const results = diagnostics.map((d) => {
    const region = {
      startLine: d.range.start.line,
      startColumn: d.range.start.column,
      endLine: d.range.end.line,
      endColumn: d.range.end.column,
    };
    const fixes = d.fixes.map((f) => ({
      description: { text: f.title },
      artifactChanges: [
        {
          artifactLocation: { uri: options.uri },
          replacements: f.edits.map((e) => ({
            deletedRegion: {
              startLine: e.range.start.line,
              startColumn: e.range.start.column,
              endLine: e.range.end.line,
              endColumn: e.range.end.column,
            },
            insertedContent: { text: e.newText },
          })),
        },
      ],
    }));
    return {
      ruleId: d.rule,
      ...(ruleIndex.has(d.rule) ? { ruleIndex: ruleIndex.get(d.rule) } : {}),
      level: LEVEL[d.severity],
      message: { text: d.message },
      locations: [{ physicalLocation: { artifactLocation: { uri: options.uri }, region } }],
      ...(fixes.length > 0 ? { fixes } : {}),
      properties: { messageId: d.messageId },
    };
  });
  return {
    $schema: SARIF_SCHEMA,
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'plumbline-lint',
            version: options.toolVersion,
            informationUri: 'https://standards.buildingsmart.org/IDS',
            rules,
          },
        },
        artifacts: [{ location: { uri: options.uri } }],
        columnKind: 'utf16CodeUnits',
        results,
      },
    ],
  };
}
