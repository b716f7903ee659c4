import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { signInViaApi, signUpViaApi } from './harness/api';
import { e2eBaseUrl } from './harness/base-url';
import { browserPagePerTest, expectHidden, expectVisible, screenshot, uniqueEmail } from './harness/browser';
import { OPERATOR } from './harness/operator';

// Issue 13 acceptance 4 (browser half) and spec 2 §2.9: profile, avatar crop and upload, notifications.
const baseUrl = e2eBaseUrl();
let context: BrowserContext;
let page: Page;

browserPagePerTest(baseUrl, (session) => {
  ({ context, page } = session);
});

function pngFile(name: string, width: number, height: number): string {
  const image = new PNG({ width, height });
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) image.data.set([x % 256, y % 256, 160, 255], (y * width + x) * 4);
  const path = join(mkdtempSync(join(tmpdir(), 'plumbline-avatar-')), name);
  writeFileSync(path, PNG.sync.write(image));
  return path;
}

describe('Settings (issue 13)', () => {
  it('saves the profile, crops and uploads an avatar shown in the header, refuses a 99 px one, turns mail off, and shows no admin settings', async () => {
    await signUpViaApi(context.request, {
      email: uniqueEmail('settings'),
      password: 'settings-flow-2026',
      fullName: 'Sol Settings',
    });
    await page.goto('/dashboard?tab=settings');
    await expectVisible(page.getByRole('heading', { name: 'Settings' }));
    await page.getByLabel('Company').fill('Quay Architects');
    await page.getByLabel('Job title').fill('BIM coordinator');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expectVisible(page.getByText('Profile saved'));

    // Too small: refused in the browser with the spec's rule, nothing sent.
    await page.getByLabel('Choose a profile picture').setInputFiles(pngFile('tiny.png', 99, 99));
    await expectVisible(page.getByText('The image must be at least 100 × 100 pixels.'));

    await page.getByLabel('Choose a profile picture').setInputFiles(pngFile('me.png', 640, 480));
    const crop = page.getByRole('dialog', { name: 'Crop your picture' });
    await expectVisible(crop);
    await expectVisible(crop.getByText('Keeps 480 × 480 px of 640 × 480.'));
    await crop.getByLabel('Zoom').fill('2');
    await expectVisible(crop.getByText('Keeps 240 × 240 px of 640 × 480.'));
    await screenshot(page, 'settings-crop');
    await crop.getByRole('button', { name: 'Save picture' }).click();
    await expectVisible(page.getByText('Profile picture updated'));
    await expectHidden(crop);
    const headerPicture = page.getByRole('button', { name: 'Sol Settings, account menu' }).locator('img');
    await expectVisible(headerPicture);
    expect(await headerPicture.getAttribute('src')).toMatch(/^data:image\/jpeg;base64,/);

    await page.getByRole('switch', { name: 'Email notifications' }).click();
    await expectVisible(page.getByText('E-mail notifications off'));
    const profile = await (await context.request.get('/api/v1/profile')).json();
    expect(profile.profile).toMatchObject({
      company: 'Quay Architects',
      preferences: { job_title: 'BIM coordinator', emailNotifications: false },
    });
    await screenshot(page, 'settings-saved');

    // Performance Settings and the Email Outbox are the installation admin's only.
    expect(await page.getByText('Performance Settings', { exact: true }).count()).toBe(0);
    expect(await page.getByText('Email Outbox', { exact: true }).count()).toBe(0);
    expect((await context.request.get('/api/v1/admin/performance')).status()).toBe(403);
  });

  it("the installation's operator sets how many models are processed at once and sees the Email Outbox", async () => {
    const before = await signInViaApi(context.request, OPERATOR).then(async () =>
      (await context.request.get('/api/v1/admin/performance')).json(),
    );
    const wanted = before.processing_concurrency === 2 ? '3' : '2';
    try {
      await page.goto('/dashboard?tab=settings');
      await expectVisible(page.getByText('Performance Settings', { exact: true }));
      await page.getByRole('combobox', { name: 'Models processed at once' }).click();
      await page.getByRole('option', { name: wanted, exact: true }).click();
      await page.getByRole('button', { name: 'Save performance settings' }).click();
      await expectVisible(page.getByText('Performance settings saved'));
      expect(
        (await (await context.request.get('/api/v1/admin/performance')).json()).processing_concurrency,
      ).toBe(Number(wanted));
      await expectVisible(page.getByText('Email Outbox', { exact: true }));
    } finally {
      // The end-to-end server is shared by the files running beside this one: leave it as it was.
      await context.request.put('/api/v1/admin/performance', { data: before });
    }
  });
});
