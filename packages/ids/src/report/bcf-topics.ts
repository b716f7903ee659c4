/**
 * The topics of a BCF export, independent of the BCF version they are written in: which findings
 * become topics, their GUIDs, titles, descriptions and the elements their viewpoints select, and,
 * when the export is capped, which topics are kept and what the summary topic says.
 */
import { compactFailingOf, type Identity } from '../check/part-results';
import type { CheckReport, ElementResult, FacetFailure, SpecificationResult } from '../results';
import { type BcfIdentity, summaryTopicGuid, topicGuid, viewpointGuid } from './bcf-identity';
import { describeElement, specificationLabel } from './summary';
import { elementReasons, idsWords, specificationReasonText, type Words } from './words';

/** 'type': one topic per specification and IFC class; 'element': one per failing element. */
export type BcfGrouping = 'type' | 'element';

export interface BcfTopic {
  readonly guid: string;
  /** 'failure': a finding; 'summary': what a capped export left out. */
  readonly kind: 'failure' | 'summary';
  readonly title: string;
  readonly description: string;
  readonly labels: readonly string[];
  /** GlobalIds the viewpoint selects; none: the topic has no viewpoint. */
  readonly ifcGuids: readonly string[];
  readonly viewpointGuid: string | null;
}

export interface BcfTopicPlan {
  /** Failure topics in specification order, then the summary topic when the cap applied. */
  readonly topics: readonly BcfTopic[];
  /** Every label the topics use (the specifications'). */
  readonly labels: readonly string[];
  /** Failure topics the report has, before the cap. */
  readonly findingCount: number;
  /** Failure topics left out by the cap, and the failing elements only they held. */
  readonly omittedFindings: number;
  readonly omittedElements: number;
}

export interface BcfTopicOptions {
  readonly grouping: BcfGrouping;
  /** Most topics, the summary topic included; at least 2. */
  readonly maxTopics: number;
  readonly identity: BcfIdentity;
  /** How to get every failure, for the summary topic (the CLI and the web say it differently). */
  readonly fullExportHint: string | ((findingCount: number) => string);
  /** The language of the topics' titles and texts; default English. */
  readonly words?: Words;
}

const TITLE_MAX = 200;
/** Elements described in a type topic's text; its viewpoint selects every one. */
const TYPE_TOPIC_LISTED = 50;
/** What IFC allows in a GlobalId; anything else cannot be put in a viewpoint's IfcGuid. */
const IFC_GUID = /^[0-9A-Za-z_$]{22}$/;

interface Finding {
  readonly specificationIndex: number;
  readonly specification: SpecificationResult;
  readonly label: string;
  readonly subject: string;
  /**
   * The failing elements the topic is about — one, every one of a class, or none (the
   * specification) — as positions in `failing`: an element is made only when described.
   */
  readonly elements: Positions;
  readonly failing: FailingView;
  /** Set for a topic grouping the elements of one class. */
  readonly className: string | null;
}

/**
 * A specification's failing elements as the check kept them (ids, failure lists and identities,
 * part-results.ts) or as a report not made by the check holds them: the BCF writer reads an
 * element's class and GlobalId for every pair and makes an `ElementResult` only for the 50 a type
 * topic describes (issue 36: 612,202 pairs at 848 specifications).
 */
interface FailingView {
  readonly length: number;
  id(i: number): number;
  className(i: number): string;
  globalId(i: number): string | null;
  /** The GlobalId when a viewpoint can select it (IFC_GUID), else null. */
  selectable(i: number): string | null;
  element(i: number): ElementResult;
}

function failingView(specification: SpecificationResult): FailingView {
  const kept = compactFailingOf(specification);
  if (!kept) {
    const elements = specification.failingElements;
    const at = (i: number) => elements[i] as ElementResult;
    return {
      length: elements.length,
      id: (i) => at(i).id,
      className: (i) => at(i).className,
      globalId: (i) => at(i).globalId,
      selectable: (i) => selectable(at(i).globalId),
      element: at,
    };
  }
  const { failing, identities } = kept;
  const { byId, classOf, classNames, selectableById } = denseIdentities(identities);
  const { ids } = failing;
  const who = (i: number): Identity => {
    const identity = byId[ids[i] as number];
    if (identity === undefined) throw new Error(`no identity for failing element #${ids[i]}`);
    return identity;
  };
  return {
    length: ids.length,
    id: (i) => ids[i] as number,
    className: (i) => classNames[classOf[ids[i] as number] as number] ?? who(i).className,
    globalId: (i) => who(i).globalId,
    selectable: (i) => selectableById[ids[i] as number] ?? null,
    element: (i) => {
      const identity = who(i);
      return {
        id: ids[i] as number,
        globalId: identity.globalId,
        className: identity.className,
        name: identity.name,
        failures: failing.failures[i] as readonly FacetFailure[],
      };
    },
  };
}

