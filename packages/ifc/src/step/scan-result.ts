/** What the instance scanner (scan-instances.ts) returns and what it is asked to read on the way. */

export interface ScanResult {
  count: number;
  ids: Uint32Array;
  starts: Uint32Array;
  paramStarts: Uint32Array;
  ends: Uint32Array;
  classOf: Uint16Array;
  classNames: string[];
  /** Where scanning stopped: `stopAt` (an instance boundary), or just after the final ENDSEC. */
  next: number;
  /** True when the end of the DATA section(s) was reached. */
  reachedEnd: boolean;
  error: { code: 'malformed' | 'too_large_line'; message: string; offset: number } | null;
  /** The relationship pairs read on the way (when `relations` was given), in file order. */
  pairs: RelationPairs | null;
  /** Every instance's references (when `keep.references` was given). */
  references: ReferenceColumn | null;
}

/**
 * What the scan keeps besides the index, for model validity (read while the bytes pass by, so the
 * rules need not read every instance again): `references`, every instance's references.
 */
export interface ScanKeep {
  readonly references: boolean;
}

/**
 * Per instance (ordinal k), the ids its parameters refer to, at any depth, in order (what
 * all-references.ts reads from the bytes): `targets[ends[k - 1] .. ends[k])` (from 0 for k = 0).
 * `unread` lists the ordinals, ascending, whose references were not kept (their bytes hold a comment
 * or a binary, or an id past 32 bits): read those from the bytes.
 */
export interface ReferenceColumn {
  ends: Uint32Array;
  targets: Uint32Array;
  unread: Uint32Array;
}

/**
 * Relationship classes whose references are read during the scan, so the relation indexes need
 * no pass of their own (model/relations.ts builds its rows from the pairs). Entry k: instances of
 * `classes[k]` give, for every id referenced by parameter `from[k]` and every id referenced by
 * parameter `to[k]`, one pair tagged `tags[k]`. A class may appear in several entries.
 */
export interface RelationScan {
  readonly classes: readonly string[];
  readonly from: readonly number[];
  readonly to: readonly number[];
  readonly tags: readonly number[];
}

/** Relationship pairs: source id, target id and the tag of the entry that produced them. */
export interface RelationPairs {
  count: number;
  sources: Uint32Array;
  targets: Uint32Array;
  tags: Uint16Array;
}
