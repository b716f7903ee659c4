/** Why a document could not be read as XML, with its position; both readers throw it (xml-tree.ts, plain-xml.ts). */
export class XmlReadError extends Error {
  constructor(
    message: string,
    readonly line: number | null,
    readonly column: number | null,
    /** A depth or element-count limit, met as the document was read; not a fault of the XML itself. */
    readonly limit = false,
  ) {
    super(message);
    this.name = 'XmlReadError';
  }
}

/** 250025 → '250,025' (no Intl: loading it costs more than the refusal it words). */
const count = (n: number) => String(n).replace(/\B(?=(\d{3})+$)/g, ',');

/** The reader's limits, worded once for both readers so that either refuses a file alike. */
export const LIMIT_MESSAGES = {
  elements: (max: number) => `More than ${count(max)} XML elements, the limit for this file.`,
  depth: (max: number) => `Elements nested deeper than ${count(max)} levels, the limit for an IDS file.`,
} as const;
