import type { APIRequestContext, BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signUpViaApi } from './harness/api';
import { e2eBaseUrl } from './harness/base-url';
import { browserPagePerTest, expectVisible, screenshot, uniqueEmail } from './harness/browser';
import { projectWithModelViaApi } from './harness/project-with-model';
import { FZK_HOUSE_IFC, haveSamples } from './harness/samples';
import { openExplorerWithViewer, settledPixelCounts, waitForViewerReady } from './harness/viewer';

const baseUrl = e2eBaseUrl();
const haveHouse = haveSamples('chat', FZK_HOUSE_IFC);

/** Walls need Pset_WallCommon.FireRating: the sample's walls have none, so they fail. */
const FIRE_IDS = `<?xml version="1.0" encoding="utf-8"?>
<ids xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://standards.buildingsmart.org/IDS http://standards.buildingsmart.org/IDS/1.0/ids.xsd" xmlns="http://standards.buildingsmart.org/IDS">
  <info><title>Fire safety</title></info>
  <specifications>
    <specification name="Walls have a fire rating" ifcVersion="IFC2X3 IFC4">
      <applicability maxOccurs="unbounded">
        <entity><name><simpleValue>IFCWALLSTANDARDCASE</simpleValue></name></entity>
      </applicability>
      <requirements>
        <property dataType="IFCLABEL">
          <propertySet><simpleValue>Pset_WallCommon</simpleValue></propertySet>
          <baseName><simpleValue>FireRating</simpleValue></baseName>
        </property>
      </requirements>
    </specification>
  </specifications>
</ids>
`;

let context: BrowserContext;
let page: Page;

browserPagePerTest(baseUrl, (session) => {
  ({ context, page } = session);
});

/** A project with the fire IDS and the processed sample, its fragments stored. */
const processedProject = (request: APIRequestContext) =>
  projectWithModelViaApi(request, {
    name: 'Haus',
    description: 'A small family house',
    ids: { name: 'fire.ids', xml: FIRE_IDS },
    ifc: { path: FZK_HOUSE_IFC },
  });

describe.skipIf(!haveHouse)('AI assistant', () => {
  it('answers "Which walls fail fire rating?" with streamed sources that highlight in the viewer', async () => {
    await signUpViaApi(context.request, {
      email: uniqueEmail('chat'),
      password: 'chat-analyst-2026',
      fullName: 'Ada Analyst',
    });
    const ids = await processedProject(context.request);

    await openExplorerWithViewer(page, ids.selection);
    const panel = page.getByRole('region', { name: 'AI Assistant' });
    await expectVisible(panel.getByText('Model analysis'));
    await expectVisible(panel.getByText(/in your residential project "Haus"/));
    const suggestions = panel
      .getByRole('region', { name: 'Suggested questions' })
      .getByRole('button')
      .filter({ hasNotText: 'More' });
    expect(await suggestions.count()).toBe(4);
    // 'More' shows the next four questions.
    const firstFour = await suggestions.allTextContents();
    await panel.getByRole('button', { name: 'More' }).click();
    expect(await suggestions.allTextContents()).not.toEqual(firstFour);
    expect(await suggestions.count()).toBe(4);

    const input = panel.getByRole('textbox', { name: 'Ask the AI assistant' });
    expect(await input.getAttribute('placeholder')).toBe(
      "What insights would help you deliver better value today? (e.g., 'Are there any design optimisation opportunities?')",
    );
    // Shift+Enter adds a line; Enter sends.
    await input.fill('Which walls fail');
    await input.press('Shift+Enter');
    await input.type('fire rating?');
    expect(await input.inputValue()).toBe('Which walls fail\nfire rating?');
    const stream = page.waitForResponse((r) => r.url().includes(`/api/v1/ai/chat/${ids.projectId}/`));
    await input.press('Enter');

    const answer = panel.getByRole('article', { name: 'Assistant message' }).last();
    await expectVisible(answer.getByText(/13 of 13 walls checked "fire rating" do not meet/));
    await expectVisible(answer.getByText(/Pset_WallCommon\.FireRating is missing/));
    await expectVisible(answer.getByRole('button', { name: 'Sources (13 elements)' }));
    // What it found is a line under the answer, not a toast over the Send button.
    await expectVisible(
      answer.getByText('Found 13 elements: click a source to highlight it in the 3D viewer.'),
    );
    expect(await page.getByText(/^Found \d+ elements?$/).count()).toBe(0);
    // The answer is read from its start: its first line is in view, not only its sources.
    const scroller = panel.getByRole('log', { name: 'Conversation' });
    const starts = await answer.evaluate((el) => {
      let box = el.parentElement;
      while (box && getComputedStyle(box).overflowY !== 'auto') box = box.parentElement;
      return { answer: el.getBoundingClientRect().top, box: box?.getBoundingClientRect().top ?? 0 };
    });
    expect(starts.answer).toBeGreaterThanOrEqual(starts.box - 1);
    expect(await scroller.count()).toBe(1);
    // Sources say what each element is: name, class and storey.
    await expectVisible(answer.getByRole('button', { name: / · IfcWallStandardCase · / }).first());
    await screenshot(page.getByTestId('viewer-and-chat'), 'chat-answer');

    // The answer came as server-sent events: text in pieces, then the elements, then the end.
    const response = await stream;
    expect(response.headers()['content-type']).toContain('text/event-stream');
    const events = (await response.text())
      .split('\n\n')
      .filter((block) => block.startsWith('data: '))
      .map((block) => JSON.parse(block.slice('data: '.length)) as { type: string });
    expect(events.filter((event) => event.type === 'message').length).toBeGreaterThan(1);
    expect(events.map((event) => event.type).slice(-2)).toEqual(['elements', 'complete']);

    // The sources light the walls up in the viewer beside the chat.
    const viewer = page.getByRole('region', { name: '3D BIM viewer' });
    await waitForViewerReady(viewer);
    expect((await settledPixelCounts(viewer, (c) => c.cyan === 0)).cyan).toBe(0);
    const conversion = page.waitForResponse(
      (r) =>
        r.request().method() === 'POST' && r.url().includes(`/bimfiles/${ids.fileId}/elements/highlight`),
    );
    await answer.getByRole('button', { name: 'Sources (13 elements)' }).click();
    expect((await (await conversion).json()).viewer_db_ids).toHaveLength(13);
    const lit = await settledPixelCounts(viewer, (c) => c.cyan / c.total > 0.02);
    await screenshot(page.getByTestId('viewer-and-chat'), 'chat-sources-highlighted');
    expect(lit.cyan / lit.total).toBeGreaterThan(0.02);

    // One element id highlights that element alone.
    const firstId = answer.getByRole('button', { name: / · IfcWallStandardCase · / }).first();
    const guid = ((await firstId.getAttribute('title')) ?? '').split(' ')[2] ?? '';
    expect(guid).toMatch(/^[0-9A-Za-z_$]{22}$/);
    const one = page.waitForRequest(
      (r) => r.method() === 'POST' && r.url().includes(`/bimfiles/${ids.fileId}/elements/highlight`),
    );
    await firstId.click();
    expect((await one).postDataJSON().element_guids).toEqual([guid]);
  });
});