function selectable(globalId: string | null): string | null {
  return globalId !== null && IFC_GUID.test(globalId) ? globalId : null;
}

/**
 * A check's identities by element id in arrays — the identity, its class as a number, its GlobalId
 * when a viewpoint can select it — made once per report and read for each of the (specification,
 * element) pairs, where a map look-up and a pattern test each, and reading the identity's object,
 * were most of the topics' time (612,202 pairs at 848 specifications, 36,153 elements).
 */
const dense = new WeakMap<ReadonlyMap<number, Identity>, DenseIdentities>();

interface DenseIdentities {
  readonly byId: readonly (Identity | undefined)[];
  /** Index in classNames; -1: no identity. */
  readonly classOf: Int32Array;
  readonly classNames: readonly string[];
  readonly selectableById: readonly (string | null)[];
}

function denseIdentities(identities: ReadonlyMap<number, Identity>): DenseIdentities {
  let table = dense.get(identities);
  if (!table) {
    let max = 0;
    for (const id of identities.keys()) if (id > max) max = id;
    // Pushed, not `new Array(max + 1)`: V8 makes a long array made so a dictionary, look-ups hashed.
    const byId: (Identity | undefined)[] = [];
    const selectableById: (string | null)[] = [];
    for (let id = 0; id <= max; id++) {
      byId.push(undefined);
      selectableById.push(null);
    }
    const classOf = new Int32Array(max + 1).fill(-1);
    const classNames: string[] = [];
    const classIndex = new Map<string, number>();
    for (const [id, identity] of identities) {
      byId[id] = identity;
      selectableById[id] = selectable(identity.globalId);
      let index = classIndex.get(identity.className);
      if (index === undefined) {
        index = classNames.push(identity.className) - 1;
        classIndex.set(identity.className, index);
      }
      classOf[id] = index;
    }
    table = { byId, classOf, classNames, selectableById };
    dense.set(identities, table);
  }
  return table;
}

export function planBcfTopics(report: CheckReport, options: BcfTopicOptions): BcfTopicPlan {
  const stream = streamBcfTopics(report, options);
  const topics = [...stream.topics()];
  return {
    topics,
    labels: stream.labels,
    findingCount: stream.findingCount,
    omittedFindings: stream.omittedFindings,
    omittedElements: stream.omittedElements,
  };
}

/** A topic plan whose topics are built one at a time, as they are written (issue 22). */
export interface BcfTopicStream extends Omit<BcfTopicPlan, 'topics'> {
  /** Topics written, the summary topic included. */
  readonly topicCount: number;
  /** The topics in plan order; each is built when asked for and can be let go once written. */
  topics(): Generator<BcfTopic>;
}

/**
 * The plan's counts up front (the findings of each specification are counted, not kept), then its
 * topics one specification at a time: memory holds a specification's findings, not the archive's.
 */
export function streamBcfTopics(report: CheckReport, options: BcfTopicOptions): BcfTopicStream {
  const w = options.words ?? idsWords();
  const omittedCounts = { findings: 0, elements: 0 };
  const findingCounts = report.specifications.map((specification) =>
    findingCountOf(specification, options.grouping),
  );
  const findingCount = findingCounts.reduce((sum, count) => sum + count, 0);
  const maxTopics = Math.max(2, options.maxTopics);
  const capped = findingCount > maxTopics;
  const keptCounts = capped ? shareOut(findingCounts, maxTopics - 1) : findingCounts;
  const labels = [
    ...new Set(
      report.specifications.flatMap((specification, index) =>
        (keptCounts[index] ?? 0) > 0 ? [specificationLabel(specification, index, w)] : [],
      ),
    ),
  ];
  // What the cap leaves out, for the summary topic (counted here: it is known before writing).
  const omittedBySpecification: Array<{ label: string; topics: number; elements: number }> = [];
  if (capped)
    report.specifications.forEach((specification, index) => {
      const kept = keptCounts[index] ?? 0;
      if (kept >= (findingCounts[index] ?? 0)) return;
      const findings = findingsOf(w, specification, index, options.grouping).slice(kept);
      const elements = findings.reduce((sum, finding) => sum + finding.elements.length, 0);
      omittedCounts.findings += findings.length;
      omittedCounts.elements += elements;
      omittedBySpecification.push({ label: findings[0]!.label, topics: findings.length, elements });
    });
  const keptTotal = keptCounts.reduce((sum, count) => sum + count, 0);
  return {
    labels,
    findingCount,
    omittedFindings: omittedCounts.findings,
    omittedElements: omittedCounts.elements,
    topicCount: keptTotal + (capped ? 1 : 0),
    *topics() {
      for (const [index, specification] of report.specifications.entries()) {
        const kept = keptCounts[index] ?? 0;
        if (kept === 0) continue;
        for (const finding of findingsOf(w, specification, index, options.grouping).slice(0, kept))
          yield failureTopic(w, finding, report, options.identity);
      }
      if (capped)
        yield summaryTopic(
          w,
          options,
          keptTotal,
          findingCount,
          omittedBySpecification,
          omittedCounts.findings,
          omittedCounts.elements,
        );
    },
  };
}

