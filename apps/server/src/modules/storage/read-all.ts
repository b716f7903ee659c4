import type { Readable } from 'node:stream';

/**
 * Reads a stored object whole (the IFC reader and the IDS parser both need every byte at once).
 * With `expectedSize`, the bytes land in one buffer of that size without intermediate copies.
 */
export async function readAll(stream: Readable, expectedSize?: number): Promise<Uint8Array> {
  if (expectedSize === undefined) {
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }
  const bytes = new Uint8Array(expectedSize);
  let at = 0;
  for await (const chunk of stream) {
    const part = chunk as Buffer;
    if (at + part.length > expectedSize) throw new Error('The stored file is larger than recorded.');
    bytes.set(part, at);
    at += part.length;
  }
  if (at !== expectedSize) throw new Error('The stored file is shorter than recorded.');
  return bytes;
}
