import { Transform } from 'node:stream';
import { BimFileError } from './errors';

const MAGIC = Buffer.from('ISO-10303-21;');
/** How far leading white space may push the header before we stop looking. */
const MAX_PREFIX = 4096;

/**
 * Passes a stream through unchanged once its first bytes read `ISO-10303-21;` (after an optional
 * UTF-8 byte-order mark and white space); otherwise fails it with `not_ifc`. The type of an upload
 * is decided by its content, never by its name.
 */
export function ifcHeaderGuard(): Transform {
  let head: Buffer | null = Buffer.alloc(0);
  const decide = (final: boolean): 'ok' | 'bad' | 'wait' => {
    const bytes = head as Buffer;
    let i = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
    while (
      i < bytes.length &&
      (bytes[i] === 0x20 || bytes[i] === 0x09 || bytes[i] === 0x0a || bytes[i] === 0x0d)
    )
      i++;
    if (bytes.length - i >= MAGIC.length)
      return bytes.subarray(i, i + MAGIC.length).equals(MAGIC) ? 'ok' : 'bad';
    if (final || bytes.length >= MAX_PREFIX) return 'bad';
    return MAGIC.subarray(0, bytes.length - i).equals(bytes.subarray(i)) ? 'wait' : 'bad';
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (head === null) return callback(null, chunk);
      head = Buffer.concat([head, chunk]);
      const verdict = decide(false);
      if (verdict === 'wait') return callback();
      if (verdict === 'bad') return callback(new BimFileError('not_ifc'));
      const buffered = head;
      head = null;
      callback(null, buffered);
    },
    flush(callback) {
      if (head === null) return callback();
      if (decide(true) !== 'ok') return callback(new BimFileError('not_ifc'));
      callback(null, head);
    },
  });
}
