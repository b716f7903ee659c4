import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompressDirectory } from './precompress';

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('precompressDirectory', () => {
  it('writes .br and .gz beside big text assets only, decompressing to the same bytes', () => {
    dir = mkdtempSync(join(tmpdir(), 'precompress-'));
    mkdirSync(join(dir, 'assets'));
    const script = `export const words = ${JSON.stringify('plumbline '.repeat(500))};\n`;
    writeFileSync(join(dir, 'assets', 'app.js'), script);
    writeFileSync(join(dir, 'assets', 'tiny.css'), 'a{color:red}');
    writeFileSync(join(dir, 'assets', 'logo.png'), Buffer.alloc(4096, 7));

    const written = precompressDirectory(dir)
      .map((path) => path.slice(dir.length + 1))
      .sort();

    expect(written).toEqual(['assets/app.js.br', 'assets/app.js.gz']);
    const br = readFileSync(join(dir, 'assets', 'app.js.br'));
    const gz = readFileSync(join(dir, 'assets', 'app.js.gz'));
    expect(brotliDecompressSync(br).toString()).toBe(script);
    expect(gunzipSync(gz).toString()).toBe(script);
    expect(br.length).toBeLessThan(script.length / 10);
  });
});
