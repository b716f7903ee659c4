import type { Locator, Page } from 'playwright-core';
import { expectVisible } from './browser';
import { until, WAIT_MS } from './wait';

/** Pixels of a viewer's canvas by colour family (the canvas keeps its drawing buffer). */
export async function pixelCounts(
  viewer: Locator,
): Promise<{ red: number; green: number; cyan: number; magenta: number; total: number }> {
  return viewer.locator('canvas').evaluate((canvas: HTMLCanvasElement) => {
    const copy = document.createElement('canvas');
    copy.width = canvas.width;
    copy.height = canvas.height;
    const context2d = copy.getContext('2d') as CanvasRenderingContext2D;
    context2d.drawImage(canvas, 0, 0);
    const data = context2d.getImageData(0, 0, copy.width, copy.height).data;
    let red = 0;
    let green = 0;
    let cyan = 0;
    let magenta = 0;
    for (let i = 0; i < data.length; i += 4) {
      const [r, g, b] = [data[i] as number, data[i + 1] as number, data[i + 2] as number];
      // #ef4444 and #22c55e under the scene's lights: the hue holds, the brightness varies. Seen
      // through see-through context (the Changes viewer), red pales towards pink: r ≈ 1.9 × g.
      if (r > 120 && r > 1.6 * g && r > 1.6 * b) red += 1;
      if (g > 120 && g > 1.4 * r && g > 1.6 * b) green += 1;
      if (g > 100 && b > 100 && r < 0.6 * g && r < 0.6 * b) cyan += 1; // the highlight, #06b6d4
      // Waived, #86198f: red and blue alike, little green (not the indigo #4f46e5, whose red is a third of its blue).
      if (r > 50 && b > 50 && r > 0.6 * b && b > 0.6 * r && g < 0.4 * r && g < 0.4 * b) magenta += 1;
    }
    return { red, green, cyan, magenta, total: data.length / 4 };
  });
}

export type PixelCounts = Awaited<ReturnType<typeof pixelCounts>>;

/**
 * Samples the viewer until `ready` holds for the pixel counts, then returns that sample; at the guard
 * (WAIT_MS) it returns the last sample, so the caller's expectations say what was wrong. Colours and
 * tiles land from the fragments worker some frames after the data, and on a loaded machine (another
 * test file beside this one, other processes) many seconds later: no pixel check reads the canvas
 * once and trusts it.
 */
export async function settledPixelCounts(
  viewer: Locator,
  ready: (counts: PixelCounts) => boolean,
): Promise<PixelCounts> {
  const deadline = Date.now() + WAIT_MS;
  let counts = await pixelCounts(viewer);
  while (!ready(counts) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    counts = await pixelCounts(viewer);
  }
  if (!ready(counts)) {
    const painted = await viewer.getAttribute('data-viewer-painted').catch(() => null);
    console.warn(`pixels never ready in ${WAIT_MS} ms: ${JSON.stringify(counts)}, last paint '${painted}'`);
  }
  return counts;
}

/**
 * The pixel counts once the view has stopped changing (tiles keep streaming in for a while after the
 * first colours): two samples a second apart that agree.
 */
export async function stillPixelCounts(viewer: Locator): Promise<PixelCounts> {
  let last = await pixelCounts(viewer);
  return until(
    'the view to stop changing',
    async () => {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const next = await pixelCounts(viewer);
      const same = next.red === last.red && next.green === last.green && next.cyan === last.cyan;
      last = next;
      return same ? next : null;
    },
    0,
  );
}

/**
 * Waits until the compliance viewer's last paint is one with this status filter ('all' or a status)
 * and some or no failing elements among those drawn: pixels read before then show an older paint.
 */
export async function waitForPaint(viewer: Locator, filter: string, failing: 'some' | 'none'): Promise<void> {
  await until(`a '${filter}' paint with ${failing} failing`, async () => {
    const painted = (await viewer.getAttribute('data-viewer-painted')) ?? '';
    const [paintedFilter, failed] = painted.split(':');
    return paintedFilter === filter && (failing === 'some') === Number(failed) > 0;
  });
}

/** Waits until a viewer panel has loaded its model and drawn it. */
export async function waitForViewerReady(viewer: Locator): Promise<void> {
  await expectVisible(viewer);
  await viewer.locator('xpath=self::*[@data-viewer-state="ready"]').waitFor();
}

/** Opens the Metadata Explorer on a version (`selection`: its query string) with the 3D viewer and assistant. */
export async function openExplorerWithViewer(page: Page, selection: string): Promise<void> {
  await page.goto(`/dashboard?tab=metadata&${selection}`);
  await page.getByLabel('3D Viewer & AI Assistant').click();
}

/** Types a question into the assistant panel and sends it with Enter. */
export async function askAssistant(panel: Locator, question: string): Promise<void> {
  const input = panel.getByRole('textbox', { name: 'Ask the AI assistant' });
  await input.fill(question);
  await input.press('Enter');
}
