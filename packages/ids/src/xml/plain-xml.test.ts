/**
 * The fast reader against the saxes reader, the independent path: on every IDS file we have (also
 * with CR LF line ends), a generated national-size pack and hand-made documents, both build the
 * same tree — names, namespaces, attributes, text, line, column and source spans. Documents outside
 * the fast reader's subset, and every ill-formed one, make it step aside (null), never guess.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readPlainXml } from './plain-xml';
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

  it('on a DOCTYPE, and at the depth and element limits (saxes reports them, with positions)', () => {
    expect(aside('<!DOCTYPE a [<!ENTITY x "y">]><a>&x;</a>')).toBeNull();
    expect(readPlainXml(`${'<a>'.repeat(65)}${'</a>'.repeat(65)}`, LIMITS)).toBeNull();
    expect(readPlainXml(`<r>${'<a/>'.repeat(11)}</r>`, { maxDepth: 64, maxElements: 10 })).toBeNull();
    expect(readPlainXml(`${'<a>'.repeat(64)}${'</a>'.repeat(64)}`, LIMITS)).not.toBeNull();
  });
});
