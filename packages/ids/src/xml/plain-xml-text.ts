/**
 * The character-level pieces of the fast XML reader (plain-xml.ts): line ends and attribute values
 * normalised as XML does, references resolved, line and column counted as saxes counts them, and the
 * signal that the document leaves the reader's subset (saxes then reads it).
 */

/** Thrown inside the scan when the document leaves the subset; caught once, at the top. */
export class LeaveToSaxes extends Error {}
export const leave = (): never => {
  throw new LeaveToSaxes();
};

const REFERENCE = /&(?:#x([0-9A-Fa-f]{1,6})|#([0-9]{1,7})|(lt|gt|amp|quot|apos));/g;
const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** Line ends as XML reads them: CR LF and a lone CR are LF. */
export function normaliseLineEnds(raw: string): string {
  return raw.includes('\r') ? raw.replace(/\r\n?/g, '\n') : raw;
}

/** Attribute values: each line end or tab is one space (XML attribute-value normalisation). */
export function normaliseAttribute(raw: string): string {
  return /[\t\r\n]/.test(raw) ? raw.replace(/\r\n|[\t\r\n]/g, ' ') : raw;
}

/** Resolves entity and character references; an unknown one, or a bare '&', leaves the subset. */
export function decode(raw: string): string {
  if (!raw.includes('&')) return raw;
  let references = 0;
  const decoded = raw.replace(REFERENCE, (_, hex: string | undefined, dec: string | undefined, name) => {
    references++;
    if (name) return PREDEFINED[name] as string;
    const code = hex !== undefined ? Number.parseInt(hex, 16) : Number(dec);
    const allowed =
      code === 0x9 ||
      code === 0xa ||
      code === 0xd ||
      (code >= 0x20 && code <= 0xd7ff) ||
      (code >= 0xe000 && code <= 0xfffd);
    return allowed ? String.fromCharCode(code) : leave();
  });
  if (references !== raw.split('&').length - 1) leave();
  return decoded;
}

/**
 * Line and column after a position, as saxes counts them (line from 1; column from 0, the UTF-16
 * units since the last line end, CR LF being one), found by scanning forward only once overall.
 */
export class LineCounter {
  private scanned = 0;
  private line = 1;
  /** The next LF and CR at or after `scanned` (text.length when none): found with indexOf, kept. */
  private nextLf = -1;
  private nextCr = -1;

  constructor(private readonly text: string) {}

  /** Where the current line starts, after the last lineAt(). */
  lineStart = 0;

  /** The line of a position at or after the last one asked for; lineStart is then its line's start. */
  lineAt(position: number): number {
    const { text } = this;
    if (position <= this.scanned) return this.line;
    for (;;) {
      if (this.nextLf < this.scanned) this.nextLf = indexOrEnd(text, '\n', this.scanned);
      if (this.nextCr < this.scanned) this.nextCr = indexOrEnd(text, '\r', this.scanned);
      const end = Math.min(this.nextLf, this.nextCr);
      if (end >= position) break;
      // A CR followed by an LF ends one line, at the LF.
      if (end === this.nextCr && this.nextLf === end + 1) {
        this.scanned = end + 1;
        continue;
      }
      this.line++;
      this.lineStart = end + 1;
      this.scanned = end + 1;
    }
    this.scanned = position;
    return this.line;
  }
}

function indexOrEnd(text: string, char: string, from: number): number {
  const at = text.indexOf(char, from);
  return at < 0 ? text.length : at;
}
