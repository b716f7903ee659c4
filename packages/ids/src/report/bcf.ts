/**
 * The BCF reporter: a BCF archive (.bcf) in BCF 2.1 or 3.0, so the findings travel into the issue
 * trackers and viewers a BIM team already uses (BIMcollab, Solibri, Revizto, Revit's BCF Manager…).
 *
 * - One topic per failing element type and specification by default, or per failing element; a
 *   specification that fails without a failing element gets one topic without a viewpoint.
 * - Both versions are written from the same topics (bcf-topics.ts), so they hold the same GUIDs,
 *   titles and selections; only the XML layout differs.
 * - Capped (default 5,000 topics): every failing specification keeps a topic and a summary topic
 *   says what was left out and how to get it all (decision 0161).
 * - Same report in, same bytes out: zip entry times are the report's `checkedAt`.
 * - Written entry by entry (`writeBcfReport`): a topic is built, compressed and handed on before the
 *   next, so memory does not grow with the archive (issue 22).
 * - A viewpoint of 100 components or more is deflated line by line (deflate-lines.ts), not searched
 *   for matches: the 65 MB of viewpoints of an 848-specification pack cost 2-3 s to search (0453).
 */

import type { Locale } from '@plumbline/i18n';
import type { CheckReport } from '../results';
import { type BcfIdentity, reportIdentity, viewpointGuid } from './bcf-identity';
import { type BcfGrouping, type BcfTopic, streamBcfTopics } from './bcf-topics';
import { markupXml21, versionXml21, viewpointParts21 } from './bcf-xml-2-1';
import { extensionsXml30, markupXml30, versionXml30, viewpointParts30 } from './bcf-xml-3-0';
import { asXsDateTime, type BcfMarkupContext, type BcfModelFile } from './bcf-xml-shared';
import { deflateTemplate, renderTemplate, type TemplatePart } from './deflate-lines';
import { escapeXml } from './escape';
import { uuidV5 } from './uuid';
import { idsWords, type Words } from './words';
import { MAX_ZIP_MEMBERS, ZipWriter } from './zip-writer';

export const BCF_VERSIONS = ['2.1', '3.0'] as const;
export type BcfVersion = (typeof BCF_VERSIONS)[number];
/** 2.1: the version most BCF tools import (decision 0161). */
export const DEFAULT_BCF_VERSION: BcfVersion = '2.1';
export const DEFAULT_MAX_BCF_TOPICS = 5000;
/**
 * The most topics an archive can hold: two members each (markup and viewpoint) and bcf.version and
 * extensions.xml, within the 65,535 members of a zip without Zip64 (decision 0184).
 */
export const MAX_BCF_TOPICS = Math.floor((MAX_ZIP_MEMBERS - 2) / 2);
export type { BcfGrouping } from './bcf-topics';

export interface BcfReportOptions {
  /** BCF-XML release to write. Default 2.1. */
  readonly version?: BcfVersion;
  /** Most topics in the archive, the summary topic included (2 to MAX_BCF_TOPICS). Default 5,000. */
  readonly maxTopics?: number;
  /** CreationAuthor of every topic. Default 'Plumbline'. */
  readonly author?: string;
  /** 'type' (default): one topic per specification and IFC class; 'element': one per failing element. */
  readonly grouping?: BcfGrouping;
  /** What the GUIDs derive from; default the report's model and IDS SHA-256 (bcf-identity.ts). */
  readonly identity?: BcfIdentity;
  /** The model's date when its header has no usable time stamp (xs:dateTime). */
  readonly modelDate?: string | null;
  /** The summary topic's advice on getting every failure. */
  readonly fullExportHint?: string | ((findingCount: number) => string);
  /** The language of the topics; default English. */
  readonly words?: Words;
  /** The same by its code, for callers that send the options to another thread. */
  readonly lang?: Locale;
  /**
   * Topics of the caller's own beside the IDS findings (the server's model validity findings),
   * written after them and not counted against `maxTopics`: the caller bounds them.
   */
  readonly extraTopics?: readonly BcfExtraTopic[];
}

