/**
 * Runs the BCF corpus through what a BIM team's tools would do with it: both readers load every
 * archive, every member validates against its version's XSD, and no topic or viewpoint GUID turns
 * up in two archives of different models or IDS files. Returns the findings, not a verdict.
 */
import { unzipSync } from 'fflate';
import type { BcfGrouping } from '../report/bcf';
import { archivesOf, type CorpusArchive, type CorpusSelection, checkCorpus } from './bcf-corpus';
import { topicsReadByBcfJs, topicsReadByThatOpen } from './bcf-readers';
import { bcfSchemaErrors } from './bcf-xsd';

export interface CorpusOutcome {
  readonly reports: number;
  readonly archives: number;
  readonly topics: number;
  /** "archive: reader loaded n of m topics" for each shortfall. */
  readonly readerShortfalls: readonly string[];
  readonly schemaErrors: readonly string[];
  readonly guidCollisions: readonly string[];
}

export const CORPUS_GROUPINGS: readonly { grouping: BcfGrouping; maxTopics?: number }[] = [
  { grouping: 'type' },
  // Per element with a low cap: exercises the summary topic on most pairs.
  { grouping: 'element', maxTopics: 25 },
];

export async function checkBcfCorpus(
  selection: CorpusSelection,
  onProgress: (line: string) => void = () => undefined,
): Promise<CorpusOutcome> {
  const readerShortfalls: string[] = [];
  const archives: CorpusArchive[] = [];
  /**
   * GUID → the model + IDS pair that first used it. The same pair shares GUIDs by design: 2.1 and 3.0,
   * and a specification-level topic in both groupings, are the same finding.
   */
  const owners = new Map<string, string>();
  const guidCollisions: string[] = [];
  let reports = 0;
  let topics = 0;
  for await (const checked of checkCorpus(selection)) {
    reports++;
    for (const archive of archivesOf(
      checked,
      CORPUS_GROUPINGS,
      (bytes) => topicGuidsOf(bytes).topics.length,
    )) {
      archives.push(archive);
      topics += archive.topicsInArchive;
      const bcfJs = await topicsReadByBcfJs(archive.bcf.bytes, archive.version);
      const thatOpen = await topicsReadByThatOpen(archive.bcf.bytes);
      if (bcfJs !== archive.topicsInArchive)
        readerShortfalls.push(`${archive.name}: bcf-js loaded ${bcfJs} of ${archive.topicsInArchive} topics`);
      if (thatOpen !== archive.topicsInArchive)
        readerShortfalls.push(
          `${archive.name}: That Open loaded ${thatOpen} of ${archive.topicsInArchive} topics`,
        );
      if (archive.version !== '3.0') continue;
      const owner = checked.pair.name;
      const { topics: topicGuids, viewpoints } = topicGuidsOf(archive.bcf.bytes);
      for (const guid of [...topicGuids, ...viewpoints]) {
        const first = owners.get(guid);
        if (first === undefined) owners.set(guid, owner);
        else if (first !== owner) guidCollisions.push(`${guid}: ${first} and ${owner}`);
      }
    }
    onProgress(`${checked.pair.name}: ${archives.length} archives so far`);
  }
  const schemaErrors = await bcfSchemaErrors(archives.map((a) => ({ name: a.name, bytes: a.bcf.bytes })));
  return { reports, archives: archives.length, topics, readerShortfalls, schemaErrors, guidCollisions };
}

/** Topic GUIDs (folder names) and viewpoint GUIDs of an archive, read from its members. */
export function topicGuidsOf(bytes: Uint8Array): { topics: string[]; viewpoints: string[] } {
  const members = unzipSync(bytes);
  const decoder = new TextDecoder();
  const topics: string[] = [];
  const viewpoints: string[] = [];
  for (const [name, data] of Object.entries(members)) {
    if (name.endsWith('/markup.bcf')) topics.push(name.split('/')[0]!);
    if (name.endsWith('.bcfv')) {
      const guid = /<VisualizationInfo Guid="([^"]+)"/.exec(decoder.decode(data))?.[1];
      if (guid) viewpoints.push(guid);
    }
  }
  return { topics, viewpoints };
}
