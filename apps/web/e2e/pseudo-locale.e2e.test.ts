import { readFileSync } from 'node:fs';
import { accent } from '@plumbline/i18n/pseudo';
import type { BrowserContext, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpViaApi } from './harness/api';
import { e2eBaseUrl } from './harness/base-url';
import { browserPagePerTest, expectVisible, uniqueEmail } from './harness/browser';
import { sharedProjectWithModel } from './harness/project-with-model';
import { scanPage, TERMS } from './harness/pseudo-scan';
import { SIMPLE_WALL_IFC, wallsNamedIds } from './harness/samples';
import { pageSettler } from './harness/settle';

// Issue 31 point 5: the pseudo-locale (`?lang=en-XA`: English accented, 40 % longer, in brackets)
// over the accessibility suite's states. A visible text that is plain English outside the brackets
// was never extracted into a catalogue; a bracketed text whose closing bracket does not show (cut off
// by `overflow: hidden`, or shortened in code) is clipped. Data is exempt: anything the API sent
// (names from the model, files, people), class names, GlobalIds, numbers, dates.

const baseUrl = e2eBaseUrl();
const PSEUDO = 'en-XA';

let context: BrowserContext;
let page: Page;
let settle: () => Promise<void>;
browserPagePerTest(baseUrl, (session) => {
  ({ context, page } = session);
  settle = pageSettler(page);
});

/** Every string the API sent this page (names, files, people): data, never a catalogue's. */
const apiData = new Set<string>();
/** Keys whose strings are words the server wrote for a person, not data: those must be extracted. */
const WORDS_KEYS = /message|error|reason|status|state|kind|label|text|hint|summary|answer/i;
function collect(value: unknown, key = '', recorded = false): void {
  if (typeof value === 'string') {
    if (WORDS_KEYS.test(key) || value.length > 200) return;
    apiData.add(value.trim());
    // A person's or a project's initials (an avatar): data too.
    const words = value.trim().split(/\s+/);
    if (words.length > 1)
      apiData.add(
        words
          .map((word) => word[0]?.toUpperCase() ?? '')
          .join('')
          .slice(0, 2),
      );
  } else if (Array.isArray(value)) for (const item of value) collect(item, key, recorded);
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) {
      // Keys that are not the API's own field names are data (property names, 'Set:Name' pairs), and
      // so is every key of what an audit entry recorded (shown verbatim as evidence: `role: Editor`).
      if (recorded || !/^[a-z][a-zA-Z0-9_]*$/.test(k)) collect(k);
      collect(v, /^\d+$/.test(k) ? key : k, recorded || k === 'details');
    }
}
async function onResponse(response: Response): Promise<void> {
  if (!new URL(response.url()).pathname.startsWith('/api/')) return;
  if (!(response.headers()['content-type'] ?? '').includes('json')) return;
  try {
    collect(await response.json());
  } catch {
    // A body already gone (a navigation): its strings were data anyway.
  }
}

/**
 * The model's and the rules' own words: every quoted string of the IFC file (names, property names,
 * values) and every text of the IDS. Data, shown as the model has them.
 */
function modelStrings(): string[] {
  // STEP ignores line breaks: a long string may be wrapped over lines.
  const ifc = readFileSync(SIMPLE_WALL_IFC, 'latin1').replace(/\r?\n/g, '');
  const quoted = [...ifc.matchAll(/'((?:[^']|'')*)'/g)].map((m) => (m[1] ?? '').replace(/''/g, "'"));
  const ids = [...wallsNamedIds().matchAll(/(?:>([^<]+)<|name="([^"]+)")/g)].map((m) => m[1] ?? m[2] ?? '');
  return [...quoted, ...ids].map((text) => text.trim()).filter((text) => text.length > 1);
}

const found: { state: string; kind: 'unextracted' | 'clipped'; text: string }[] = [];
const scanned: string[] = [];
afterAll(() => {
  console.info(
    `pseudo-locale: ${scanned.length} states scanned; ${found.length} findings:\n${found
      .map((f) => `  ${f.state} [${f.kind}] ${f.text}`)
      .join('\n')}`,
  );
});

/** Scans the page as it is now under `state`; returns the findings no other task owns. */
async function scan(state: string): Promise<string[]> {
  await settle();
  await expect
    .poll(() => page.evaluate(() => document.documentElement.lang), {
      message: `${state}: in the pseudo-locale`,
      timeout: 20_000,
    })
    .toBe(PSEUDO);
  // The app has started (its splash says "Loading…" before the first catalogue is there).
  await page.locator('main, [role="main"]').first().waitFor();
  await settle();
  const result = await page.evaluate(scanPage, {
    data: [...apiData],
    terms: [...TERMS],
    debug: Boolean(process.env.PSEUDO_DEBUG),
  });
  scanned.push(state);
  const mine: string[] = [];
  for (const text of result.unextracted) {
    found.push({ state, kind: 'unextracted', text });
    mine.push(`${state}: unextracted "${text}"`);
  }
  for (const text of result.clipped) {
    found.push({ state, kind: 'clipped', text });
    mine.push(`${state}: clipped ${text}`);
  }
  return mine;
}

