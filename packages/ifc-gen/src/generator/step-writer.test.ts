import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { real, refs, StepWriter, str } from './step-writer';

describe('STEP encoding', () => {
  it('escapes quotes, backslashes and non-ASCII characters', () => {
    expect(str('plain')).toBe("'plain'");
    expect(str("L'nT,w")).toBe("'L''nT,w'");
    expect(str('a\\b')).toBe("'a\\\\b'");
    expect(str('Küche')).toBe("'K\\X2\\00FC\\X0\\che'");
    expect(str('€–')).toBe("'\\X2\\20AC2013\\X0\\'");
  });

  it('writes reals with a decimal point and at most 6 decimals', () => {
    expect(real(3)).toBe('3.');
    expect(real(0.25)).toBe('0.25');
    expect(real(-1.5)).toBe('-1.5');
    expect(real(1e-7)).toBe('0.');
    expect(real(-1e-9)).toBe('0.');
    expect(real(600000)).toBe('600000.');
    expect(real(2 / 3)).toBe('0.666667');
  });

  it('writes reference lists', () => {
    expect(refs([1, 22, 333])).toBe('(#1,#22,#333)');
  });
});

describe('StepWriter', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('numbers instances, counts bytes exactly and streams more than its buffer', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'plumbline-writer-'));
    dirs.push(dir);
    const path = join(dir, 'out.step');
    const writer = await StepWriter.create(path);
    writer.raw('HEADER;\n');
    const long = 'x'.repeat(1000);
    let last = 0;
    for (let i = 0; i < 12_000; i++) {
      last = writer.add(`IFCLABEL('${long}')`);
      if (i % 100 === 0) await writer.flushIfFull();
    }
    const expectedBytes = writer.bytes;
    await writer.close();
    const text = await readFile(path, 'latin1');
    expect(last).toBe(12_000);
    expect(writer.instanceCount).toBe(12_000);
    expect(text.length).toBe(expectedBytes);
    expect(text.startsWith("HEADER;\n#1=IFCLABEL('x")).toBe(true);
    expect(text.endsWith(`#12000=IFCLABEL('${long}');\n`)).toBe(true);
  });
});
