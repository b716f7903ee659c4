import { describe, expect, it } from 'vitest';
import { stepText } from '../testing/step-fixture';
import { readHeader } from './header';
import { indexInstances } from './index-file';

const enc = (s: string) => new TextEncoder().encode(s);
const indexOf = (data: string) => {
  const bytes = enc(stepText('IFC4', data));
  return { bytes, index: indexInstances(bytes, readHeader(bytes).dataStart) };
};
const text = (bytes: Uint8Array, from: number, to: number) =>
  new TextDecoder().decode(bytes.subarray(from, to));

describe('indexInstances', () => {
  it('indexes ids, classes and byte ranges of every instance', () => {
    const { bytes, index } = indexOf("#1=IFCWALL('a',$);\n#20 = IfcDoor ( 'b' ) ;\n#3=IFCWALL('c',$);");
    expect(index.count).toBe(3);
    expect([...index.ids]).toEqual([1, 20, 3]);
    expect(index.classNames).toEqual(['IFCWALL', 'IFCDOOR']);
    expect([...index.classOf]).toEqual([0, 1, 0]);
    expect(text(bytes, index.starts[1]!, index.ends[1]! + 1)).toBe("#20 = IfcDoor ( 'b' ) ;");
    expect(text(bytes, index.paramStarts[0]!, index.ends[0]!)).toBe("('a',$)");
  });

  it('skips semicolons and quotes inside strings, and comments anywhere', () => {
    const { bytes, index } = indexOf(
      "/* header comment; with 'quote */\n#1=IFCLABELLED('a;b''c',/* ; */'d');\n/* between */#2=IFCX($);",
    );
    expect(index.count).toBe(2);
    expect(text(bytes, index.paramStarts[0]!, index.ends[0]!)).toBe("('a;b''c',/* ; */'d')");
  });

  it('indexes entities spread over several lines', () => {
    const { index } = indexOf("#1=IFCPROPERTYSET('g',$,\n  'Pset',\n  $,\n  (#2,\n   #3));\n#2=IFCX();");
    expect(index.count).toBe(2);
    expect(index.classNames).toEqual(['IFCPROPERTYSET', 'IFCX']);
  });

  it('accepts several DATA sections', () => {
    const bytes = enc(stepText('IFC4', '#1=IFCX();\nENDSEC;\nDATA;\n#2=IFCY();'));
    expect(indexInstances(bytes, readHeader(bytes).dataStart).count).toBe(2);
  });

  it('reports a truncated instance with its line', () => {
    const bytes = enc(
      `${stepText('IFC4', '#1=IFCX();').split('#1=')[0]}#1=IFCX();\n#2=IFCWALL('unterminated`,
    );
    expect(() => indexInstances(bytes, readHeader(bytes).dataStart)).toThrow(
      /line 9: entity instance #2 is not terminated/,
    );
  });

  it('reports garbage where an instance should start', () => {
    expect(() => indexOf('#1=IFCX();\nhello')).toThrow(
      /line 9: expected an entity instance '#id=' or ENDSEC, found 'h'/,
    );
    expect(() => indexOf('#1 IFCX();')).toThrow(/expected '=' after #1/);
    expect(() => indexOf('#1=IFCX;')).toThrow(/expected '\(' after the class name of #1/);
  });
});
