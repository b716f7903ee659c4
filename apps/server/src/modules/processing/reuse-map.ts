/**
 * Which specification rows stored results of one IDS content stand for under another set of IDS
 * revisions (decision 0438). A result key names IDS content, not rows (reuse-key.ts): results stored
 * against one revision of a file serve a later revision with the same bytes, or another file with
 * them, once each of their specification ids is replaced by the one at the same position of the file
 * with the same content. Pure.
 */

/** A specification the stored results name: its IDS file, that file's content and its position. */
export interface SourceSpecification {
  id: string;
  fileId: string;
  /** The SHA-256 of the file's bytes (ids_files.sha256). */
  sha256: string;
  position: number;
  /** How many specifications the file has (all of them must have results for the file to count). */
  fileSpecifications: number;
}

/** An active IDS file of the project, as processing lists them (repo.listActiveIdsFiles). */
export interface TargetFile {
  id: string;
  sha256: string;
  /** Specification ids by their position in the file. */
  specificationIds: readonly string[];
}

/** The stored results' specification ids (`from`) and the ids they stand for now (`to`), pairwise. */
export interface SpecificationMap {
  from: string[];
  to: string[];
}

interface SourceFile {
  id: string;
  sha256: string;
  count: number;
  byPosition: string[];
}

/** The source's files in first-seen order, each with its specification ids by position. */
function sourceFiles(rows: readonly SourceSpecification[]): SourceFile[] | null {
  const files = new Map<string, SourceFile>();
  for (const row of rows) {
    let file = files.get(row.fileId);
    if (!file) {
      file = { id: row.fileId, sha256: row.sha256, count: row.fileSpecifications, byPosition: [] };
      files.set(row.fileId, file);
    }
    if (file.byPosition[row.position] !== undefined) return null;
    file.byPosition[row.position] = row.id;
  }
  for (const file of files.values()) {
    // Results for every specification of the file, or the file does not count (a partial set was
    // cut by a delete): the stored rows then do not answer the key they carry.
    for (let p = 0; p < file.count; p++) if (file.byPosition[p] === undefined) return null;
    if (file.byPosition.length !== file.count) return null;
  }
  return [...files.values()];
}

/**
 * The map from the specifications the source's results name (`source`, ordered by file age) to the
 * active files' (`targets`, the project's order): every file with specifications on one side is
 * paired with a file of the same content and as many specifications on the other, a file that is on
 * both sides with itself (so no stored row is renamed to an id another row still has), the rest in
 * order. Null when the two sides hold different IDS content, which the caller then checks with the
 * engine.
 */
export function mapSpecifications(
  source: readonly SourceSpecification[],
  targets: readonly TargetFile[],
): SpecificationMap | null {
  const files = sourceFiles(source);
  if (files === null) return null;
  const wanted = targets.filter((t) => t.specificationIds.length > 0);
  if (wanted.length !== files.length) return null;
  const map: SpecificationMap = { from: [], to: [] };
  const pair = (from: SourceFile, to: TargetFile): boolean => {
    if (from.sha256 !== to.sha256 || from.count !== to.specificationIds.length) return false;
    for (let p = 0; p < from.count; p++) {
      map.from.push(from.byPosition[p] as string);
      map.to.push(to.specificationIds[p] as string);
    }
    return true;
  };
  const targetIds = new Set(wanted.map((t) => t.id));
  const sourceIds = new Set(files.map((f) => f.id));
  for (const file of files) {
    if (!targetIds.has(file.id)) continue;
    if (!pair(file, wanted.find((t) => t.id === file.id) as TargetFile)) return null;
  }
  const rest = wanted.filter((t) => !sourceIds.has(t.id));
  for (const file of files) {
    if (targetIds.has(file.id)) continue;
    const at = rest.findIndex((t) => t.sha256 === file.sha256 && t.specificationIds.length === file.count);
    if (at < 0) return null;
    pair(file, rest[at] as TargetFile);
    rest.splice(at, 1);
  }
  return rest.length === 0 ? map : null;
}

/** Whether two maps pair the same ids (the map read before a write and the one read under its locks). */
export function sameMap(a: SpecificationMap, b: SpecificationMap): boolean {
  const pairs = (m: SpecificationMap) =>
    m.from
      .map((from, i) => `${from}>${m.to[i]}`)
      .sort()
      .join(',');
  return pairs(a) === pairs(b);
}

/** The pairs whose id changes: what a version that is its own source renames. */
export function renamed(map: SpecificationMap): SpecificationMap {
  const out: SpecificationMap = { from: [], to: [] };
  map.from.forEach((from, i) => {
    const to = map.to[i] as string;
    if (from === to) return;
    out.from.push(from);
    out.to.push(to);
  });
  return out;
}
