import { describe, expect, it } from 'vitest';
import { readXml, XmlReadError } from './xml-tree';

const nested = (depth: number) => `${'<a>'.repeat(depth)}${'</a>'.repeat(depth)}`;

describe('readXml limits (issue 16: bounded work for every input)', () => {
  it('reads a document within the depth limit', () => {
    expect(readXml(nested(64)).name).toBe('a');
  });

  it('refuses the 65th level with its position', () => {
    try {
      readXml(nested(65));
      expect.unreachable('a 65-deep document must be refused');
    } catch (error) {
      expect(error).toBeInstanceOf(XmlReadError);
      expect((error as XmlReadError).message).toBe('Elements nested deeper than 64 levels.');
      expect((error as XmlReadError).line).toBe(1);
    }
  });

  it('stops at the first limit instead of reading 200,000 nested tags to the end', () => {
    // Before: read to the end at a cost quadratic in depth (570 s for this input); the chunked reader
    // needs milliseconds. The test's timeout (60 s, a guard against a hang, not a speed check: decision
    // 0205) fails the quadratic reader whatever the machine's load.
    expect(() => readXml(nested(200_000))).toThrow('Elements nested deeper than 64 levels.');
  }, 60_000);

  it('keeps characters outside the BMP whole across chunk boundaries', () => {
    const text = `<a>${'x'.repeat(4095)}😀${'y'.repeat(10)}</a>`;
    expect(readXml(text).text).toBe(`${'x'.repeat(4095)}😀${'y'.repeat(10)}`);
  });

  it('refuses more elements than the limit', () => {
    expect(() => readXml(`<r>${'<a/>'.repeat(11)}</r>`, { maxElements: 10 })).toThrow(
      'More than 10 elements.',
    );
  });
});

describe('readXml source spans', () => {
  it('records where each tag starts and ends, past comments, CDATA, CRLF and quoted ">" in attributes', () => {
    const text = `<?xml version="1.0"?>\r\n<r a="x > y" b='/>'><!-- <c></c> --><c><![CDATA[</c>]]></c>\r\n<d/></r>`;
    const root = readXml(text);
    const [c, d] = root.children;
    expect(root.span).toEqual({
      start: text.indexOf('<r '),
      contentStart: text.indexOf('<!--'),
      contentEnd: text.lastIndexOf('</r>'),
      end: text.length,
    });
    expect(c?.span).toEqual({
      start: text.indexOf('<c><!['),
      contentStart: text.indexOf('<![CDATA['),
      contentEnd: text.indexOf('</c>\r\n'),
      end: text.indexOf('\r\n<d/>'),
    });
    const dAt = text.indexOf('<d/>');
    expect(d?.span).toEqual({ start: dAt, contentStart: dAt + 4, contentEnd: dAt + 4, end: dAt + 4 });
  });

  it('keeps offsets exact across the reader chunks', () => {
    const text = `<r>${'<a>x</a>'.repeat(2000)}<z/></r>`;
    const z = readXml(text).children.at(-1);
    expect(z?.span.start).toBe(text.indexOf('<z/>'));
  });
});
