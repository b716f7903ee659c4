/**
 * The fast reader against the saxes reader, the independent path: on every IDS file we have (also
 * with CR LF line ends), a generated national-size pack and hand-made documents, both build the
 * same tree — names, namespaces, attributes, text, line, column and source spans. Documents outside
 * the fast reader's subset, and every ill-formed one, make it step aside (null), never guess; at a
 * limit both refuse the document alike.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readPlainXml } from './plain-xml';
import { XmlReadError } from './xml-read-error';
import { readXmlWithSaxes, type XmlElement } from './xml-tree';

const LIMITS = { maxDepth: 64, maxElements: 5_000_000 };
const shared = resolve(__dirname, '../../../../../shared');

function idsFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ids'))
    .map((e) => join(e.parentPath, e.name))
    .sort();
}

/** Everything the tree holds, as plain data. */
function plain(element: XmlElement): unknown {
  return {
    name: element.name,
    namespace: element.namespace,
    attributes: [...element.attributes],
    declarations: element.namespaceDeclarations ? [...element.namespaceDeclarations] : null,
    text: element.text,
    line: element.line,
    column: element.column,
    span: element.span,
    children: element.children.map(plain),
  };
}

function expectSameTree(text: string): void {
  const fast = readPlainXml(text, LIMITS);
  expect(fast, 'the fast reader stepped aside').not.toBeNull();
  expect(plain(fast as XmlElement)).toEqual(
    plain(readXmlWithSaxes(text, LIMITS.maxDepth, LIMITS.maxElements)),
  );
}

describe('readPlainXml builds the saxes tree', () => {
  const files = [...idsFiles(join(shared, 'ids-testcases')), ...idsFiles(join(shared, 'ids-examples'))];

  it('on every IDS test case and example, as written and with CR LF line ends', () => {
    expect(files.length).toBeGreaterThan(200);
    let fastOnes = 0;
    for (const file of files) {
      const text = readFileSync(file, 'utf8').replace(/^\uFEFF/, '');
      if (readPlainXml(text, LIMITS) === null) {
        // Outside the subset: saxes reads it (or refuses it); nothing to compare.
        continue;
      }
      fastOnes++;
      expectSameTree(text);
      expectSameTree(text.replace(/\r?\n/g, '\r\n'));
    }
    // The subset is what IDS files are written in: nearly all of them take the fast path.
    expect(fastOnes).toBeGreaterThan(files.length * 0.9);
  });

  it('on a pack of specifications with 1,500-value code lists', () => {
    const values = (n: number) =>
      Array.from(
        { length: 1500 },
        (_, i) => `\n          <xs:enumeration value="${n}.${i} &amp; code"/>`,
      ).join('');
    const specification = (n: number) =>
      `\n  <specification name="S${n}" ifcVersion="IFC4"><applicability><entity><name><simpleValue>IFCWALL</simpleValue></name></entity></applicability>` +
      `<requirements><property><propertySet><simpleValue>Pset_${n}</simpleValue></propertySet><baseName><simpleValue>Code</simpleValue></baseName>` +
      `<value><xs:restriction base="xs:string">${values(n)}\n        </xs:restriction></value></property></requirements></specification>`;
    expectSameTree(
      `<?xml version="1.0" encoding="UTF-8"?>\n<ids xmlns="http://standards.buildingsmart.org/IDS" xmlns:xs="http://www.w3.org/2001/XMLSchema">` +
        `<info><title>Codes</title></info><specifications>${[1, 2, 3, 4].map(specification).join('')}\n</specifications></ids>\n`,
    );
  });

  it('on comments, CDATA, references, prefixes, declarations and normalised attribute values', () => {
    expectSameTree(
      [
        '<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n<!-- head -->\n',
        '<ids:ids xmlns:ids="http://standards.buildingsmart.org/IDS" xmlns:xs="http://www.w3.org/2001/XMLSchema"',
        ' xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="a\tb\r\nc">',
        '<ids:info><ids:title>A &amp; B &lt;c&gt; &quot;d&quot; &apos;e&apos; &#65;&#x42;</ids:title>',
        '<ids:description><![CDATA[x < y ]] & z]]>tail<!-- a - b --></ids:description></ids:info>',
        '<ids:specifications><ids:specification name=\'s &gt; 1\' ifcVersion="IFC4"/>',
        '<plain xmlns="urn:other" a="1"  b = "2"><inner xml:lang="nl">text\rwith lone CR</inner></plain>',
        '<xs:restriction base="xs:string"><xs:enumeration value="&#x9;tab"/></xs:restriction>',
        '</ids:specifications></ids:ids>\n<!-- tail -->\n',
      ].join(''),
    );
  });
});