/** Opens a path in the pseudo-locale (`?lang=` is kept on every address: the switch is per page). */
async function go(path: string): Promise<void> {
  await page.goto(`${path}${path.includes('?') ? '&' : '?'}lang=${PSEUDO}`);
}

/** Opens a dashboard tab as a person does, from the tab strip: the app (and its ?lang=) stays loaded. */
async function openTab(id: string): Promise<void> {
  const tab = page.locator(`[role="tab"][data-tab-id="${id}"]`);
  if ((await tab.getAttribute('aria-selected')) !== 'true') await tab.click();
  await expectVisible(page.locator(`[role="tab"][data-tab-id="${id}"][aria-selected="true"]`));
}

/** A name as the pseudo-locale shows it, for finding a control (the brackets and padding around it). */
const pseudo = (english: string) => new RegExp(accent(english).replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));

const DASHBOARD_TABS = [
  'overview',
  'dashboard',
  'metadata',
  'projects',
  'reports',
  'schema',
  'team',
  'subscriptions',
  'settings',
] as const;

/**
 * The dashboard's checked model, made for the last test; started with the file, so the server
 * processes it while the signed-out pages are scanned.
 */
const pseudoHouse = sharedProjectWithModel(baseUrl, {
  signUp: { prefix: 'pseudo', fullName: 'Pia Pseudo' },
  name: 'Pseudo House',
  ids: { name: 'walls.ids', xml: wallsNamedIds() },
  ifc: { path: SIMPLE_WALL_IFC },
});

