/**
 * Streams STEP (ISO 10303-21) instances to a file: numbers instances, encodes them straight into a
 * 4 MB buffer and writes it out when full, so the file is never held in memory (and no long
 * strings are built). Everything written is ASCII (strings are escaped): one character, one byte.
 */
import { type FileHandle, open } from 'node:fs/promises';

const BUFFER_BYTES = 4 << 20;
/** Flush when less than this is left; larger single writes go through `raw`, which flushes itself. */
const HEADROOM = 1 << 20;
const PENDING_CHARS = 64 << 10;

export class StepWriter {
  private buffer = Buffer.allocUnsafe(BUFFER_BYTES);
  private used = 0;
  private nextId = 1;
  private written = 0;
  private instances = 0;
  /** Instances too large for the buffer's headroom wait here until the next flush. */
  private overflow: string[] = [];
  private overflowBytes = 0;
  /** Recent instances, joined and copied into the buffer about every 64 kB (cheaper than a rope). */
  private pending: string[] = [];
  private pendingChars = 0;

  private constructor(private readonly file: FileHandle) {}

  static async create(path: string): Promise<StepWriter> {
    return new StepWriter(await open(path, 'w'));
  }

  /** Appends raw text (header, trailer). */
  raw(text: string): void {
    this.append(text);
  }

  /** Appends one instance, e.g. `IFCWALL('…',#5,…)`, and returns its id. */
  add(body: string): number {
    const id = this.nextId++;
    this.append(`#${id}=${body};\n`);
    this.instances++;
    return id;
  }

  private append(text: string): void {
    this.pending.push(text);
    this.pendingChars += text.length;
    if (this.pendingChars >= PENDING_CHARS) this.settle();
  }

  /** Moves the pending text into the buffer (or the overflow when it does not fit). */
  private settle(): void {
    const text = this.pending.join('');
    this.pending = [];
    this.pendingChars = 0;
    if (this.overflowBytes === 0 && text.length <= BUFFER_BYTES - this.used) {
      this.used += this.buffer.write(text, this.used, 'latin1');
    } else {
      this.overflow.push(text);
      this.overflowBytes += text.length;
    }
  }

  /** Bytes written so far, including what is still buffered. */
  get bytes(): number {
    return this.written + this.used + this.overflowBytes + this.pendingChars;
  }

  get instanceCount(): number {
    return this.instances;
  }

  /** Writes the buffer out once it is nearly full; call between units of work. */
  async flushIfFull(): Promise<void> {
    if (this.used >= BUFFER_BYTES - HEADROOM || this.overflowBytes > 0) await this.flush();
  }

  async flush(): Promise<void> {
    this.settle();
    if (this.used > 0) {
      await this.file.write(this.buffer, 0, this.used);
      this.written += this.used;
      this.used = 0;
    }
    if (this.overflowBytes > 0) {
      const text = this.overflow.join('');
      this.overflow = [];
      this.overflowBytes = 0;
      await this.file.write(text, null, 'latin1');
      this.written += text.length;
    }
  }

  async close(): Promise<void> {
    await this.flush();
    await this.file.close();
  }
}

/** A STEP string literal: quotes doubled, backslashes doubled, non-ASCII as \X2\ hex \X0\. */
const PLAIN = /^[\x20-\x26\x28-\x5b\x5d-\x7e]*$/;

export function str(value: string): string {
  if (PLAIN.test(value)) return `'${value}'`;
  let out = "'";
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code === 39) out += "''";
    else if (code === 92) out += '\\\\';
    else if (code >= 32 && code < 127) out += value[i];
    else {
      let hex = '';
      while (i < value.length && (value.charCodeAt(i) < 32 || value.charCodeAt(i) >= 127)) {
        hex += value.charCodeAt(i).toString(16).toUpperCase().padStart(4, '0');
        i++;
      }
      i--;
      out += `\\X2\\${hex}\\X0\\`;
    }
  }
  return `${out}'`;
}

/** An optional string: `$` when absent. */
export function optStr(value: string | null | undefined): string {
  return value == null ? '$' : str(value);
}

/** A STEP real: at most 6 decimals, always with a decimal point (`3.`, `0.25`). */
export function real(value: number): string {
  let text = realCache.get(value);
  if (text === undefined) {
    const rounded = Math.round(value * 1e6) / 1e6;
    text = String(rounded === 0 ? 0 : rounded);
    if (!text.includes('.')) text += '.';
    if (realCache.size < 50_000) realCache.set(value, text);
  }
  return text;
}

/** Coordinates and sizes repeat bay after bay: formatting each once saves real time. */
const realCache = new Map<number, string>();

/** A reference `#12`. */
export function ref(id: number): string {
  return `#${id}`;
}

/** A list of references `(#1,#2)`. */
export function refs(ids: readonly number[]): string {
  return `(#${ids.join(',#')})`;
}

/** A STEP boolean enum. */
export function bool(value: boolean): string {
  return value ? '.T.' : '.F.';
}
