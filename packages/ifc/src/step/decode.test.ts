import { describe, expect, it } from 'vitest';
import { decodeParameterAt, decodeParameters } from './decode';
import { extractRefPairs, extractRefs } from './decode-direct';

const enc = (s: string) => new TextEncoder().encode(s);
/** Decodes `(…)` written as the whole input; `end` is the position of a trailing ';'. */
const params = (text: string) => {
  const bytes = enc(`${text};`);
  return decodeParameters(bytes, 0, bytes.length - 1);
};

describe('decodeParameters', () => {
  it('decodes nulls, derived values, strings, enums, refs', () => {
    expect(params("($,*,'a''b',.NOTDEFINED.,#12,.T.)")).toEqual([
      { kind: 'null' },
      { kind: 'derived' },
      { kind: 'string', value: "a'b" },
      { kind: 'enum', value: 'NOTDEFINED' },
      { kind: 'ref', id: 12 },
      { kind: 'enum', value: 'T' },
    ]);
  });

  it('tells integers from reals, including STEP forms like 1. and 1.E-5', () => {
    expect(params('(42,42.,-3,1.E-5,2.5E3,-0.125,+7,1.5e2)')).toEqual([
      { kind: 'integer', value: 42 },
      { kind: 'real', value: 42 },
      { kind: 'integer', value: -3 },
      { kind: 'real', value: 1e-5 },
      { kind: 'real', value: 2500 },
      { kind: 'real', value: -0.125 },
      { kind: 'integer', value: 7 },
      { kind: 'real', value: 150 },
    ]);
  });

  it('parses reals exactly like Number()', () => {
    for (const text of [
      '0.1',
      '3.14159265358979',
      '123456.789',
      '1.7976931348623157E308',
      '4.9E-324',
      '0.30000000000000004',
    ]) {
      const [v] = params(`(${text})`);
      expect(v).toEqual({ kind: 'real', value: Number(text) });
    }
  });

  it('decodes nested lists and empty lists', () => {
    expect(params('((1,2),(),((#3)))')).toEqual([
      {
        kind: 'list',
        items: [
          { kind: 'integer', value: 1 },
          { kind: 'integer', value: 2 },
        ],
      },
      { kind: 'list', items: [] },
      { kind: 'list', items: [{ kind: 'list', items: [{ kind: 'ref', id: 3 }] }] },
    ]);
  });

  it('decodes typed values, upper-casing the type', () => {
    expect(params("(IFCLABEL('x'),IfcLengthMeasure(2.),IFCBOOLEAN(.F.),(IFCINTEGER(1)))")).toEqual([
      { kind: 'typed', type: 'IFCLABEL', value: { kind: 'string', value: 'x' } },
      { kind: 'typed', type: 'IFCLENGTHMEASURE', value: { kind: 'real', value: 2 } },
      { kind: 'typed', type: 'IFCBOOLEAN', value: { kind: 'enum', value: 'F' } },
      { kind: 'list', items: [{ kind: 'typed', type: 'IFCINTEGER', value: { kind: 'integer', value: 1 } }] },
    ]);
  });

  it('decodes binaries and tolerates white space, line breaks and comments', () => {
    expect(params('( "0FF" ,\n  #1 /* a comment, with ) and ; */ , $ )')).toEqual([
      { kind: 'binary', value: '0FF' },
      { kind: 'ref', id: 1 },
      { kind: 'null' },
    ]);
  });

  it('keeps separators inside strings', () => {
    expect(params("('a,b);c',')')")).toEqual([
      { kind: 'string', value: 'a,b);c' },
      { kind: 'string', value: ')' },
    ]);
  });

  it('reports the line of a malformed parameter', () => {
    expect(() => params('(1,\n@)')).toThrow(/line 2: unexpected character '@'/);
    expect(() => params('(1 2)')).toThrow(/expected ',' or '\)'/);
  });
});

describe('decodeParameterAt', () => {
  const bytes = enc("('g,''u(id',#5,(#1,#2),IFCLABEL('x'),$);");
  const end = bytes.length - 1;
  it('decodes one parameter, skipping strings and lists before it', () => {
    expect(decodeParameterAt(bytes, 0, end, 0)).toEqual({ kind: 'string', value: "g,'u(id" });
    expect(decodeParameterAt(bytes, 0, end, 1)).toEqual({ kind: 'ref', id: 5 });
    expect(decodeParameterAt(bytes, 0, end, 3)).toEqual({
      kind: 'typed',
      type: 'IFCLABEL',
      value: { kind: 'string', value: 'x' },
    });
    expect(decodeParameterAt(bytes, 0, end, 4)).toEqual({ kind: 'null' });
  });
  it('returns undefined past the last parameter', () => {
    expect(decodeParameterAt(bytes, 0, end, 5)).toBeUndefined();
  });
});

describe('extractRefs', () => {
  it('collects the references of one parameter at any depth, ignoring # in strings', () => {
    const bytes = enc("('#9',#5,((#1,#2),#3),#4);");
    const out: number[] = [];
    extractRefs(bytes, 0, bytes.length - 1, 2, out);
    expect(out).toEqual([1, 2, 3]);
    const first: number[] = [];
    extractRefs(bytes, 0, bytes.length - 1, 0, first);
    expect(first).toEqual([]);
  });
});

describe('extractRefPairs', () => {
  it('collects two parameters in one pass', () => {
    const bytes = enc("('g''#x',#1,$,$,(#7,#8),#9);");
    const a: number[] = [];
    const b: number[] = [];
    extractRefPairs(bytes, 0, bytes.length - 1, 4, a, 5, b);
    expect(a).toEqual([7, 8]);
    expect(b).toEqual([9]);
  });
});