describe('the pseudo-locale over every state (issue 31)', () => {
  beforeAll(() => pseudoHouse.start());

  it('tells a clipped text, a bracket never closed and plain English apart from pseudo text and data', async () => {
    await go('/login');
    await expectVisible(page.getByRole('heading', { level: 1 }));
    await page.evaluate(() => {
      const probe = document.createElement('div');
      probe.id = 'scan-probe';
      probe.innerHTML = [
        '<p>[Ŝíĝñéð íñ·····] <a href="#">[Ŵéĺçóɱé ƀáçķ, <b>Pia Pseudo</b>····]</a></p>',
        '<p>Plain English words</p>',
        '<p>SimpleWall.ifc · 2TnxQ0dPv1XOUlVuS2RLRW · 12 KB · IFCWALL</p>',
        '<span style="display:inline-block;width:40px;overflow:hidden;white-space:nowrap">[Ĺóñĝ ĺáƀéĺ ţĥáţ ðóéš ñóţ ƒíţ··········]</span>',
        '<p>[Ţéẋţ šĥóŕţéñéð íñ çóðé…</p>',
      ].join('');
      document.body.append(probe);
    });
    const result = await page.evaluate(scanPage, { data: ['Pia Pseudo'], terms: [...TERMS], debug: false });
    expect(result.unextracted).toEqual(['Plain English words']);
    expect(result.clipped).toHaveLength(2);
    expect(result.clipped.find((text) => text.startsWith('wider than its span'))).toBeDefined();
    expect(result.clipped.find((text) => text.startsWith('no closing bracket'))).toBeDefined();
  });

  it('finds no unextracted and no clipped text on the signed-out pages and the demo, at 1366 and 320 px', async () => {
    page.on('response', onResponse);
    const problems: string[] = [];
    /** Scans the state on screen at both widths, the wide one first; leaves the page wide. */
    const scanBoth = async (state: string) => {
      for (const width of [1366, 320]) {
        await page.setViewportSize({ width, height: width === 320 ? 800 : 900 });
        problems.push(...(await scan(`${state} @${width}`)));
      }
      await page.setViewportSize({ width: 1366, height: 900 });
    };
    for (const path of [
      '/login',
      '/signup',
      '/help/acc-integration',
      '/no-such-page',
      '/verify-email',
      '/contact',
    ]) {
      await go(path);
      await scanBoth(path);
      const submit = { '/login': 'Sign in', '/signup': 'Create account' }[path];
      if (submit) {
        // The same form sent empty: its errors.
        await page.getByRole('button', { name: pseudo(submit) }).click();
        await expectVisible(page.locator('[aria-invalid="true"]'));
        await scanBoth(`${path} with errors`);
      }
    }
    // The demo, tab by tab from its tab strip (the page keeps its ?lang=; the tabs it hides are not there).
    await go('/demo?tab=overview');
    // Once the app has drawn its tab strip.
    await expectVisible(page.locator('[role="tab"][data-tab-id="overview"]'));
    const demoTabs = await page
      .locator('[role="tab"][data-tab-id]')
      .evaluateAll((tabs) => tabs.map((tab) => (tab as HTMLElement).dataset.tabId as string));
    expect(demoTabs).toContain('overview');
    for (const tab of demoTabs) {
      await openTab(tab);
      await scanBoth(`/demo?tab=${tab}`);
    }
    expect(problems.join('\n')).toBe('');
  });

  it('finds no unextracted and no clipped text on the dashboard of a processed project, its dialogs and panels', async () => {
    page.on('response', onResponse);
    const problems: string[] = [];
    for (const text of modelStrings()) apiData.add(text);
    const { selection, project } = await pseudoHouse(context.request);
    await go(`/dashboard?tab=overview&${selection}`);
    for (const tab of DASHBOARD_TABS) {
      await openTab(tab);
      problems.push(...(await scan(`dashboard ${tab}`)));
    }
    await openTab('dashboard');
    for (const [fileTab, name] of [
      ['compliance', 'Compliance'],
      ['schema', 'Schema Attributes'],
      ['extra-attributes', 'Extra Attributes'],
    ] as const) {
      // The whole name: 'Compliance' alone, not 'IDS Compliance'.
      const exact = new RegExp(`^\\[${accent(name)}·*\\]$`);
      await page.getByRole('tab', { name: exact }).click();
      await expectVisible(page.getByRole('tab', { name: exact, selected: true }));
      problems.push(...(await scan(`File Inspector ${fileTab}`)));
    }

    // The Metadata Explorer: an element's details, then the viewer and assistant, the IDS Compliance
    // view and the element inspector.
    await openTab('metadata');
    await page
      .getByRole('button', { name: pseudo('Details of') })
      .first()
      .click();
    await expectVisible(page.getByRole('dialog'));
    problems.push(...(await scan('dialog Element details')));
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await page.getByRole('switch').first().click();
    await page.locator('[data-viewer-state="ready"]').first().waitFor();
    problems.push(...(await scan('metadata with 3D viewer and assistant')));
    await page.getByRole('tab', { name: pseudo('IDS Compliance') }).click();
    await page.locator('[data-viewer-state="ready"]').first().waitFor();
    problems.push(...(await scan('metadata IDS Compliance')));
    await page
      .getByRole('button', { name: pseudo('Inspect element') })
      .first()
      .click();
    const inspector = page.getByRole('complementary', { name: pseudo('Element Inspector') });
    await expectVisible(inspector);
    problems.push(...(await scan('element inspector, properties')));
    await inspector.getByRole('tab', { name: pseudo('Validation') }).click();
    problems.push(...(await scan('element inspector, validation')));
    await inspector.getByRole('button', { name: pseudo('Close inspector') }).click();
    await expect.poll(() => inspector.count()).toBe(0);

    // Dialogs, menus and expanded rows.
    const dialogState = async (state: string) => {
      await expectVisible(page.getByRole('dialog'));
      problems.push(...(await scan(state)));
    };
    const closeDialog = async () => {
      await page.keyboard.press('Escape');
      await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    };
    await openTab('projects');
    await page
      .getByRole('button', { name: pseudo('New Project') })
      .first()
      .click();
    await dialogState('dialog Create New Project');
    // The wizard does not close on Escape (it would lose what was entered): its own close button.
    await page.getByRole('button', { name: pseudo('Close wizard') }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await page.getByRole('button', { name: project.name, exact: true }).click();
    await expectVisible(page.getByRole('region', { name: new RegExp(project.name) }));
    problems.push(...(await scan('projects, a row expanded with its files')));
    await page
      .getByRole('button', { name: pseudo('Edit') })
      .first()
      .click();
    await dialogState('dialog Edit project');
    await closeDialog();
    await page
      .getByRole('button', { name: pseudo('Manage files') })
      .first()
      .click();
    await dialogState('dialog Manage files');
    await closeDialog();

    await openTab('team');
    await page.getByRole('button', { name: pseudo('Add Member') }).click();
    await dialogState('dialog Add Team Member');
    await closeDialog();
    await page.getByRole('button', { name: pseudo('account menu') }).click();
    await expectVisible(page.getByRole('menu'));
    problems.push(...(await scan('account menu open')));
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('menu').count()).toBe(0);

    await openTab('schema');
    await page
      .getByRole('button', { name: pseudo('View Details') })
      .first()
      .click();
    await dialogState('dialog Specification details');
    await closeDialog();
    await openTab('reports');
    await page
      .getByRole('button', { name: pseudo('Comprehensive Project Analysis') })
      .first()
      .click();
    await dialogState('dialog Generate report');

    // A new account without a project: the empty states.
    await context.clearCookies();
    await context.request.post('/api/v1/auth/logout').catch(() => undefined);
    await projectlessAccount();
    await go('/dashboard?tab=overview');
    problems.push(...(await scan('dashboard overview, no project yet')));
    await go('/dashboard?tab=metadata');
    problems.push(...(await scan('metadata, no project yet')));
    expect(problems.join('\n')).toBe('');
  });
});

async function projectlessAccount(): Promise<void> {
  await signUpViaApi(context.request, {
    email: uniqueEmail('pseudo-empty'),
    password: 'pseudo-empty-2026',
    fullName: 'Emma Empty',
  });
}
