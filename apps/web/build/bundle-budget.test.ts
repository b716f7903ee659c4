import { brotliCompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { type BudgetChunk, measureBudgets, staticClosure } from './bundle-budget';

const chunk = (fileName: string, code: string, extra: Partial<BudgetChunk> = {}): BudgetChunk => ({
  fileName,
  code,
  isEntry: false,
  facadeModuleId: null,
  imports: [],
  ...extra,
});

describe('bundle budget (issue 21)', () => {
  const shared = chunk('shared.js', 'export const a = 1;'.repeat(50));
  const entry = chunk('index.js', 'import "./shared.js";'.repeat(40), {
    isEntry: true,
    imports: ['shared.js'],
  });
  const route = chunk('dashboard.js', 'export const d = 2;'.repeat(30), {
    facadeModuleId: '/repo/apps/web/src/app/dashboard-page.tsx',
    imports: ['shared.js', 'charts.js'],
  });
  const charts = chunk('charts.js', 'export const c = 3;'.repeat(20));
  const viewer = chunk('viewer.js', 'x'.repeat(10_000));
  const chunks = [entry, shared, route, charts, viewer];

  it('counts a view as its roots and their static imports, each file once, never what loads on demand', () => {
    expect(
      staticClosure(chunks, [entry, route])
        .map((c) => c.fileName)
        .sort(),
    ).toEqual(['charts.js', 'dashboard.js', 'index.js', 'shared.js']);
  });

  it('sums brotli sizes and fails a view over its budget', () => {
    const brotli = (c: BudgetChunk) => brotliCompressSync(Buffer.from(c.code)).length;
    const signIn = brotli(entry) + brotli(shared);
    const [small, large] = measureBudgets(chunks, [
      { view: 'sign-in', routes: [], maxBrotliBytes: signIn + 50 },
      { view: 'dashboard', routes: ['src/app/dashboard-page.tsx'], maxBrotliBytes: signIn },
    ]);
    // Quality 10 and the default quality differ by a few bytes on inputs this small.
    expect(Math.abs((small?.brotliBytes ?? 0) - signIn)).toBeLessThan(20);
    expect(small?.within).toBe(true);
    expect(large?.within).toBe(false);
    expect(large?.files).not.toContain('viewer.js');
  });

  it('finds a route whose module was grouped into a chunk it is not the facade of', () => {
    const grouped = chunk('dashboard-group.js', 'export const g = 4;'.repeat(30), {
      moduleIds: ['/repo/apps/web/src/app/shell/tabs.tsx', '/repo/apps/web/src/app/demo-page.tsx'],
      imports: ['shared.js'],
    });
    const [view] = measureBudgets(
      [entry, shared, grouped, viewer],
      [{ view: 'demo', routes: ['src/app/demo-page.tsx'], maxBrotliBytes: 10_000 }],
    );
    expect(view?.files.sort()).toEqual(['dashboard-group.js', 'index.js', 'shared.js']);
  });

  it('refuses a budget whose route is not in the build', () => {
    expect(() =>
      measureBudgets(chunks, [{ view: 'x', routes: ['src/nowhere.tsx'], maxBrotliBytes: 1 }]),
    ).toThrow(/no chunk for the route/);
  });
});