/** A topic the caller makes: its key (its GUID derives from it and the model), words and elements. */
export interface BcfExtraTopic {
  readonly key: string;
  /** 'Error' or 'Warning'. */
  readonly topicType: 'Error' | 'Warning';
  readonly title: string;
  readonly description: string;
  readonly labels: readonly string[];
  /** GlobalIds the viewpoint selects (those that are not IFC GlobalIds are left out). */
  readonly ifcGuids: readonly string[];
}

export interface BcfReport extends BcfArchiveCounts {
  readonly bytes: Uint8Array;
}

export interface BcfArchiveCounts {
  readonly version: BcfVersion;
  /** Topics written, the summary topic included. */
  readonly topicCount: number;
  /** Failure topics the report has before the cap. */
  readonly findingCount: number;
  /** Failure topics left out by the cap, and the failing elements only they held. */
  readonly omittedFindings: number;
  readonly omittedElements: number;
}

const TOPIC_TYPE_FAILURE = 'Error';
const TOPIC_TYPE_SUMMARY = 'Info';
const TOPIC_STATUS = 'Open';
const FAILURE_COLOR = 'E5484D';
const VIEWPOINT_FILE = 'viewpoint.bcfv';
/**
 * Component lines from which a viewpoint is deflated line by line (deflate-lines.ts) rather than
 * searched for matches (fflate, level 6): a viewpoint of fewer is a few KB, quick to search and
 * a fifth smaller so, and small archives stay the bytes they were.
 */
const LINE_DEFLATE_MIN = 100;

/** The archive in memory (the server's export, tests); a large one goes through writeBcfReport. */
export function buildBcfReport(report: CheckReport, options: BcfReportOptions = {}): BcfReport {
  const archive = bcfArchive(report, options);
  const chunks = [...archive.chunks()];
  const bytes = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.length;
  }
  return { bytes, ...archive.counts };
}

/**
 * Writes the archive entry by entry, waiting whenever `write` returns a promise (a full stream);
 * returns what it holds.
 */
export async function writeBcfReport(
  report: CheckReport,
  write: (chunk: Uint8Array) => void | Promise<void>,
  options: BcfReportOptions = {},
): Promise<BcfArchiveCounts> {
  const archive = bcfArchive(report, options);
  for (const chunk of archive.chunks()) await write(chunk);
  return archive.counts;
}

interface BcfArchive {
  readonly counts: BcfArchiveCounts;
  /** The zip's bytes in order, produced one entry at a time. */
  chunks(): Generator<Uint8Array>;
}

