// Files stay small (decision 0212): a source file in apps/ or packages/ over 500 lines must say why in
// its first comment block, on a line starting "Over 500 lines:". Generated files, node_modules and
// build output are left out. Split a file that has two purposes rather than writing a reason.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const LIMIT = 500;
const SOURCE = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs|css)$/;
const LEFT_OUT = /(^|\/)(node_modules|dist|generated)\//;
const REASON = /^Over 500 lines: \S/;

/** The lines of a file's first comment block (`//` lines in a row, or one `/* … *\/`), markers removed. */
function firstCommentBlock(text: string): string[] {
  const lines = text.split('\n');
  const start = lines.findIndex((line) => /^\s*(\/\/|\/\*)/.test(line));
  if (start < 0) return [];
  if (lines[start]!.trim().startsWith('//')) {
    const block: string[] = [];
    for (let i = start; i < lines.length && lines[i]!.trim().startsWith('//'); i++) {
      block.push(lines[i]!.trim().replace(/^\/\/+\s?/, ''));
    }
    return block;
  }
  const block: string[] = [];
  for (let i = start; i < lines.length; i++) {
    const line = lines[i]!;
    const closed = line.includes('*/');
    block.push(
      line
        .replace(/\*\/.*$/, '')
        .trim()
        .replace(/^\/\*+\s?/, '')
        .replace(/^\*\s?/, '')
        .trim(),
    );
    if (closed) break;
  }
  return block;
}

/** Source files of apps/ and packages/ (tracked, or new and not ignored) with their line counts. */
function sourceFiles(): Array<{ file: string; lines: number }> {
  const listed = execFileSync(
    'git',
    ['ls-files', '--cached', '--others', '--exclude-standard', 'apps', 'packages'],
    { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  )
    .split('\n')
    .filter((file) => SOURCE.test(file) && !LEFT_OUT.test(file) && existsSync(join(root, file)));
  return listed.map((file) => {
    const text = readFileSync(join(root, file), 'utf8');
    return { file, lines: text.split('\n').length - (text.endsWith('\n') ? 1 : 0) };
  });
}

describe('files over 500 lines', () => {
  it('say why in their first comment block ("Over 500 lines: …")', () => {
    const files = sourceFiles();
    expect(files.length).toBeGreaterThan(500);
    const unexplained = files
      .filter((f) => f.lines > LIMIT)
      .filter((f) => !firstCommentBlock(readFileSync(join(root, f.file), 'utf8')).some((l) => REASON.test(l)))
      .map((f) => `${f.file}: ${f.lines} lines`);
    expect(unexplained).toEqual([]);
  });

  it('finds the reason in either kind of comment, and only in the first block', () => {
    const reason = (text: string) => firstCommentBlock(text).some((l) => REASON.test(l));
    expect(reason('// Data.\n// Over 500 lines: one table.\nconst a = 1;\n')).toBe(true);
    expect(reason("import x from 'y';\n/**\n * Data.\n * Over 500 lines: one table.\n */\n")).toBe(true);
    expect(reason('/** Over 500 lines: one table. */\nconst a = 1;\n')).toBe(true);
    expect(reason('// Data.\nconst a = 1;\n// Over 500 lines: too late.\n')).toBe(false);
    expect(reason('/** Data. */\n/** Over 500 lines: a second block. */\n')).toBe(false);
    expect(reason('// Over 500 lines:\n')).toBe(false);
    expect(reason('const a = 1;\n')).toBe(false);
  });
});
