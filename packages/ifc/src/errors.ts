export type IfcReadErrorCode = 'unsupported_schema' | 'malformed' | 'empty' | 'not_step' | 'too_large_line';

/** A file that cannot be read as IFC. `line` is the 1-based line of the problem when known. */
export class IfcReadError extends Error {
  override readonly name = 'IfcReadError';

  constructor(
    readonly code: IfcReadErrorCode,
    message: string,
    readonly line: number | null = null,
  ) {
    super(line === null ? message : `line ${line}: ${message}`);
  }
}
