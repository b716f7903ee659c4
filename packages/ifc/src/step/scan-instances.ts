/**
 * The instance scanner of the DATA section. It is written as one self-contained function (no
 * references outside its body: constants are literals, helpers are inner functions) so the same
 * code can run on the main thread and, as source text, in worker threads (parallel-index.ts).
 */

import type { RelationScan, ScanKeep, ScanResult } from './scan-result';

export type {
  ReferenceColumn,
  RelationPairs,
  RelationScan,
  ScanKeep,
  ScanResult,
} from './scan-result';

/**
 * Indexes instances from `from` (the start of an instance or white space before one) until the
 * end of the DATA section, or until the first instance boundary at or after `stopAt`.
 */
export function scanInstances(
  bytes: Uint8Array,
  from: number,
  stopAt: number,
  maxInstanceBytes: number,
  relations: RelationScan | null = null,
  keep: ScanKeep | null = null,
): ScanResult {
  const n = bytes.length;
  const guess = Math.max(1024, Math.ceil((Math.min(stopAt, n) - from) / 64));
  let ids = new Uint32Array(guess);
  let starts = new Uint32Array(guess);
  let params = new Uint32Array(guess);
  let ends = new Uint32Array(guess);
  let classOf = new Uint16Array(guess);
  let count = 0;

  // Class names by a hash of their bytes (direct-mapped slots, verified byte by byte).
  const classNames: string[] = [];
  const classBytes: Uint8Array[] = [];
  const slots = new Int32Array(4096);
  const byName = new Map<string, number>();
  /** Per class ordinal: the `relations` entries that read its instances (empty for most). */
  const relationEntries: number[][] = [];
  let pairCount = 0;
  let pairSources = new Uint32Array(relations ? 1024 : 0);
  let pairTargets = new Uint32Array(relations ? 1024 : 0);
  let pairTags = new Uint16Array(relations ? 1024 : 0);
  const fromIds: number[] = [];
  const toIds: number[] = [];
  const keepRefs = keep?.references === true;
  // The bytes `instanceEndKeeping` stops at: ; ' / # " (one load per byte instead of five comparisons).
  const stops = new Uint8Array(256);
  stops[59] = 1;
  stops[39] = 1;
  stops[47] = 1;
  stops[35] = 1;
  stops[34] = 1;
  let refEnds = new Uint32Array(keepRefs ? guess : 0);
  let refTargets = new Uint32Array(keepRefs ? guess * 2 : 0);
  let refCount = 0;
  const unread: number[] = [];

  const result = (next: number, reachedEnd: boolean, error: ScanResult['error']): ScanResult => ({
    count,
    ids: ids.slice(0, count),
    starts: starts.slice(0, count),
    paramStarts: params.slice(0, count),
    ends: ends.slice(0, count),
    classOf: classOf.slice(0, count),
    classNames,
    next,
    reachedEnd,
    error,
    pairs: relations
      ? {
          count: pairCount,
          sources: pairSources.slice(0, pairCount),
          targets: pairTargets.slice(0, pairCount),
          tags: pairTags.slice(0, pairCount),
        }
      : null,
    references: keepRefs
      ? {
          // Views, not copies (the pieces of a parallel scan are joined into new arrays anyway).
          ends: refEnds.subarray(0, count),
          targets: refTargets.subarray(0, refCount),
          unread: Uint32Array.from(unread),
        }
      : null,
  });
  const fail = (message: string, offset: number, code: 'malformed' | 'too_large_line' = 'malformed') =>
    result(offset, false, { code, message, offset });
  const describe = (c: number | undefined) =>
    c === undefined
      ? 'end of file'
      : c >= 32 && c < 127
        ? `'${String.fromCharCode(c)}'`
        : `byte 0x${c.toString(16).padStart(2, '0')}`;

  /** Offset after the comment starting at `i` (`/*`), or -1 when it is not closed. */
  const commentEnd = (i: number): number => {
    for (let k = bytes.indexOf(42, i + 2); k !== -1; k = bytes.indexOf(42, k + 1)) {
      if (bytes[k + 1] === 47) return k + 2;
    }
    return -1;
  };
  /** Skips white space and comments; -1 when a comment is not closed. */
  const skip = (i: number): number => {
    for (;;) {
      const c = bytes[i];
      if (c === 32 || c === 10 || c === 13 || c === 9) i++;
      else if (c === 47 && bytes[i + 1] === 42) {
        i = commentEnd(i);
        if (i === -1) return -1;
      } else return i;
    }
  };
  const keyword = (at: number, word: string): boolean => {
    for (let k = 0; k < word.length; k++) if (bytes[at + k] !== word.charCodeAt(k)) return false;
    const after = bytes[at + word.length];
    return (
      after === undefined || !((after >= 65 && after <= 90) || (after >= 48 && after <= 57) || after === 95)
    );
  };
  const classOrdinal = (start: number, end: number, hash: number): number => {
    const slot = hash & 4095;
    const cached = slots[slot]! - 1;
    if (cached >= 0) {
      const known = classBytes[cached]!;
      let same = known.length === end - start;
      for (let k = 0; same && k < known.length; k++) same = known[k] === bytes[start + k];
      if (same) return cached;
    }
    let raw = '';
    for (let k = start; k < end; k++) raw += String.fromCharCode(bytes[k]!);
    let ord = byName.get(raw);
    if (ord === undefined) {
      ord = classNames.length;
      const upper = raw.toUpperCase();
      classNames.push(upper);
      classBytes.push(bytes.slice(start, end));
      byName.set(raw, ord);
      const entries: number[] = [];
      if (relations)
        for (let e = 0; e < relations.classes.length; e++)
          if (relations.classes[e] === upper) entries.push(e);
      relationEntries.push(entries);
    }
    slots[slot] = ord + 1;
    return ord;
  };
  /**
   * Appends to `fromOut` the ids referenced (at any depth) by parameter `a` and to `toOut` those of
   * parameter `b`, of the instance whose `(` is at `open` and `;` at `end`.
   */
  const refsOfTwo = (open: number, end: number, a: number, fromOut: number[], b: number, toOut: number[]) => {
    const last = Math.max(a, b);
    let p = open + 1;
    let depth = 0;
    let param = 0;
    while (p < end) {
      const c = bytes[p]!;
      if (c === 39) {
        p++;
        for (;;) {
          while (p < end && bytes[p] !== 39) p++;
          if (p >= end) return;
          if (bytes[p + 1] === 39) p += 2;
          else break;
        }
        p++;
        continue;
      }
      if (c === 40) depth++;
      else if (c === 41) {
        if (depth === 0) return;
        depth--;
      } else if (c === 44 && depth === 0) {
        if (param === last) return;
        param++;
      } else if (c === 35 && (param === a || param === b)) {
        let id = 0;
        let d = bytes[++p]!;
        for (; d >= 48 && d <= 57; d = bytes[++p]!) id = id * 10 + (d - 48);
        (param === a ? fromOut : toOut).push(id);
        continue;
      }
      p++;
    }
  };
  /** Reads the pairs of a relationship instance for each `relations` entry of its class. */
  const readPairs = (entries: number[], open: number, end: number) => {
    for (let e = 0; e < entries.length; e++) {
      const entry = entries[e]!;
      fromIds.length = 0;
      toIds.length = 0;
      refsOfTwo(open, end, relations!.from[entry]!, fromIds, relations!.to[entry]!, toIds);
      const tag = relations!.tags[entry]!;
      for (let f = 0; f < fromIds.length; f++) {
        for (let t = 0; t < toIds.length; t++) {
          if (pairCount === pairSources.length) {
            const sources = new Uint32Array(pairCount * 2);
            sources.set(pairSources);
            pairSources = sources;
            const targets = new Uint32Array(pairCount * 2);
            targets.set(pairTargets);
            pairTargets = targets;
            const tags = new Uint16Array(pairCount * 2);
            tags.set(pairTags);
            pairTags = tags;
          }
          pairSources[pairCount] = fromIds[f]!;
          pairTargets[pairCount] = toIds[t]!;
          pairTags[pairCount] = tag;
          pairCount++;
        }
      }
    }
  };
  /** The `;` ending the instance whose parameters start at `i`, skipping strings and comments; -1 at the end of the bytes. */
  const instanceEnd = (i: number): number => {
    while (i < n) {
      const c = bytes[i]!;
      if (c > 59 || (c !== 59 && c !== 39 && c !== 47)) {
        i++;
        continue;
      }
      if (c === 59) return i;
      if (c === 39) {
        i++;
        for (;;) {
          while (i < n && bytes[i] !== 39) i++;
          if (i >= n) return -1;
          if (bytes[i + 1] === 39) i += 2;
          else break;
        }
        i++;
      } else if (bytes[i + 1] === 42) {
        i = commentEnd(i);
        if (i === -1) return -1;
      } else i++;
    }
    return -1;
  };

  /** Set by `instanceEndKeeping` when the instance's references were not all kept. */
  let refsUnread = false;
  /**
   * `instanceEnd`, appending to the reference column the instance's references as
   * all-references.ts reads them, in the same walk over the bytes. Sets `refsUnread` when its bytes
   * hold a binary or a comment, where that reader and the scan part ways, or an id past 32 bits:
   * those instances' references are read from the bytes.
   */
  const instanceEndKeeping = (i: number): number => {
    refsUnread = false;
    while (i < n) {
      const c = bytes[i]!;
      if (stops[c] === 0) {
        i++;
        continue;
      }
      if (c === 59) return i;
      if (c === 39) {
        i++;
        for (;;) {
          while (i < n && bytes[i] !== 39) i++;
          if (i >= n) return -1;
          if (bytes[i + 1] === 39) i += 2;
          else break;
        }
        i++;
      } else if (c === 35) {
        let id = 0;
        let q = i + 1;
        for (let d = bytes[q]!; d >= 48 && d <= 57; d = bytes[++q]!) id = id * 10 + (d - 48);
        if (q > i + 1) {
          if (id > 0xffffffff) refsUnread = true;
          else {
            if (refCount === refTargets.length) {
              const grown = new Uint32Array(refCount * 2);
              grown.set(refTargets);
              refTargets = grown;
            }
            refTargets[refCount++] = id;
          }
        }
        i = q;
      } else if (c === 34) {
        refsUnread = true;
        i++;
      } else if (bytes[i + 1] === 42) {
        refsUnread = true;
        i = commentEnd(i);
        if (i === -1) return -1;
      } else i++;
    }
    return -1;
  };
  let i = from;
  for (;;) {
    let c = bytes[i];
    while (c === 10 || c === 13 || c === 32 || c === 9) c = bytes[++i];
    if (c === 47) {
      i = skip(i);
      if (i === -1) return fail('comment is not closed (file truncated?)', n);
      c = bytes[i];
    }
    if (i >= stopAt) return result(i, false, null);
    if (c === undefined) return fail('DATA section is not closed by ENDSEC (file truncated?)', i);
    if (c !== 35) {
      if (keyword(i, 'ENDSEC')) {
        let j = skip(i + 6);
        if (j === -1 || bytes[j] !== 59) return fail("expected ';' after ENDSEC", j === -1 ? i : j);
        j = skip(j + 1);
        // Several DATA sections are allowed; anything else ends the exchange structure.
        if (j !== -1 && keyword(j, 'DATA')) {
          let k = skip(j + 4);
          if (k !== -1 && bytes[k] === 40) {
            const close = instanceEnd(k);
            if (close === -1) return fail('DATA section header is not terminated', k);
            k = close;
          }
          if (k === -1 || bytes[k] !== 59) return fail("expected ';' after DATA", j);
          i = k + 1;
          continue;
        }
        return result(j === -1 ? n : j, true, null);
      }
      return fail(`expected an entity instance '#id=' or ENDSEC, found ${describe(c)}`, i);
    }
    const start = i;
    let id = 0;
    let d = bytes[++i]!;
    if (!(d >= 48 && d <= 57)) return fail("'#' is not followed by an instance id", i);
    for (; d >= 48 && d <= 57; d = bytes[++i]!) id = id * 10 + (d - 48);
    if (id > 0xffffffff) return fail(`instance id #${id} is too large`, start);
    if (d !== 61) {
      i = skip(i);
      if (i === -1 || bytes[i] !== 61)
        return fail(`expected '=' after #${id}, found ${describe(bytes[i])}`, i === -1 ? start : i);
    }
    i = skip(i + 1);
    if (i === -1) return fail('comment is not closed (file truncated?)', start);
    d = bytes[i]!;
    let cls: number;
    if (d === 40) {
      cls = classOrdinal(i, i, 0); // complex instance `#1=(A()B());`: class '' (not used by IFC)
    } else {
      const nameStart = i;
      let hash = 0;
      for (
        ;
        (d >= 65 && d <= 90) || (d >= 97 && d <= 122) || (d >= 48 && d <= 57) || d === 95;
        d = bytes[++i]!
      ) {
        hash = (Math.imul(hash, 31) + d) | 0;
      }
      if (i === nameStart) return fail(`expected a class name after #${id}=, found ${describe(d)}`, i);
      cls = classOrdinal(nameStart, i, hash);
      if (cls >= 65535) return fail('more than 65535 distinct class names', nameStart);
      if (d !== 40) {
        i = skip(i);
        if (i === -1 || bytes[i] !== 40) {
          return fail(
            `expected '(' after the class name of #${id}, found ${describe(bytes[i])}`,
            i === -1 ? start : i,
          );
        }
      }
    }
    const refsBefore = refCount;
    const end = keepRefs ? instanceEndKeeping(i) : instanceEnd(i);
    if (end === -1 || end - start > maxInstanceBytes) {
      if (end === -1 && n - start <= maxInstanceBytes) {
        return fail(`entity instance #${id} is not terminated by ';' (file truncated?)`, start);
      }
      return fail(
        `entity instance #${id} is longer than ${maxInstanceBytes / 1048576} MB`,
        start,
        'too_large_line',
      );
    }
    if (count === ids.length) {
      const grow = <T extends Uint32Array | Uint16Array>(a: T, make: (size: number) => T): T => {
        const next = make(a.length * 2);
        next.set(a);
        return next;
      };
      ids = grow(ids, (size) => new Uint32Array(size));
      starts = grow(starts, (size) => new Uint32Array(size));
      params = grow(params, (size) => new Uint32Array(size));
      ends = grow(ends, (size) => new Uint32Array(size));
      classOf = grow(classOf, (size) => new Uint16Array(size));
      if (keepRefs) refEnds = grow(refEnds, (size) => new Uint32Array(size));
    }
    if (keepRefs) {
      if (refsUnread) {
        refCount = refsBefore;
        unread.push(count);
      }
      refEnds[count] = refCount;
    }

    if (relations !== null) {
      const entries = relationEntries[cls]!;
      if (entries.length > 0) readPairs(entries, i, end);
    }
    ids[count] = id;
    starts[count] = start;
    params[count] = i;
    ends[count] = end;
    classOf[count] = cls;
    count++;
    i = end + 1;
  }
}
