/**
 * The line deflater (decision 0453): what it writes inflates, in fflate and in zlib, to the text
 * the template renders; it gives up on text it cannot copy as is; and the BCF archives it writes
 * the long viewpoints of still load in both BCF readers with every component.
 */

import { inflateRawSync } from 'node:zlib';
import { inflateSync, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { topicsReadByBcfJs, topicsReadByThatOpen } from '../testing/bcf-readers';
import { buildBcfReport } from './bcf';
import { deflateTemplate, renderTemplate, type TemplatePart } from './deflate-lines';
import { manyFailuresReport } from './fixtures';
import { crc32, crc32Js } from './zip-writer';

const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_$';
/** Deterministic, poorly compressible GlobalId-like values. */
function values(count: number, length = 22): string[] {
  let seed = 12345;
  return Array.from({ length: count }, () =>
    Array.from({ length }, () => {
      seed = (seed * 1103515245 + 12345) >>> 0;
      return alphabet[(seed >>> 16) % 64];
    }).join(''),
  );
}

function inflatesTo(parts: readonly TemplatePart[]): void {
  const written = deflateTemplate(parts);
  expect(written).not.toBeNull();
  const text = renderTemplate(parts);
  const compressed = written!.compressed.slice();
  expect(new TextDecoder().decode(written!.data)).toBe(text);
  expect(new TextDecoder().decode(inflateSync(compressed))).toBe(text);
  expect(inflateRawSync(compressed).toString('utf8')).toBe(text);
}

describe('deflateTemplate', () => {
  it.each([0, 1, 2, 3, 4, 150, 3000])('inflates to the rendered text: %i lines in two runs', (count) => {
    const guids = values(count);
    inflatesTo([
      '<?xml version="1.0" encoding="UTF-8"?>\n<VisualizationInfo Guid="é">\n',
      { prefix: '      <Component IfcGuid="', values: guids, suffix: '"/>\n' },
      '    </Selection>\n',
      { prefix: '        <Component IfcGuid="', values: guids, suffix: '"/>\n' },
      '</VisualizationInfo>\n',
    ]);
  });

  it('copes with values of other lengths, short text around them and matches too far back', () => {
    const mixed = values(400).map((v, i) => (i % 7 === 0 ? v.slice(0, 5) : i % 11 === 0 ? `${v}${v}` : v));
    inflatesTo([{ prefix: '<a>', values: mixed, suffix: '</a>\n' }]);
    inflatesTo([{ prefix: '', values: mixed, suffix: '' }]);
    inflatesTo([{ prefix: 'x', values: mixed, suffix: 'y' }]);
    // A value longer than deflate's 32 KiB window: what lies between is written as literals.
    inflatesTo([
      { prefix: ' <C v="', values: [...values(3), 'a'.repeat(40_000), ...values(3)], suffix: '"/>\n' },
    ]);
    // Longer than a match can be (258 bytes).
    inflatesTo([{ prefix: `<${'p'.repeat(300)} v="`, values: values(5), suffix: '"/>\n' }]);
  });

  it('gives up on what XML would escape or what is not ASCII', () => {
    expect(deflateTemplate([{ prefix: '<C v="', values: ['ok', 'a&b'], suffix: '"/>' }])).toBeNull();
    expect(deflateTemplate([{ prefix: '<C v="', values: ['é'], suffix: '"/>' }])).toBeNull();
    expect(deflateTemplate([{ prefix: '<é v="', values: ['ok'], suffix: '"/>' }])).toBeNull();
  });
});

describe('CRC-32', () => {
  it('is the same in JavaScript and in zlib, at every length around the eight-byte steps', async () => {
    const { crc32: zlibCrc32 } = await import('node:zlib');
    for (const length of [0, 1, 7, 8, 9, 15, 16, 17, 1000, 100_003]) {
      const bytes = Uint8Array.from({ length }, (_, i) => (i * 131 + 7) & 0xff);
      expect(crc32Js(bytes)).toBe(zlibCrc32(bytes));
      expect(crc32(bytes)).toBe(zlibCrc32(bytes));
    }
    // The check value of the standard: "123456789" gives CBF43926.
    expect(crc32Js(new TextEncoder().encode('123456789'))).toBe(0xcbf43926);
  });
});

describe('a BCF archive with long viewpoints', { timeout: 120_000 }, () => {
  // 200 doors and 100 windows failing: two type topics, each viewpoint 100 components or more.
  const report = manyFailuresReport(300);
  const guids = report.specifications[0]!.failingElements.map((e) => e.globalId);

  it.each(['2.1', '3.0'] as const)(
    '%s: selects every failing element, loads in both readers',
    async (version) => {
      const { bytes } = buildBcfReport(report, { version });
      const files = unzipSync(bytes);
      const viewpoints = Object.entries(files).filter(([name]) => name.endsWith('.bcfv'));
      expect(viewpoints).toHaveLength(2);
      const selected = viewpoints.flatMap(([, data]) =>
        [...new TextDecoder().decode(data).matchAll(/<Component IfcGuid="([^"]*)"\/>/g)].map((m) => m[1]),
      );
      // 2.1 lists each element under Selection and under Coloring; 3.0 under Selection only.
      const copies = version === '2.1' ? 2 : 1;
      expect(selected).toHaveLength(copies * guids.length);
      expect(new Set(selected)).toEqual(new Set(guids));
      // The line deflater wrote them: fflate's zip of the same members differs (only in them).
      const fflateZip = zipSync(files, { level: 6, mtime: new Date(report.checkedAt) });
      expect(Buffer.compare(Buffer.from(fflateZip), Buffer.from(bytes))).not.toBe(0);
      expect(await topicsReadByBcfJs(bytes, version)).toBe(2);
      expect(await topicsReadByThatOpen(bytes)).toBe(2);
    },
  );
});