describe('readPlainXml steps aside for saxes', () => {
  const aside = (text: string) => readPlainXml(text, LIMITS);

  it('on documents that are not well formed (saxes gives the error)', () => {
    for (const text of [
      '<a><b></a></b>',
      '<a>',
      '<a></a><b/>',
      'text<a/>',
      '<a>x ]]> y</a>',
      '<a b="<"/>',
      '<a b="1" b="2"/>',
      '<a b="1"c="2"/>',
      '<a b=1/>',
      '<p:a/>',
      '<a>&nbsp;</a>',
      '<a>& b</a>',
      '<a>&#0;</a>',
      '<!-- a -- b --><a/>',
      '<?xml version="2"?><a/>',
    ]) {
      expect(aside(text), text).toBeNull();
      expect(() => readXmlWithSaxes(text, 64, 1000), text).toThrow();
    }
  });

  it('on XML beyond the subset, which saxes reads', () => {
    for (const text of [
      '<é/>',
      '<a>😀</a>',
      '<a x:b="1" xmlns:x="u" y:b="2" xmlns:y="v"/>',
      '<?pi x?><a/>',
      '<a/><?pi x?>',
    ]) {
      expect(aside(text), text).toBeNull();
      expect(readXmlWithSaxes(text, 64, 1000).name, text).toBeTruthy();
    }
  });

  it('on a DOCTYPE (saxes reports it, with its position)', () => {
    expect(aside('<!DOCTYPE a [<!ENTITY x "y">]><a>&x;</a>')).toBeNull();
  });
});

/** The error a reader throws, as plain data (null when it reads the document). */
function refusal(
  read: () => unknown,
): { message: string; line: number | null; column: number | null } | null {
  try {
    read();
    return null;
  } catch (error) {
    if (!(error instanceof XmlReadError)) throw error;
    return { message: error.message, line: error.line, column: error.column };
  }
}

/** Both readers refuse `text` alike: the fast one as it reaches the limit, without saxes. */
function expectSameRefusal(text: string, limits: { maxDepth: number; maxElements: number }): void {
  const saxes = refusal(() => readXmlWithSaxes(text, limits.maxDepth, limits.maxElements));
  expect(saxes, 'saxes read it').not.toBeNull();
  expect(refusal(() => readPlainXml(text, { ...limits, enumerationValues: true }))).toEqual(saxes);
  expect(refusal(() => readPlainXml(text, limits))).toEqual(saxes);
}

describe('readPlainXml at the depth and element limits', () => {
  const XS = 'xmlns:xs="http://www.w3.org/2001/XMLSchema"';
  const restriction = (values: string, attributes = XS) =>
    `<r ${attributes}>\n  <xs:restriction base="xs:string">\n${values}\n  </xs:restriction>\n</r>`;
  const enumerations = (n: number, separator = '\n    ') =>
    Array.from({ length: n }, (_, i) => `<xs:enumeration value="v${i}"/>`).join(separator);

  it('refuses where saxes does, with its message and position', () => {
    expectSameRefusal(`${'<a>'.repeat(65)}${'</a>'.repeat(65)}`, LIMITS);
    expectSameRefusal(`<r>\n${'<a/>'.repeat(11)}</r>`, { maxDepth: 64, maxElements: 10 });
    expectSameRefusal(`<r>\n${'<a x="1">\n</a>'.repeat(11)}</r>`, { maxDepth: 64, maxElements: 10 });
    // Code lists: kept as text (a run), read one value at a time after an odd one, or nested too deep.
    expectSameRefusal(restriction(enumerations(20)), { maxDepth: 64, maxElements: 12 });
    expectSameRefusal(restriction(enumerations(20, '')), { maxDepth: 64, maxElements: 12 });
    expectSameRefusal(restriction(`<xs:enumeration value="a&amp;b"/>\n${enumerations(20)}`), {
      maxDepth: 64,
      maxElements: 12,
    });
    expectSameRefusal(restriction(enumerations(5)), { maxDepth: 2, maxElements: 100 });
    expectSameRefusal(restriction(enumerations(5)), { maxDepth: 2, maxElements: 2 });
  });

  it('reads a document exactly at the limits', () => {
    expect(readPlainXml(`${'<a>'.repeat(64)}${'</a>'.repeat(64)}`, LIMITS)).not.toBeNull();
    expect(readPlainXml(`<r>${'<a/>'.repeat(9)}</r>`, { maxDepth: 64, maxElements: 10 })).not.toBeNull();
    const list = restriction(enumerations(10));
    expect(readPlainXml(list, { maxDepth: 64, maxElements: 12, enumerationValues: true })).not.toBeNull();
  });

  it('stops reading at the limit: a wide document costs what the limit allows, not what it holds', () => {
    // Two million empty elements (8 MB), refused at the limit; the whole tree would be ~1 GB.
    const wide = `<r>${'<a/>'.repeat(2_000_000)}</r>`;
    const before = process.memoryUsage().heapUsed;
    expect(refusal(() => readPlainXml(wide, { maxDepth: 64, maxElements: 1_000 }))).toEqual({
      message: 'More than 1,000 XML elements, the limit for this file.',
      line: 1,
      // The 1,001st element is the 1,000th <a/> (after <r>); saxes counts columns from 0, plus one.
      column: 3 + 4 * 1_000 + 1,
    });
    // Elements past the limit are never built (each is a few hundred bytes).
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(50 * 1024 * 1024);
  }, 60_000);
});
