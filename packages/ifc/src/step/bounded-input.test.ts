/**
 * Untrusted input of any shape ends in an IfcReadError with a message, never a stack overflow:
 * huge header lines, deeply nested lists and typed values, and enormous literals.
 */
import { describe, expect, it } from 'vitest';
import { readIfc } from '../read';
import { stepBytes } from '../testing/step-fixture';
import { decodeParameters, MAX_VALUE_NESTING } from './decode';
import { MAX_HEADER_BYTES, readHeader } from './header';

const enc = (s: string) => new TextEncoder().encode(s);
const HEADER_TAIL =
  "FILE_SCHEMA(('IFC4'));\nENDSEC;\nDATA;\n#1=IFCWALL('0kF2hLLqn0jP2kPvoVAIXf',$,$,$,$,$,$,$,$);\nENDSEC;\nEND-ISO-10303-21;\n";
const MB20 = 20 * 1024 * 1024;

function header(line: string): Uint8Array {
  return enc(`ISO-10303-21;\nHEADER;${line}${HEADER_TAIL}`);
}

describe('bounded header reading', () => {
  it('refuses a 20 MB header line of one name after reading only its start', () => {
    expect(() => readHeader(header(`${'A'.repeat(MB20)}(`))).toThrow(
      expect.objectContaining({
        code: 'malformed',
        message: expect.stringMatching(/name is longer than 256/),
      }),
    );
  });

  it('refuses a 20 MB header line of short entities, saying the header is too large', () => {
    expect(() => readHeader(header("FILE_DESCRIPTION(('x'),'2;1');".repeat(MB20 / 30)))).toThrow(
      expect.objectContaining({
        code: 'too_large_line',
        message: expect.stringMatching(/larger than 1 MiB/),
      }),
    );
  });

  it('refuses a 20 MB header string, saying the header is too large', () => {
    const line = `FILE_DESCRIPTION(('${'a'.repeat(MB20)}'),'2;1');`;
    expect(() => readHeader(header(line))).toThrow(expect.objectContaining({ code: 'too_large_line' }));
  });

  it('refuses a header string just over the limit, saying the header is too large', () => {
    const line = `FILE_DESCRIPTION(('${'a'.repeat(MAX_HEADER_BYTES + 10)}'),'2;1');`;
    expect(() => readHeader(header(line))).toThrow(/larger than 1 MiB/);
  });

  it('refuses lists nested deeper than the limit inside the header', () => {
    const depth = 300_000;
    const line = `FILE_DESCRIPTION(${'('.repeat(depth)}${')'.repeat(depth)});`;
    expect(() => readHeader(header(line))).toThrow(/nested more than 64 levels/);
  });
});

describe('bounded value decoding', () => {
  const decode = (text: string) => {
    const bytes = enc(`${text};`);
    return decodeParameters(bytes, 0, bytes.length - 1);
  };

  it('decodes nesting up to the limit', () => {
    const depth = MAX_VALUE_NESTING - 1; // the parameter list itself is one level
    const value = decode(`(${'('.repeat(depth)}1${')'.repeat(depth)})`);
    expect(value).toHaveLength(1);
  });

  it('refuses 1e6 nested lists and typed values with a message', () => {
    const n = 1_000_000;
    expect(() => decode(`(${'('.repeat(n)}${')'.repeat(n)})`)).toThrow(
      expect.objectContaining({ code: 'malformed', message: expect.stringMatching(/nested more than/) }),
    );
    expect(() => decode(`(${'IFCLABEL('.repeat(n)}'x'${')'.repeat(n)})`)).toThrow(/nested more than/);
  });

  it('reads a number of two million digits without overflowing the stack', () => {
    expect(decode(`(${'1'.repeat(2_000_000)})`)).toEqual([
      { kind: 'integer', value: Number.POSITIVE_INFINITY },
    ]);
  });

  it('turns a deeply nested attribute of a DATA instance into a read error when it is decoded', () => {
    const n = 1_000_000;
    const model = readIfc(
      stepBytes(
        'IFC4',
        `#1=IFCWALL('0kF2hLLqn0jP2kPvoVAIXf',$,${'('.repeat(n)}${')'.repeat(n)},$,$,$,$,$,$);`,
      ),
    );
    expect(() => model.attributes(1)).toThrow(expect.objectContaining({ name: 'IfcReadError' }));
  });
});