/**
 * How many topics each specification keeps under a budget: one each first (every failing
 * specification stays visible), then the rest shared out in turns, so no specification crowds out
 * the others as cutting in specification order did.
 */
export function shareOut(available: readonly number[], budget: number): number[] {
  const kept = available.map(() => 0);
  let left = budget;
  let progress = true;
  while (left > 0 && progress) {
    progress = false;
    for (let i = 0; i < available.length && left > 0; i++) {
      if (kept[i]! < available[i]!) {
        kept[i]!++;
        left--;
        progress = true;
      }
    }
  }
  return kept;
}

/** Positions in a specification's failing elements, ascending. */
type Positions = readonly number[] | Int32Array;

/** 0 to n - 1, as a view of one array kept for the writer's life (read-only to its readers). */
let ascending = new Int32Array(0);
function positions(n: number): Int32Array {
  if (ascending.length < n)
    ascending = Int32Array.from({ length: Math.max(n, 2 * ascending.length) }, (_, i) => i);
  return ascending.subarray(0, n);
}

/** How many findings `findingsOf` makes, without making them. */
function findingCountOf(specification: SpecificationResult, grouping: BcfGrouping): number {
  const failing = failingView(specification);
  const none = specification.status === 'fail' && failing.length === 0 ? 1 : 0;
  if (grouping === 'element') return none + failing.length;
  const classes = new Set<string>();
  let last = '';
  for (let i = 0; i < failing.length; i++) {
    const className = failing.className(i);
    if (className !== last) {
      classes.add(className);
      last = className;
    }
  }
  return none + classes.size;
}

