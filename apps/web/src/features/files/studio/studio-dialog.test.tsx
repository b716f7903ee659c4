// @vitest-environment happy-dom
import { applyFix, lintIds } from '@plumbline/ids/lint/index';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { switchLocale } from '@/lib/i18n';
import { mockApi } from '@/lib/testing/fetch-mock';
import { renderWithApp } from '@/lib/testing/render';
import { StudioDialog } from './studio-dialog';
import type { StudioLinter } from './use-lint';

const linter: StudioLinter = {
  lint: async (text) => lintIds(text).diagnostics,
  fix: async (text, fix) => applyFix(text, fix),
};

const IDS = `<?xml version="1.0" encoding="UTF-8"?>
<ids xmlns="http://standards.buildingsmart.org/IDS" xmlns:xs="http://www.w3.org/2001/XMLSchema">
  <info><title>Doors</title></info>
  <specifications>
    <specification name="Doors" ifcVersion="IFC4">
      <applicability minOccurs="1" maxOccurs="unbounded">
        <entity><name><simpleValue>IFCDOOR</simpleValue></name></entity>
      </applicability>
    </specification>
  </specifications>
</ids>
`;

const DOWNLOAD = 'GET /projects/p1/idsfiles/f1/download';

function renderDialog() {
  return renderWithApp(<StudioDialog projectId="p1" idsFileId="f1" fileName="doors.ids" linter={linter} />);
}

afterEach(() => switchLocale('en'));

describe('StudioDialog', () => {
  it('opens the file in the Studio under its name, in the catalogue’s words', async () => {
    mockApi({ [DOWNLOAD]: new Response(IDS, { headers: { 'content-type': 'application/xml' } }) });
    const { user } = renderDialog();
    await user.click(await screen.findByRole('button', { name: 'Open doors.ids in the Studio' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'IDS Studio: doors.ids' })).toBeVisible();
    expect(within(dialog).getByText(/Save it as the file's next revision, or download it\./)).toBeVisible();
    expect(await within(dialog).findByRole('heading', { name: 'Specification 1: Doors' })).toBeVisible();
  });

  it('says when the file cannot be read, with the status', async () => {
    mockApi({ [DOWNLOAD]: { status: 403, body: {} } });
    const { user } = renderDialog();
    await user.click(await screen.findByRole('button', { name: 'Open doors.ids in the Studio' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The IDS file could not be read (403).');
  });

  it('speaks the page language (German)', async () => {
    await switchLocale('de');
    mockApi({ [DOWNLOAD]: { status: 500, body: {} } });
    const { user } = renderDialog();
    await user.click(await screen.findByRole('button', { name: 'doors.ids im Studio öffnen' }));
    expect(await screen.findByRole('heading', { name: 'IDS Studio: doors.ids' })).toBeVisible();
    expect(screen.getByText(/Speichern Sie sie als nächste Revision der Datei/)).toBeVisible();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Die IDS-Datei konnte nicht gelesen werden (500).',
    );
  });
});
