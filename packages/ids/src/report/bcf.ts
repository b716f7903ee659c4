/**
 * The BCF reporter: a BCF 3.0 archive (.bcfzip) with one topic per failing element, so the findings
 * travel into the issue trackers and viewers a BIM team already uses (BIMcollab, Solibri, Revizto…).
 *
 * - Topic and viewpoint GUIDs are UUID v5 of the specification and the element, so a rerun on the
 *   same model gives the same GUIDs and importing again updates topics instead of duplicating them.
 * - A specification that fails without a failing element (e.g. required but nothing applicable)
 *   gets one topic without a viewpoint.
 * - The archive is capped (default 5,000 topics); the last topic then says how many were left out.
 * - Same report in, same bytes out: zip entry times are the report's `checkedAt`.
 */
import { type Zippable, zipSync } from 'fflate';
import type { CheckReport, ElementResult, SpecificationResult } from '../results';
import { extensionsXml, markupXml, versionXml, viewpointXml } from './bcf-xml';
import { describeElement, elementReasons, failedElements, specificationLabel } from './summary';
import { uuidV5 } from './uuid';

export interface BcfReportOptions {
  /** Most topics in the archive, the truncation note included. Default 5,000. */
  readonly maxTopics?: number;
  /** CreationAuthor of every topic. Default 'Plumbline'. */
  readonly author?: string;
  /**
   * 'element' (default): one topic per failing element. 'type': one topic per specification and IFC
   * class, its viewpoint selecting every failing element of that class: fewer, actionable issues.
   */
  readonly grouping?: 'element' | 'type';
}

export interface BcfReport {
  readonly bytes: Uint8Array;
  /** Topics written, the truncation note included. */
  readonly topicCount: number;
  /** Findings left out because of the cap. */
  readonly omittedCount: number;
}

export const DEFAULT_MAX_BCF_TOPICS = 5000;
const TOPIC_TYPE_FAILURE = 'Error';
const TOPIC_TYPE_NOTE = 'Info';
const TOPIC_STATUS = 'Open';
const FAILURE_COLOR = 'E5484D';
const TITLE_MAX = 200;
/** Elements described in a type topic's text; its viewpoint selects every one. */
const TYPE_TOPIC_LISTED = 50;
/** What IFC allows in a GlobalId; anything else cannot be put in a viewpoint's IfcGuid. */
const IFC_GUID = /^[0-9A-Za-z_$]{22}$/;

interface Finding {
  readonly key: string;
  readonly specification: SpecificationResult;
  readonly specificationLabel: string;
  /** The failing elements the topic is about: one, every one of a class, or none (the specification). */
  readonly elements: readonly ElementResult[];
  /** Set for a topic grouping the elements of one class. */
  readonly className: string | null;
}

export function buildBcfReport(report: CheckReport, options: BcfReportOptions = {}): BcfReport {
  const maxTopics = Math.max(1, options.maxTopics ?? DEFAULT_MAX_BCF_TOPICS);
  const author = options.author?.trim() || 'Plumbline';
  const findings = collectFindings(report, options.grouping ?? 'element');
  const truncated = findings.length > maxTopics;
  const kept = truncated ? findings.slice(0, maxTopics - 1) : findings;
  const omittedCount = findings.length - kept.length;

  const labels = [...new Set(kept.map((finding) => finding.specificationLabel))];
  const files: Zippable = {
    'bcf.version': encode(versionXml()),
    'extensions.xml': encode(
      extensionsXml({
        topicTypes: truncated ? [TOPIC_TYPE_FAILURE, TOPIC_TYPE_NOTE] : [TOPIC_TYPE_FAILURE],
        topicStatuses: [TOPIC_STATUS],
        topicLabels: labels,
        users: [author],
      }),
    ),
  };

  for (const finding of kept) {
    const guid = uuidV5(`topic\u0000${finding.key}`);
    const ifcGuids = finding.elements
      .map((element) => element.globalId)
      .filter((id): id is string => id !== null && IFC_GUID.test(id));
    const viewpoint =
      ifcGuids.length > 0
        ? { guid: uuidV5(`viewpoint\u0000${finding.key}`), fileName: 'viewpoint.bcfv' }
        : null;
    files[`${guid}/markup.bcf`] = encode(
      markupXml({
        guid,
        topicType: TOPIC_TYPE_FAILURE,
        topicStatus: TOPIC_STATUS,
        title: topicTitle(finding),
        labels: [finding.specificationLabel],
        creationDate: report.checkedAt,
        creationAuthor: author,
        description: topicDescription(finding, report),
        modelFileName: report.model.fileName,
        viewpoint,
      }),
    );
    if (viewpoint) {
      files[`${guid}/${viewpoint.fileName}`] = encode(
        viewpointXml({ guid: viewpoint.guid, ifcGuids, color: FAILURE_COLOR }),
      );
    }
  }

  if (truncated) {
    const guid = uuidV5(
      `truncation-note\u0000${report.ids.fileName ?? ''}\u0000${report.model.fileName ?? ''}`,
    );
    files[`${guid}/markup.bcf`] = encode(
      markupXml({
        guid,
        topicType: TOPIC_TYPE_NOTE,
        topicStatus: TOPIC_STATUS,
        title: `${omittedCount.toLocaleString('en')} more findings not exported`,
        labels: [],
        creationDate: report.checkedAt,
        creationAuthor: author,
        description: `This BCF holds the first ${kept.length.toLocaleString('en')} of ${findings.length.toLocaleString('en')} findings (cap: ${maxTopics.toLocaleString('en')} topics). The JSON or HTML report lists every failing element.`,
        modelFileName: report.model.fileName,
        viewpoint: null,
      }),
    );
  }

  const bytes = zipSync(files, { level: 6, mtime: zipTime(report.checkedAt) });
  return { bytes, topicCount: kept.length + (truncated ? 1 : 0), omittedCount };
}

