import type { APIRequestContext, BrowserContext, Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { SET_UP_TIMEOUT_MS } from './harness/api';
import { browserPagePerTest, expectVisible, screenshot } from './harness/browser';
import { projectWithModelViaApi } from './harness/project-with-model';
import { FZK_HOUSE_IFC, haveSamples, idsDocument, VIEWER_COLOURS_IDS } from './harness/samples';
import { waitForViewerReady } from './harness/viewer';
import { until, WAIT_MS } from './harness/wait';

/**
 * Views that never go stale (issue 37 item 4): a person keeps a view of each kind open in the
 * browser's tabs (Overview; IDS Compliance with the 3D viewer's legend and the assistant's
 * suggestions; the File Inspector's attributes; the Reports list) and uploads another IDS in one more
 * tab. Once the re-check it queues has settled, every open view shows the new figures. The expected
 * figures are the API's answers after the re-check, and each is first shown to differ from the one
 * the view opened with, so a view that never moves cannot pass.
 */
const baseUrl = inject('baseUrl');
const haveHouse = haveSamples('fresh views', FZK_HOUSE_IFC);

let context: BrowserContext;
let page: Page;
browserPagePerTest(baseUrl, (session) => {
  ({ context, page } = session);
});

/**
 * How long an open view may take to show the re-check's figures once it has settled, and its first
 * figures: the harness's guard (decision 0205). A stale view never shows them, so it still fails; a
 * loaded machine only makes the test slower.
 */
const REFRESH_DEADLINE_MS = WAIT_MS;
const OPENING = { timeout: WAIT_MS, interval: 250 };

interface Figures {
  validationPairs: number;
  specifications: number;
  failedElements: number;
  notCovered: number;
  suggestions: string[];
  reports: number;
}

async function getJson<T>(request: APIRequestContext, url: string): Promise<T> {
  const response = await request.get(url, { timeout: SET_UP_TIMEOUT_MS });
  if (!response.ok()) throw new Error(`${url}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

/** What each view should show, as the API answers it (not as the web app computes it). */
async function figuresViaApi(
  request: APIRequestContext,
  ids: { projectId: string; fileId: string; versionId: string },
): Promise<Figures> {
  const project = `/api/v1/projects/${ids.projectId}`;
  const file = `${project}/bimfiles/${ids.fileId}`;
  const [overview, summary, statuses, extra, context, reports] = await Promise.all([
    getJson<{ cards: { total_validation_pairs: number } }>(request, `${project}/overview`),
    getJson<{ totalSpecifications: number }>(request, `${project}/schema-summary`),
    getJson<{ summary: { failed: number } }>(
      request,
      `${file}/compliance/element-statuses?versionId=${ids.versionId}`,
    ),
    getJson<{ summary: { not_covered: number } }>(
      request,
      `${file}/extra-attributes?versionId=${ids.versionId}`,
    ),
    getJson<{ suggestions: string[] }>(
      request,
      `/api/v1/ai/context/${ids.projectId}/${ids.fileId}?versionId=${ids.versionId}`,
    ),
    getJson<{ reports: unknown[] }>(request, `${project}/reports`),
  ]);
  return {
    validationPairs: overview.cards.total_validation_pairs,
    specifications: summary.totalSpecifications,
    failedElements: statuses.summary.failed,
    notCovered: extra.summary.not_covered,
    // The panel shows the first four (spec 3 §5).
    suggestions: context.suggestions.slice(0, 4),
    reports: reports.reports.length,
  };
}

/**
 * Waits until no file of the project is pending, processing or queued for a re-check: no deadline of
 * its own (the test's timeout stops a hang), so a loaded machine only makes it slower.
 */
async function waitForSettledViaApi(request: APIRequestContext, projectId: string): Promise<void> {
  await until(
    'the re-check to settle',
    async () => {
      const { bim_files: files } = await getJson<{
        bim_files: Array<{ status: string; rechecking: boolean }>;
      }>(request, `/api/v1/projects/${projectId}/bimfiles`);
      return files.every((f) => (f.status === 'completed' || f.status === 'failed') && !f.rechecking);
    },
    500,
  );
}

/** An IDS that adds two failing specifications: one on a property the walls carry, one on the slabs. */
function moreRulesIds(gap: { property_set_name: string; name: string }): string {
  return idsDocument(
    'More rules',
    `    <ids:specification ifcVersion="IFC4" name="Walls carry the reference ${gap.name}">
      <ids:applicability minOccurs="1" maxOccurs="unbounded">
        <ids:entity><ids:name><ids:simpleValue>IFCWALLSTANDARDCASE</ids:simpleValue></ids:name></ids:entity>
      </ids:applicability>
      <ids:requirements>
        <ids:property>
          <ids:propertySet><ids:simpleValue>${gap.property_set_name}</ids:simpleValue></ids:propertySet>
          <ids:baseName><ids:simpleValue>${gap.name}</ids:simpleValue></ids:baseName>
          <ids:value><ids:simpleValue>no wall has this value</ids:simpleValue></ids:value>
        </ids:property>
      </ids:requirements>
    </ids:specification>`,
    `    <ids:specification ifcVersion="IFC4" name="Slabs carry the reference name">
      <ids:applicability minOccurs="1" maxOccurs="unbounded">
        <ids:entity><ids:name><ids:simpleValue>IFCSLAB</ids:simpleValue></ids:name></ids:entity>
      </ids:applicability>
      <ids:requirements>
        <ids:attribute><ids:name><ids:simpleValue>Name</ids:simpleValue></ids:name><ids:value><ids:simpleValue>No slab has this name</ids:simpleValue></ids:value></ids:attribute>
      </ids:requirements>
    </ids:specification>`,
  );
}

/** A figure's text, or null while it is not drawn. */
async function textOf(locator: Locator): Promise<string | null> {
  if ((await locator.count()) === 0) return null;
  return ((await locator.first().textContent()) ?? '').trim();
}

/** The headline number of a summary card (components/ui/stat-card.tsx), without its label and hint. */
const statValue = (page: Page, label: string) =>
  page.getByRole('group', { name: label, exact: true }).locator('p.tabular-nums');

const digits = (text: string | null) => (text === null ? null : Number(text.replace(/[^\d]/g, '')));

/** One open view: where it is, and what it shows of the figures. */
interface OpenView {
  name: string;
  page: Page;
  shows(figures: Figures): Promise<{ ok: boolean; seen: unknown }>;
}

/** Waits for every view to show `figures`; returns the views that still do not at the deadline. */
async function staleViews(views: readonly OpenView[], figures: Figures): Promise<string[]> {
  const deadline = Date.now() + REFRESH_DEADLINE_MS;
  let pending = [...views];
  let last = new Map<string, unknown>();
  while (pending.length > 0) {
    const next: OpenView[] = [];
    last = new Map();
    for (const view of pending) {
      const { ok, seen } = await view.shows(figures);
      if (!ok) {
        next.push(view);
        last.set(view.name, seen);
      }
    }
    pending = next;
    if (pending.length === 0 || Date.now() > deadline) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return pending.map((view) => `${view.name}: shows ${JSON.stringify(last.get(view.name))}`);
}

describe.skipIf(!haveHouse)('views that never go stale', () => {
  it('shows the new figures in every open view once the re-check of a newly uploaded IDS settles', async () => {
    const setUp = await projectWithModelViaApi(context.request, {
      signUp: { prefix: 'fresh', fullName: 'Fay Fresh' },
      name: 'Fresh Views',
      ids: { name: 'colours.ids', xml: VIEWER_COLOURS_IDS },
      ifc: { path: FZK_HOUSE_IFC },
    });
    const { projectId, fileId, versionId, selection } = setUp;
    const before = await figuresViaApi(context.request, setUp);

    // The new IDS requires a property the walls carry and no IDS names yet: it covers that attribute.
    const extra = await getJson<{
      attributes: Array<{
        name: string;
        property_set_name: string;
        ifc_classes: string[];
        element_count: number;
        ids_coverage: string;
      }>;
    }>(
      context.request,
      `/api/v1/projects/${projectId}/bimfiles/${fileId}/extra-attributes?versionId=${versionId}`,
    );
    const gap = extra.attributes
      .filter(
        (a) =>
          a.ids_coverage === 'not_covered' &&
          /^[A-Za-z]\w*$/.test(a.name) &&
          /^[A-Za-z]\w*$/.test(a.property_set_name) &&
          a.ifc_classes.some((c) => c.toUpperCase() === 'IFCWALLSTANDARDCASE'),
      )
      .sort((a, b) => b.element_count - a.element_count)[0];
    if (!gap) throw new Error('the house has no uncovered wall property');

    // Each view opens in its own tab of the same browser and shows the figures it opened with.
    const overview = await context.newPage();
    await overview.goto(`/dashboard?tab=overview&project=${projectId}`);
    const pairs = statValue(overview, 'Total Validation Pairs');
    await expect.poll(async () => digits(await textOf(pairs)), OPENING).toBe(before.validationPairs);
    // The Schema Analysis Summary's figure (read from the attribute routes, not the overview).
    const specCount = overview
      .locator('dt', { hasText: /^Specifications$/ })
      .locator('xpath=following-sibling::dd');
    await expect.poll(async () => digits(await textOf(specCount)), OPENING).toBe(before.specifications);

    const explorer = await context.newPage();
    await explorer.goto(`/dashboard?tab=metadata&${selection}`);
    await explorer.getByRole('tab', { name: 'IDS Compliance' }).click();
    await explorer.getByLabel('3D Viewer & AI Assistant').click();
    const failedCard = statValue(explorer, 'Failed');
    await expect.poll(async () => digits(await textOf(failedCard)), OPENING).toBe(before.failedElements);
    const viewer = explorer.getByRole('region', { name: 'IDS compliance 3D viewer' });
    await waitForViewerReady(viewer);
    const legendFailed = viewer
      .getByRole('list', { name: 'Compliance colour legend' })
      .locator('li[data-status="failed"] [data-count]');
    await expect.poll(async () => digits(await textOf(legendFailed)), OPENING).toBe(before.failedElements);
    const suggestions = explorer
      .getByRole('region', { name: 'AI Assistant' })
      .getByRole('region', { name: 'Suggested questions' })
      .getByRole('button')
      .filter({ hasNotText: 'More' });
    await expect.poll(() => suggestions.allTextContents(), OPENING).toEqual(before.suggestions);

    const inspector = await context.newPage();
    await inspector.goto(`/dashboard?tab=dashboard&fileTab=extra-attributes&${selection}`);
    const notCovered = inspector.getByRole('button', { name: /^Not Covered \([\d,]+\)$/ });
    await expect.poll(async () => digits(await textOf(notCovered)), OPENING).toBe(before.notCovered);

    const reports = await context.newPage();
    await reports.goto(`/dashboard?tab=reports&project=${projectId}`);
    const totalReports = statValue(reports, 'Total Reports');
    await expect.poll(async () => digits(await textOf(totalReports)), OPENING).toBe(before.reports);
    // A teammate adds a report while the list is open (arranged through the API): the list has
    // nothing of its own that a re-check changes, so this is the change it should pick up when the
    // project's views refresh.
    const generated = await context.request.post(`/api/v1/projects/${projectId}/reports`, {
      data: { reportType: 'comprehensive', format: 'xlsx', name: 'Teammate report', fileId: 'all' },
      timeout: SET_UP_TIMEOUT_MS,
    });
    if (!generated.ok()) throw new Error(`report: ${generated.status()} ${await generated.text()}`);

    // In one more tab the person uploads the new IDS on the Projects tab, as in files.e2e.
    await page.goto('/dashboard?tab=projects');
    await page.getByRole('button', { name: 'Fresh Views', exact: true }).click();
    const region = page.getByRole('region', { name: 'Files of Fresh Views' });
    await expectVisible(region);
    const chooser = page.waitForEvent('filechooser');
    await region.getByRole('button', { name: 'Upload IDS' }).click();
    await (await chooser).setFiles({
      name: 'more-rules.ids',
      mimeType: 'application/xml',
      buffer: Buffer.from(moreRulesIds(gap)),
    });
    await expectVisible(page.getByText('more-rules.ids uploaded')).catch(async (error) => {
      await screenshot(page, 'fresh-views-upload-failed');
      throw new Error(`${error}\nThe files panel says: ${await region.textContent()}`);
    });

    await waitForSettledViaApi(context.request, projectId);
    const after = await figuresViaApi(context.request, setUp);
    // Every figure the views show moved: a view showing the old one is stale, not lucky.
    expect(after.validationPairs).not.toBe(before.validationPairs);
    expect(after.specifications).not.toBe(before.specifications);
    expect(after.failedElements).not.toBe(before.failedElements);
    expect(after.notCovered).not.toBe(before.notCovered);
    expect(after.suggestions).not.toEqual(before.suggestions);
    expect(after.reports).not.toBe(before.reports);

    const views: OpenView[] = [
      {
        name: 'Overview (validation pairs)',
        page: overview,
        shows: async (f) => {
          const seen = digits(await textOf(pairs));
          return { ok: seen === f.validationPairs, seen };
        },
      },
      {
        name: 'Overview (schema analysis: specifications)',
        page: overview,
        shows: async (f) => {
          const seen = digits(await textOf(specCount));
          return { ok: seen === f.specifications, seen };
        },
      },
      {
        name: 'IDS Compliance (failed elements)',
        page: explorer,
        shows: async (f) => {
          const seen = digits(await textOf(failedCard));
          return { ok: seen === f.failedElements, seen };
        },
      },
      {
        name: '3D viewer legend (failed elements)',
        page: explorer,
        shows: async (f) => {
          const seen = digits(await textOf(legendFailed));
          return { ok: seen === f.failedElements, seen };
        },
      },
      {
        name: 'Assistant suggestions',
        page: explorer,
        shows: async (f) => {
          const seen = await suggestions.allTextContents();
          return { ok: JSON.stringify(seen) === JSON.stringify(f.suggestions), seen };
        },
      },
      {
        name: 'File Inspector attributes (not covered)',
        page: inspector,
        shows: async (f) => {
          const seen = digits(await textOf(notCovered));
          return { ok: seen === f.notCovered, seen };
        },
      },
      {
        name: 'Reports list (total reports)',
        page: reports,
        shows: async (f) => {
          const seen = digits(await textOf(totalReports));
          return { ok: seen === f.reports, seen };
        },
      },
    ];
    const stale = await staleViews(views, after);
    for (const [name, shot] of [
      ['fresh-views-overview', overview],
      ['fresh-views-explorer', explorer],
      ['fresh-views-inspector', inspector],
      ['fresh-views-reports', reports],
    ] as const)
      await screenshot(shot, name);
    expect(stale, `expected ${JSON.stringify(after)}`).toEqual([]);
  });
});
