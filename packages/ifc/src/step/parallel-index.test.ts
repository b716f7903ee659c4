import { describe, expect, it } from 'vitest';
import { stepText } from '../testing/step-fixture';
import { readHeader } from './header';
import { indexInstances } from './index-file';
import { indexInstancesParallel } from './parallel-index';

function shared(text: string): Uint8Array {
  const encoded = new TextEncoder().encode(text);
  const bytes = new Uint8Array(new SharedArrayBuffer(encoded.length));
  bytes.set(encoded);
  return bytes;
}

function manyInstances(count: number): string {
  const lines: string[] = [];
  for (let i = 1; i <= count; i++) {
    lines.push(
      i % 3 === 0
        ? `#${i}=IFCPROPERTYSINGLEVALUE('P${i}',$,IFCLABEL('a;b''c'),$);`
        : `#${i}=IFCWALL('g${i}',$,'W',$,$,$,$,$,$);`,
    );
  }
  return lines.join('\n');
}

describe('indexInstancesParallel', () => {
  it('gives exactly the sequential index, using several threads', async () => {
    const bytes = shared(stepText('IFC4', manyInstances(30_000)));
    const { dataStart } = readHeader(bytes);
    const { index, threads } = await indexInstancesParallel(bytes, dataStart, 3, 0);
    expect(threads).toBe(3);
    const expected = indexInstances(bytes, dataStart);
    expect(index.count).toBe(30_000);
    expect(index.ids).toEqual(expected.ids);
    expect(index.ends).toEqual(expected.ends);
    expect(index.paramStarts).toEqual(expected.paramStarts);
    expect(index.classOf.map((c) => 0 + c)).toEqual(expected.classOf);
    expect(index.classNames).toEqual(expected.classNames);
  });

  it('falls back to one thread when a cut lands inside a multi-line string', async () => {
    // A string whose lines start with '#': a cut there is not an instance start.
    const tricky = `#1=IFCWALL('${'x\n#2=IFCWALL($);\n'.repeat(2000)}',$);\n${manyInstances(100).replaceAll('#1=', '#100001=')}`;
    const bytes = shared(stepText('IFC4', tricky));
    const { dataStart } = readHeader(bytes);
    const { index, threads } = await indexInstancesParallel(bytes, dataStart, 2, 0);
    expect(threads).toBe(1);
    expect(index.count).toBe(101);
  });

  it('reports the error of a later piece with its line', async () => {
    const bytes = shared(stepText('IFC4', `${manyInstances(20_000)}\n#99999=IFCWALL('x`));
    const { dataStart } = readHeader(bytes);
    await expect(indexInstancesParallel(bytes, dataStart, 2, 0)).rejects.toThrow(
      /line 20008: entity instance #99999 is not terminated/,
    );
  });

  it('scans on this thread for bytes that are not shared', async () => {
    const bytes = new TextEncoder().encode(stepText('IFC4', manyInstances(10)));
    const { threads, index } = await indexInstancesParallel(bytes, readHeader(bytes).dataStart, 4, 0);
    expect(threads).toBe(1);
    expect(index.count).toBe(10);
  });
});
