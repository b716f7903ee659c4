import type { APIRequestContext, Locator, Page } from 'playwright-core';
import { createProjectViaApi, fileOnDisk, uploadViaApi, waitForCompletedViaApi } from './api';
import { expectVisible } from './browser';

/** Pixels of a viewer's canvas by colour family (the canvas keeps its drawing buffer). */
export async function pixelCounts(
  viewer: Locator,
): Promise<{ red: number; green: number; cyan: number; total: number }> {
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
    for (let i = 0; i < data.length; i += 4) {
      const [r, g, b] = [data[i] as number, data[i + 1] as number, data[i + 2] as number];
      // #ef4444 and #22c55e under the scene's lights: the hue holds, the brightness varies.
      if (r > 120 && r > 2 * g && r > 2 * b) red += 1;
      if (g > 120 && g > 1.4 * r && g > 1.6 * b) green += 1;
      if (g > 100 && b > 100 && r < 0.6 * g && r < 0.6 * b) cyan += 1; // the highlight, #06b6d4
    }
    return { red, green, cyan, total: data.length / 4 };
  });
}

/**
 * Samples the viewer until `ready` holds for the pixel counts (colours land from the worker a few
 * frames after the data, later on a loaded machine), then returns the last sample either way, so the
 * caller's expectations say what was wrong.
 */
export async function settledPixelCounts(
  viewer: Locator,
  ready: (counts: Awaited<ReturnType<typeof pixelCounts>>) => boolean,
  timeoutMs = 45_000,
): Promise<Awaited<ReturnType<typeof pixelCounts>>> {
  const deadline = Date.now() + timeoutMs;
  let counts = await pixelCounts(viewer);
  while (!ready(counts) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    counts = await pixelCounts(viewer);
  }
  return counts;
}

/**
 * Waits until the compliance viewer's last paint is one with this status filter ('all' or a status)
 * and some or no failing elements among those drawn: pixels read before then show an older paint.
 */
export async function waitForPaint(viewer: Locator, filter: string, failing: 'some' | 'none'): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const painted = (await viewer.getAttribute('data-viewer-painted')) ?? '';
    const [paintedFilter, failed] = painted.split(':');
    if (paintedFilter === filter && (failing === 'some') === Number(failed) > 0) return;
    if (Date.now() > deadline) throw new Error(`the viewer's last paint is '${painted}', not '${filter}'`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Waits until a viewer panel has loaded its model and drawn it. */
export async function waitForViewerReady(viewer: Locator): Promise<void> {
  await expectVisible(viewer);
  await viewer.locator('xpath=self::*[@data-viewer-state="ready"]').waitFor({ timeout: 60_000 });
}

/** Polls until a version's fragments are stored (the conversion job runs after processing). */
export async function waitForFragmentsViaApi(
  request: APIRequestContext,
  ids: { projectId: string; fileId: string; versionId: string },
  timeoutMs = 180_000,
): Promise<void> {
  const url = `/api/v1/projects/${ids.projectId}/bimfiles/${ids.fileId}/versions/${ids.versionId}/fragments`;
  const deadline = Date.now() + timeoutMs;
  while (!(await request.get(url)).ok()) {
    if (Date.now() > deadline) throw new Error('timed out waiting for the fragments');
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/**
 * A project with one IDS and one IFC, processed and converted to fragments, so every panel of the
 * Metadata Explorer can open it. Returns the ids and the explorer's query string for them.
 */
export async function processedProjectViaApi(
  request: APIRequestContext,
  setup: { name: string; description?: string; ids: { name: string; xml: string }; ifcPath: string },
) {
  const project = await createProjectViaApi(request, {
    name: setup.name,
    ...(setup.description ? { description: setup.description } : {}),
  });
  await uploadViaApi(request, `/api/v1/projects/${project.id}/idsfiles`, {
    name: setup.ids.name,
    buffer: Buffer.from(setup.ids.xml),
  });
  const { bim_file: file, version } = await uploadViaApi(
    request,
    `/api/v1/projects/${project.id}/bimfiles`,
    fileOnDisk(setup.ifcPath),
  );
  const ids = { projectId: project.id, fileId: file.id as string, versionId: version.id as string };
  await waitForCompletedViaApi(request, ids.projectId, ids.fileId, 180_000);
  await waitForFragmentsViaApi(request, ids);
  return { ...ids, selection: `project=${ids.projectId}&file=${ids.fileId}&version=${ids.versionId}` };
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
