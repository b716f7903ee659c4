/**
 * The allocation-free readers (decodeStringAt, referencesAt, decodeScalarFields) give exactly what
 * the full decoder gives for the same parameter (decision 0182): expected values come from
 * decodeParameterAt / decodeSimpleFields, the reader they stand in for.
 */
import { describe, expect, it } from 'vitest';
import { refsOf } from '../model/access';
import { scalarValue, toIfcValues } from '../model/values';
import { decodeParameterAt, decodeSimpleFields, type SimpleFields } from './decode';
import { decodeScalarFields, decodeStringAt, referencesAt, type ScalarFields } from './decode-direct';

const enc = (s: string) => new TextEncoder().encode(s);

/** Parameter lists covering every kind of value, spacing and nesting, written `(…)`. */
const LINES = [
  "('Name',$,IFCLABEL('EI60'),$)",
  "( 'a''b' , * ,IFCTEXT ( 'x' ) , #12 )",
  "('Width',$,$,3.5,#7)",
  "('Width','desc',$,IFCLENGTHMEASURE(2400.),$,'f')",
  "('P',$,IFCBOOLEAN(.T.),$)",
  "('P',$,IFCLOGICAL(.U.),$)",
  "('P',$,.T.,$)",
  "('P',$,IFCINTEGER(-42),#3)",
  "('P',$,IFCREAL(1.5E-3),$)",
  '(\'P\',$,"0FF",$)',
  "('P',$,IFCIDENTIFIER('\\X2\\00E9\\X0\\t\\S\\e'),$)",
  "('P',$,(#1,#2, #3),(1.,2.))",
  '(#4,(#5,#6),((#7)),$)',
  "('N',$,IFCLABEL(IFCLABEL('nested')),$)",
  "('N',$,(IFCLABEL('a'),IFCLABEL('b')),#9)",
  "(IFCLABEL('typed name'),$,IFCREAL(2.),$)",
  "('only')",
  '()',
  "('P',$,IFCPOSITIVELENGTHMEASURE(0.5),$)",
  "('P',$,(),$)",
  "('P', $ , IFCLABEL( '' ) , $ )",
  "('P',$,IFCTHERMALTRANSMITTANCEMEASURE(0.28),#120)",
];

function each(fn: (bytes: Uint8Array, end: number, index: number, line: string) => void) {
  for (const line of LINES) {
    const bytes = enc(`${line};`);
    const end = bytes.length - 1;
    for (let index = 0; index < 7; index++) fn(bytes, end, index, line);
  }
}

describe('decodeStringAt', () => {
  it('gives the string the full decoder gives, typed strings unwrapped on request', () => {
    each((bytes, end, index, line) => {
      const v = decodeParameterAt(bytes, 0, end, index);
      const plain = v === undefined ? undefined : v.kind === 'string' ? v.value : null;
      const inner = v?.kind === 'typed' ? v.value : v;
      const unwrapped = inner === undefined ? undefined : inner.kind === 'string' ? inner.value : null;
      expect(decodeStringAt(bytes, 0, end, index, false), `${line} #${index}`).toEqual(plain);
      expect(decodeStringAt(bytes, 0, end, index, true), `${line} #${index}`).toEqual(unwrapped);
    });
  });
});

describe('referencesAt', () => {
  it('gives the references of a parameter or of its list items, as the full decoder does', () => {
    each((bytes, end, index, line) => {
      const expected = refsOf(decodeParameterAt(bytes, 0, end, index));
      expect(referencesAt(bytes, 0, end, index, []), `${line} #${index}`).toEqual(expected);
    });
  });
});

describe('decodeScalarFields', () => {
  it('gives the value and unit decodeSimpleFields gives, or says to use it', () => {
    const scalar: ScalarFields = { kind: 'null', type: null, number: 0, text: '', unit: null };
    const fields: SimpleFields = { name: null, value: null, unit: null };
    let direct = 0;
    for (const line of LINES) {
      const bytes = enc(`${line};`);
      const end = bytes.length - 1;
      for (const [valueIndex, unitIndex] of [
        [2, 3],
        [3, 4],
        [1, 2],
      ] as const) {
        for (const measure of [null, 'IFCLENGTHMEASURE', 'IFCBOOLEAN']) {
          let expected: { values: unknown; unit: number | null };
          try {
            const f = decodeSimpleFields(bytes, 0, end, valueIndex, unitIndex, fields);
            expected = { values: toIfcValues(f.value ?? undefined, measure), unit: f.unit };
          } catch {
            continue; // malformed for the full decoder: the fast path must hand it over
          }
          const s = decodeScalarFields(bytes, 0, end, valueIndex, unitIndex, scalar);
          if (s.kind === 'other') continue;
          direct++;
          const values = s.kind === 'null' ? [] : [scalarValue(s.kind, s.type ?? measure, s.number, s.text)];
          expect({ values, unit: s.unit }, `${line} ${valueIndex}/${unitIndex} ${measure}`).toEqual(expected);
        }
      }
    }
    expect(direct).toBeGreaterThan(100);
  });

  it('hands lists, references and nested types to the full decoder', () => {
    const scalar: ScalarFields = { kind: 'null', type: null, number: 0, text: '', unit: null };
    for (const line of ["('P',$,(1.,2.),$)", "('P',$,#5,$)", "('N',$,IFCLABEL(IFCLABEL('x')),$)"]) {
      const bytes = enc(`${line};`);
      expect(decodeScalarFields(bytes, 0, bytes.length - 1, 2, 3, scalar).kind).toBe('other');
    }
  });
});