function collectFindings(report: CheckReport, grouping: 'element' | 'type'): Finding[] {
  const findings: Finding[] = [];
  const seen = new Map<string, number>();
  const uniqueKey = (key: string) => {
    const count = seen.get(key) ?? 0;
    seen.set(key, count + 1);
    return count === 0 ? key : `${key}\u0000${count}`;
  };
  report.specifications.forEach((specification, index) => {
    const label = specificationLabel(specification, index);
    const specificationKey = specification.identifier?.trim() || label;
    const failing = failedElements(specification);
    // A specification that fails without a failing element (e.g. required, nothing applicable)
    // still needs a topic, or the BCF would hide the failure.
    if (specification.status === 'fail' && failing.length === 0) {
      findings.push({
        key: uniqueKey(`${specificationKey}\u0000specification`),
        specification,
        specificationLabel: label,
        elements: [],
        className: null,
      });
    }
    if (grouping === 'type') {
      const byClass = new Map<string, ElementResult[]>();
      for (const element of failing)
        byClass.set(element.className, [...(byClass.get(element.className) ?? []), element]);
      for (const [className, elements] of [...byClass].sort((a, b) => b[1].length - a[1].length)) {
        findings.push({
          key: uniqueKey(`${specificationKey}\u0000type\u0000${className}`),
          specification,
          specificationLabel: label,
          elements,
          className,
        });
      }
      return;
    }
    for (const element of failing) {
      const elementKey = element.globalId ?? `#${element.id}`;
      findings.push({
        key: uniqueKey(`${specificationKey}\u0000${elementKey}`),
        specification,
        specificationLabel: label,
        elements: [element],
        className: null,
      });
    }
  });
  return findings;
}

function topicTitle(finding: Finding): string {
  const element = finding.elements[0];
  const count = finding.elements.length;
  const subject = finding.className
    ? `${count} ${finding.className} element${count === 1 ? '' : 's'}`
    : element
      ? `${element.className} ${element.name?.trim() || `#${element.id}`}`
      : (finding.specification.reason ?? 'specification failed');
  const title = `${finding.specificationLabel}: ${subject}`;
  return title.length > TITLE_MAX ? `${title.slice(0, TITLE_MAX - 1)}…` : title;
}

function topicDescription(finding: Finding, report: CheckReport): string {
  const { specification } = finding;
  const lines: string[] = [];
  if (finding.className) {
    // The elements of the class with their reasons, the list to work through in the authoring tool
    // (the first 50 here; the viewpoint selects them all).
    for (const element of finding.elements.slice(0, TYPE_TOPIC_LISTED)) {
      lines.push(describeElement(element));
      for (const reason of elementReasons(specification, element)) lines.push(`- ${reason}`);
    }
    const rest = finding.elements.length - TYPE_TOPIC_LISTED;
    if (rest > 0) lines.push(`… and ${rest.toLocaleString('en')} more, selected in the viewpoint.`);
  } else if (finding.elements[0]) {
    const element = finding.elements[0];
    lines.push(describeElement(element));
    for (const reason of elementReasons(specification, element)) lines.push(`- ${reason}`);
  } else {
    lines.push(specification.reason ?? 'The specification failed.');
  }
  lines.push('');
  const identifier = specification.identifier ? ` [${specification.identifier}]` : '';
  lines.push(`Specification: ${finding.specificationLabel}${identifier}`);
  if (specification.instructions) lines.push(`Instructions: ${specification.instructions}`);
  const ids = report.ids.title ?? report.ids.fileName;
  if (ids) lines.push(`IDS: ${ids}`);
  return lines.join('\n');
}

const encoder = new TextEncoder();
function encode(text: string): Uint8Array {
  return encoder.encode(text);
}

/** Zip (DOS) times run from 1980 to 2107; anything unparsable or outside becomes 1980-01-01. */
function zipTime(iso: string): Date {
  const date = new Date(iso);
  const year = date.getUTCFullYear();
  if (Number.isNaN(date.getTime()) || year < 1980 || year > 2107) return new Date(Date.UTC(1980, 0, 1));
  return date;
}