function findingsOf(
  w: Words,
  specification: SpecificationResult,
  index: number,
  grouping: BcfGrouping,
): Finding[] {
  const label = specificationLabel(specification, index, w);
  const failing = failingView(specification);
  const findings: Finding[] = [];
  const seen = new Map<string, number>();
  const add = (subject: string, elements: Positions, className: string | null) => {
    const count = seen.get(subject) ?? 0;
    seen.set(subject, count + 1);
    findings.push({
      specificationIndex: index,
      specification,
      label,
      // Two elements sharing a GlobalId (a broken file) still get two topics.
      subject: count === 0 ? subject : `${subject}\u0000${count}`,
      elements,
      failing,
      className,
    });
  };
  // A specification that fails without a failing element (e.g. required, nothing applicable)
  // still needs a topic, or the BCF would hide the failure.
  if (specification.status === 'fail' && failing.length === 0) add('specification', [], null);
  if (grouping === 'type') {
    // Most specifications of a pack apply to one class: then the topic holds every position.
    const first = failing.length > 0 ? failing.className(0) : '';
    let one = true;
    for (let i = 1; i < failing.length && one; i++) one = failing.className(i) === first;
    if (one) {
      if (failing.length > 0) add(`type\u0000${first}`, positions(failing.length), first);
      return findings;
    }
    const byClass = new Map<string, number[]>();
    for (let i = 0; i < failing.length; i++) {
      const className = failing.className(i);
      const list = byClass.get(className);
      if (list) list.push(i);
      else byClass.set(className, [i]);
    }
    // Largest classes first: under a cap, the topics that cover most elements are kept.
    for (const [className, elements] of [...byClass].sort((a, b) => b[1].length - a[1].length))
      add(`type\u0000${className}`, elements, className);
  } else {
    for (let i = 0; i < failing.length; i++)
      add(`element\u0000${failing.globalId(i) ?? `#${failing.id(i)}`}`, [i], null);
  }
  return findings;
}

function failureTopic(w: Words, finding: Finding, report: CheckReport, identity: BcfIdentity): BcfTopic {
  const guid = topicGuid(identity, finding.specificationIndex, finding.subject);
  const ifcGuids: string[] = [];
  for (const i of finding.elements) {
    const id = finding.failing.selectable(i);
    if (id !== null) ifcGuids.push(id);
  }
  return {
    guid,
    kind: 'failure',
    title: clip(`${finding.label}: ${subjectOf(w, finding)}`),
    description: describeFinding(w, finding, report),
    labels: [finding.label],
    ifcGuids,
    viewpointGuid: ifcGuids.length > 0 ? viewpointGuid(guid) : null,
  };
}

function subjectOf(w: Words, finding: Finding): string {
  const first = finding.elements[0];
  const element = first === undefined ? undefined : finding.failing.element(first);
  const count = finding.elements.length;
  if (finding.className) return w.t('ids.bcf.typeSubject', { count, className: finding.className });
  if (element) return `${element.className} ${element.name?.trim() || `#${element.id}`}`;
  return specificationReasonText(w, finding.specification) ?? w.t('ids.bcf.specificationFailedShort');
}

function describeFinding(w: Words, finding: Finding, report: CheckReport): string {
  const { t } = w;
  const { specification } = finding;
  const lines: string[] = [];
  if (finding.elements.length > 0) {
    // The elements with their reasons, the list to work through in the authoring tool (a type
    // topic lists the first 50; its viewpoint selects them all).
    // A reason's text depends on the specification and the failure list alone, and the check
    // shares one list between the elements failing the same way: each list is worded once.
    const reasons = new Map<readonly FacetFailure[], readonly string[]>();
    for (const i of finding.elements.slice(0, TYPE_TOPIC_LISTED)) {
      const element = finding.failing.element(i);
      lines.push(describeElement(element));
      let worded = reasons.get(element.failures);
      if (worded === undefined) {
        worded = elementReasons(w, specification, element).map((reason) => `- ${reason}`);
        reasons.set(element.failures, worded);
      }
      lines.push(...worded);
    }
    const rest = finding.elements.length - TYPE_TOPIC_LISTED;
    if (rest > 0) lines.push(t('ids.bcf.more', { count: rest }));
  } else {
    lines.push(specificationReasonText(w, specification) ?? t('ids.bcf.specificationFailed'));
  }
  lines.push('');
  const identifier = specification.identifier ? ` [${specification.identifier}]` : '';
  lines.push(t('ids.bcf.specification', { label: `${finding.label}${identifier}` }));
  if (specification.instructions)
    lines.push(t('ids.bcf.instructions', { instructions: specification.instructions }));
  const ids = report.ids.title ?? report.ids.fileName;
  if (ids) lines.push(t('ids.bcf.ids', { ids }));
  return lines.join('\n');
}

function summaryTopic(
  w: Words,
  options: BcfTopicOptions,
  kept: number,
  findingCount: number,
  omittedBySpecification: readonly { label: string; topics: number; elements: number }[],
  omittedFindings: number,
  omittedElements: number,
): BcfTopic {
  const { t } = w;
  // Two specifications with one label share a line, as they did when findings were grouped by label.
  const bySpecification = new Map<string, { topics: number; elements: number }>();
  for (const { label, topics, elements } of omittedBySpecification) {
    const entry = bySpecification.get(label) ?? { topics: 0, elements: 0 };
    entry.topics += topics;
    entry.elements += elements;
    bySpecification.set(label, entry);
  }
  const hint =
    typeof options.fullExportHint === 'string'
      ? options.fullExportHint
      : options.fullExportHint(findingCount);
  const lines = [
    t('ids.bcf.summaryHolds', {
      kept,
      total: findingCount,
      grouping: options.grouping,
      cap: options.maxTopics,
    }),
    t('ids.bcf.summaryLeftOut', { topics: omittedFindings, elements: omittedElements }),
    ...[...bySpecification].map(([label, entry]) =>
      t('ids.bcf.summaryLine', { label, elements: entry.elements, topics: entry.topics }),
    ),
    '',
    t('ids.bcf.summaryAll', { hint }),
  ];
  return {
    guid: summaryTopicGuid(options.identity, options.grouping),
    kind: 'summary',
    title: clip(t('ids.bcf.summaryTitle', { elements: omittedElements, topics: omittedFindings })),
    description: lines.join('\n'),
    labels: [],
    ifcGuids: [],
    viewpointGuid: null,
  };
}

function clip(title: string): string {
  return title.length > TITLE_MAX ? `${title.slice(0, TITLE_MAX - 1)}…` : title;
}