function bcfArchive(report: CheckReport, options: BcfReportOptions): BcfArchive {
  const version = options.version ?? DEFAULT_BCF_VERSION;
  const author = options.author?.trim() || 'Plumbline';
  const grouping = options.grouping ?? 'type';
  const words = options.words ?? idsWords(options.lang);
  const maxTopics = Math.min(MAX_BCF_TOPICS, Math.max(2, options.maxTopics ?? DEFAULT_MAX_BCF_TOPICS));
  const identity = options.identity ?? reportIdentity(report);
  const plan = streamBcfTopics(report, {
    grouping,
    maxTopics,
    identity,
    fullExportHint: options.fullExportHint ?? words.t('ids.bcf.defaultHint'),
    words,
  });
  const file = modelFile(report, options.modelDate ?? null);
  const extras = (options.extraTopics ?? []).map((extra) => extraTopic(extra, identity));
  const extraType = new Map(extras.map((topic, i) => [topic.guid, options.extraTopics?.[i]?.topicType]));
  const context = (topic: BcfTopic): BcfMarkupContext => ({
    topicType:
      extraType.get(topic.guid) ?? (topic.kind === 'summary' ? TOPIC_TYPE_SUMMARY : TOPIC_TYPE_FAILURE),
    topicStatus: TOPIC_STATUS,
    creationDate: report.checkedAt,
    creationAuthor: author,
    file,
    viewpointFileName: VIEWPOINT_FILE,
  });
  const mtime = zipTime(report.checkedAt);

  function* entries(): Generator<[string, string | readonly TemplatePart[]]> {
    if (version === '3.0') {
      yield ['bcf.version', versionXml30()];
      const hasSummary = plan.topicCount > plan.findingCount - plan.omittedFindings;
      const types = new Set([TOPIC_TYPE_FAILURE, ...(hasSummary ? [TOPIC_TYPE_SUMMARY] : [])]);
      for (const extra of options.extraTopics ?? []) types.add(extra.topicType);
      yield [
        'extensions.xml',
        extensionsXml30({
          topicTypes: [...types],
          topicStatuses: [TOPIC_STATUS],
          topicLabels: [...new Set([...plan.labels, ...extras.flatMap((t) => t.labels)])],
          users: [author],
        }),
      ];
    } else {
      yield ['bcf.version', versionXml21()];
    }
    for (const topic of [...plan.topics(), ...extras]) {
      const markup =
        version === '3.0' ? markupXml30(topic, context(topic)) : markupXml21(topic, context(topic));
      yield [`${topic.guid}/markup.bcf`, markup];
      if (topic.viewpointGuid) {
        yield [
          `${topic.guid}/${VIEWPOINT_FILE}`,
          version === '3.0'
            ? viewpointParts30(topic.viewpointGuid, topic.ifcGuids)
            : viewpointParts21(topic.viewpointGuid, topic.ifcGuids, FAILURE_COLOR),
        ];
      }
    }
  }

  return {
    counts: {
      version,
      topicCount: plan.topicCount + extras.length,
      findingCount: plan.findingCount,
      omittedFindings: plan.omittedFindings,
      omittedElements: plan.omittedElements,
    },
    *chunks() {
      const zip = new ZipWriter(mtime);
      for (const [name, content] of entries()) {
        if (typeof content === 'string') {
          yield zip.member(name, encode(content));
          continue;
        }
        // A long selection: its component lines deflated as lines (decision 0453); a short one, or
        // one the line writer cannot copy as is, as text like the rest.
        const lines = content.reduce((n, part) => n + (typeof part === 'string' ? 0 : part.values.length), 0);
        const deflated = lines >= LINE_DEFLATE_MIN ? deflateTemplate(content) : null;
        yield deflated
          ? zip.deflated(name, deflated.data, deflated.compressed)
          : zip.member(name, encode(renderTemplate(content, escapeXml)));
      }
      yield zip.end();
    },
  };
}

/** A caller's topic with its GUIDs: from the model's identity and the topic's key, stable across exports. */
function extraTopic(extra: BcfExtraTopic, identity: BcfIdentity): BcfTopic {
  const guid = uuidV5(`extra\u0000${identity.model}\u0000${extra.key}`);
  const ifcGuids = extra.ifcGuids.filter((id) => IFC_GLOBAL_ID.test(id));
  return {
    guid,
    kind: 'failure',
    title: extra.title,
    description: extra.description,
    labels: extra.labels,
    ifcGuids,
    viewpointGuid: ifcGuids.length > 0 ? viewpointGuid(guid) : null,
  };
}

// As the IDS topics select (bcf-topics.ts).
const IFC_GLOBAL_ID = /^[0-9A-Za-z_$]{22}$/;

/**
 * The model as BCF tools match it: by the name the authoring tool gave it (the IFC header's
 * FILE_NAME, without any folder), its date and its IfcProject.
 */
function modelFile(report: CheckReport, fallbackDate: string | null): BcfModelFile | null {
  const { model } = report;
  const headerName = model.headerFileName?.split(/[\\/]/).pop()?.trim() || null;
  const fileName = headerName ?? model.fileName;
  const date = asXsDateTime(model.headerTimeStamp) ?? asXsDateTime(fallbackDate);
  const ifcProject =
    model.projectGlobalId && /^[0-9A-Za-z_$]{22}$/.test(model.projectGlobalId) ? model.projectGlobalId : null;
  if (!fileName && !date && !ifcProject) return null;
  return { fileName, date, ifcProject };
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
