/**
 * What a lint rule works with: the document, where its parts were read from, the text (when linting
 * text; the upload path's audit has positions only), and `report`. Rules report a finding at an
 * element (or a part of it) with a message id, parameters and, when linting text, quick fixes
 * built as offset edits.
 */
import type { IfcSchemaId } from '@plumbline/ifc/model';
import type { IdsDocument, IdsValue, Specification } from '../document';
import type { IdsSources } from '../ids-from-tree';
import type { XmlElement } from '../xml/xml-element';
import type { Severity } from './diagnostic';
import type { MessageParams } from './format-message';
import { RULES, type RuleId } from './rules';
import { isSchemaId } from './schema';
import type { TextIndex } from './text-index';

/** Which part of an element a finding covers. */
export type Part = 'element' | 'startTag' | 'content' | { readonly attribute: string };

export interface EditSpec {
  readonly start: number;
  readonly end: number;
  readonly newText: string;
}

export interface FixSpec {
  readonly messageId: string;
  readonly params?: MessageParams;
  readonly safe: boolean;
  readonly edits: readonly EditSpec[];
}

export interface ReportSpec {
  readonly rule: RuleId;
  readonly at: XmlElement | undefined;
  readonly part?: Part;
  /** Default `lint.<rule>`. */
  readonly messageId?: string;
  readonly params?: MessageParams;
  /** Offsets covered instead of an element's part (a comment, for instance). */
  readonly offsets?: { readonly start: number; readonly end: number };
  /** Built only when linting text (they need offsets). */
  readonly fixes?: (text: TextIndex) => readonly FixSpec[];
}

/** A finding before its message is rendered and its range computed. */
export interface Finding {
  readonly rule: RuleId;
  readonly severity: Severity;
  readonly messageId: string;
  readonly params: MessageParams;
  readonly at: XmlElement | undefined;
  readonly part: Part;
  readonly offsets?: { readonly start: number; readonly end: number };
  readonly fixes: readonly FixSpec[];
}

export interface LintOptions {
  /** 'errors': only rules of severity error run (the upload path); default every rule. */
  readonly only?: 'errors' | 'all';
  /** Rules turned off by the caller. */
  readonly disabled?: ReadonlySet<string>;
  /**
   * Point at a restriction rather than at each of its enumeration values (the upload path reads code
   * lists off the tree; this keeps its positions the same whichever reader read the file).
   */
  readonly coarse?: boolean;
}

export class LintContext {
  readonly findings: Finding[] = [];
  private readonly seen = new Set<string>();

  constructor(
    readonly document: IdsDocument,
    private readonly sources: IdsSources,
    readonly text: TextIndex | null,
    private readonly options: LintOptions = {},
  ) {}

  get coarse(): boolean {
    return this.options.coarse === true;
  }

  /** Whether the rule runs (its severity is wanted and the caller has not turned it off). */
  wants(rule: RuleId): boolean {
    if (this.options.disabled?.has(rule)) return false;
    return this.options.only !== 'errors' || RULES[rule].severity === 'error';
  }

  /** The element a specification, facet or value was read from. */
  source(node: object | null | undefined): XmlElement | undefined {
    return node ? this.sources.get(node) : undefined;
  }

  /** The IFC versions a specification names that the engine knows. */
  versions(spec: Specification): IfcSchemaId[] {
    return [...new Set(spec.ifcVersions.filter(isSchemaId))];
  }

  /** The wrapper element of a value (e.g. `<name>`) and, inside it, its simpleValue or restriction. */
  valueSource(value: IdsValue | null): XmlElement | undefined {
    return value ? this.sources.get(value) : undefined;
  }

  report(spec: ReportSpec): void {
    if (!this.wants(spec.rule)) return;
    const messageId = spec.messageId ?? `lint.${spec.rule}`;
    const params = spec.params ?? {};
    const part = spec.part ?? 'startTag';
    const key = `${spec.rule}|${spec.offsets?.start ?? spec.at?.span.start ?? -1}|${typeof part === 'string' ? part : part.attribute}|${messageId}|${JSON.stringify(params)}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    const text = this.text;
    const fixes = text && spec.fixes ? spec.fixes(text).filter((f) => f.edits.length > 0) : [];
    this.findings.push({
      rule: spec.rule,
      severity: RULES[spec.rule].severity,
      messageId,
      params,
      at: spec.at,
      part,
      ...(spec.offsets ? { offsets: spec.offsets } : {}),
      fixes,
    });
  }
}
