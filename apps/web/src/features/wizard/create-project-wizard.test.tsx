// @vitest-environment happy-dom
import type { Tier } from '@plumbline/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { switchLocale } from '@/lib/i18n';
import { mockApi, mockUploads } from '@/lib/testing/fetch-mock';
import { renderWithApp } from '@/lib/testing/render';
import { makeProject } from '../projects/test-fixtures';
import { CreateProjectWizard } from './create-project-wizard';

const USER = { email: 'ann@example.com', fullName: 'Ann Example' };
// An installation that sells no plans: Details → Files → Complete, the project created on Files.
const NO_BILLING = { enabled: false, provider: 'ledger', testMode: true, currencies: ['EUR'] };
const AT_DETAILS = '/dashboard?createProject=true&step=project_details';

describe('CreateProjectWizard, project details', () => {
  it('requires a name with the spec message and only then goes on to the files', async () => {
    mockApi({ 'GET /billing/config': { body: NO_BILLING } });
    const { user } = renderWithApp(<CreateProjectWizard user={USER} />, { route: AT_DETAILS });

    const dialog = await screen.findByRole('dialog', { name: 'Create New Project' });
    expect(within(dialog).getByText('Step 3 of 6: Details')).toBeVisible();
    const next = within(dialog).getByRole('button', { name: 'Next' });
    expect(next).toBeDisabled();

    const name = within(dialog).getByRole('textbox', { name: 'Project name' });
    await user.type(name, '   ');
    expect(await within(dialog).findByText('Project name is required')).toBeVisible();
    expect(next).toBeDisabled();

    await user.clear(name);
    await user.type(name, 'Harbour Tower');
    expect(within(dialog).queryByText('Project name is required')).not.toBeInTheDocument();
    await user.click(next);
    expect(await within(dialog).findByText('Step 4 of 6: Files')).toBeVisible();
  });

  it('creates the project with the trimmed name and description once a file is chosen', async () => {
    const created = makeProject({ name: 'Harbour Tower' });
    const calls = mockApi({
      'GET /billing/config': { body: NO_BILLING },
      'POST /projects': { status: 201, body: { project: created } },
    });
    const uploads = mockUploads();
    const { user } = renderWithApp(<CreateProjectWizard user={USER} />, { route: AT_DETAILS });
    const dialog = await screen.findByRole('dialog', { name: 'Create New Project' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Project name' }), '  Harbour Tower ');
    await user.type(within(dialog).getByRole('textbox', { name: /Description/ }), 'Offices ');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));

    const create = await within(dialog).findByRole('button', { name: 'Create Project' });
    expect(create).toBeDisabled();
    const ifc = new File(['ISO-10303-21;'], 'tower.ifc', { type: 'application/octet-stream' });
    await user.upload(within(dialog).getByLabelText('Choose IFC files'), ifc);
    expect(within(dialog).getByText('tower.ifc')).toBeVisible();
    await user.click(create);

    expect(await within(dialog).findByText('Step 6 of 6: Complete')).toBeVisible();
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST' && call.path === '/projects')?.body).toEqual({
        name: 'Harbour Tower',
        description: 'Offices',
      }),
    );
    // The chosen file is uploaded into the new project.
    await waitFor(() => expect(uploads).toEqual([`POST /projects/${created.id}/bimfiles tower.ifc`]));
  });

  it('uploads the optional IDS files of the Files step before the models (issue 35)', async () => {
    const created = makeProject({ name: 'Checked Tower' });
    mockApi({
      'GET /billing/config': { body: NO_BILLING },
      'POST /projects': { status: 201, body: { project: created } },
    });
    const uploads = mockUploads();
    const { user } = renderWithApp(<CreateProjectWizard user={USER} />, { route: AT_DETAILS });
    const dialog = await screen.findByRole('dialog', { name: 'Create New Project' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Project name' }), 'Checked Tower');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));

    const ifc = new File(['ISO-10303-21;'], 'tower.ifc', { type: 'application/octet-stream' });
    await user.upload(within(dialog).getByLabelText('Choose IFC files'), ifc);
    const ids = new File(['<ids/>'], 'rules.ids', { type: 'application/xml' });
    await user.upload(within(dialog).getByLabelText('Choose IDS files'), ids);
    const chosen = within(dialog).getByRole('list', { name: 'Selected IDS files' });
    expect(within(chosen).getByText('rules.ids')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Create Project' }));

    expect(await within(dialog).findByText('Step 6 of 6: Complete')).toBeVisible();
    // The IDS file goes first, as a file of its own; the model waits behind it (these uploads never
    // finish here), so that it is checked against the rules as soon as it is processed.
    await waitFor(() =>
      expect(uploads).toEqual([`POST /projects/${created.id}/idsfiles?on_match=new rules.ids`]),
    );
    const idsRows = await within(dialog).findByRole('list', { name: 'IDS uploads' });
    expect(await within(idsRows).findByText('Uploading 0%')).toBeVisible();
  });
});

describe('CreateProjectWizard on /demo (issue 35)', () => {
  it('with billing off, goes from Details to Files with no plan and simulates the creation', async () => {
    // The installation sells no plans: its config says so, and its plans answer as the server does.
    const calls = mockApi({
      'GET /billing/config': { body: NO_BILLING },
      'GET /billing/tiers': {
        status: 404,
        body: { error: { code: 'billing_disabled', message: 'This installation does not sell plans.' } },
      },
    });
    const uploads = mockUploads();
    const { user } = renderWithApp(<CreateProjectWizard user={null} />, {
      mode: 'demo',
      route: '/demo?createProject=true&step=project_details',
    });
    const dialog = await screen.findByRole('dialog', { name: 'Create New Project' });
    expect(within(dialog).getByText('Step 3 of 6: Details')).toBeVisible();
    await user.type(within(dialog).getByRole('textbox', { name: 'Project name' }), 'Demo Harbour');
    const next = within(dialog).getByRole('button', { name: 'Next' });
    await waitFor(() => expect(next).toBeEnabled());
    expect(within(dialog).queryByRole('radiogroup', { name: 'Plan' })).not.toBeInTheDocument();
    await user.click(next);

    expect(await within(dialog).findByText('Step 4 of 6: Files')).toBeVisible();
    const ifc = new File(['ISO-10303-21;'], 'tower.ifc', { type: 'application/octet-stream' });
    await user.upload(within(dialog).getByLabelText('Choose IFC files'), ifc);
    await user.click(within(dialog).getByRole('button', { name: 'Create Project' }));

    // The simulated creation ends on Complete, having sent nothing but reads and uploaded nothing.
    expect(await within(dialog).findByText('Step 6 of 6: Complete')).toBeVisible();
    expect(within(dialog).getByText('This demo project was simulated: nothing was saved.')).toBeVisible();
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);
    expect(uploads).toEqual([]);
  });
});

describe('CreateProjectWizard in German (issue 31)', () => {
  afterEach(() => switchLocale('en'));

  const CORNERSTONE: Tier = {
    id: 'cornerstone',
    name: 'Cornerstone',
    description: 'Cornerstone plan',
    max_files: 10,
    max_storage_gb: 5,
    max_users: 10,
    max_reports_per_month: 10,
    refresh_frequency: 'daily',
    allow_api_access: false,
    price_monthly_aud: 149,
    price_monthly_usd: 149,
    price_monthly_gbp: 149,
    price_monthly_eur: 149,
    is_active: true,
    stripePriceId: 'price_cornerstone',
    popular: true,
    features: [],
    price: 149,
    currency: 'AUD',
  };

  it('words the steps, the plan, the file count and the order summary in German, money as German writes it', async () => {
    await switchLocale('de');
    mockApi({
      'GET /billing/config': {
        body: { enabled: true, provider: 'ledger', testMode: true, currencies: ['AUD'] },
      },
      'GET /billing/tiers': { body: { tiers: [CORNERSTONE] } },
    });
    const { user } = renderWithApp(<CreateProjectWizard user={USER} />, { route: AT_DETAILS });
    const dialog = await screen.findByRole('dialog', { name: 'Neues Projekt anlegen' });
    expect(within(dialog).getByText('Schritt 3 von 6: Details')).toBeVisible();
    const progress = within(dialog).getByRole('list', { name: 'Fortschritt' });
    expect(within(progress).getByText('Verbinden')).toBeVisible();
    expect(within(progress).getByText('Zahlung')).toBeVisible();

    const name = within(dialog).getByRole('textbox', { name: 'Projektname' });
    await user.type(name, '   ');
    expect(await within(dialog).findByText('Der Projektname ist erforderlich')).toBeVisible();
    const plan = await within(dialog).findByRole('radio', { name: /Cornerstone/ });
    expect(within(plan).getByText('Beliebt')).toBeVisible();
    expect(within(plan).getByText('Bis zu 10 Dateien')).toBeVisible();
    expect(plan.textContent).toContain('149,00\u00a0AU$ / Monat inkl. GST');

    await user.clear(name);
    await user.type(name, 'Hafenturm');
    await user.click(within(dialog).getByRole('button', { name: 'Weiter' }));
    expect(await within(dialog).findByText('Schritt 4 von 6: Dateien')).toBeVisible();
    expect(within(dialog).getByText('0 von 10 Dateien ausgewählt')).toBeVisible();
    expect(within(dialog).getByText('Noch keine Dateien ausgewählt.')).toBeVisible();
    const ifc = new File(['ISO-10303-21;'], 'turm.ifc', { type: 'application/octet-stream' });
    await user.upload(within(dialog).getByLabelText('IFC-Dateien auswählen'), ifc);
    expect(await within(dialog).findByText('1 von 10 Dateien ausgewählt')).toBeVisible();

    await user.click(within(dialog).getByRole('button', { name: 'Weiter' }));
    expect(await within(dialog).findByText('Schritt 5 von 6: Zahlung')).toBeVisible();
    const summary = within(dialog).getByRole('region', { name: 'Bestellübersicht' });
    expect(within(summary).getByText('Tarif Cornerstone · Hafenturm')).toBeVisible();
    expect(within(summary).getByText('Gesamt pro Monat')).toBeVisible();
    expect(within(summary).getByText('1 Datei wird nach der Zahlung hochgeladen')).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Zahlung abschließen' })).toBeVisible();
    expect(within(dialog).queryByText('Total per month')).not.toBeInTheDocument();
  });
});

// Moved from wizard.e2e (issue 37): what the wizard alone does with a plan's file limit. The plans and
// their limits come from the server there (its paid project's test goes through them).
describe('CreateProjectWizard, a plan’s file limit', () => {
  const PAID = { enabled: true, provider: 'ledger', testMode: true, currencies: ['AUD'] };
  const tier = (id: string, name: string, maxFiles: number): Tier => ({
    id,
    name,
    description: `${name} plan`,
    max_files: maxFiles,
    max_storage_gb: 5,
    max_users: 10,
    max_reports_per_month: 10,
    refresh_frequency: 'daily',
    allow_api_access: false,
    price_monthly_aud: 49,
    price_monthly_usd: 49,
    price_monthly_gbp: 49,
    price_monthly_eur: 49,
    is_active: true,
    stripePriceId: `price_${id}`,
    popular: false,
    features: [],
    price: 49,
    currency: 'AUD',
  });
  const TIERS = [tier('blueprint', 'Blueprint', 10), tier('skyline', 'Skyline', 50)];

  it('refuses files past the plan limit with the spec toast', async () => {
    mockApi({ 'GET /billing/config': { body: PAID }, 'GET /billing/tiers': { body: { tiers: TIERS } } });
    const { user } = renderWithApp(<CreateProjectWizard user={USER} />, {
      route: '/dashboard?createProject=true&step=project_details&plan=blueprint',
    });
    const dialog = await screen.findByRole('dialog', { name: 'Create New Project' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Project name' }), 'Too many files');
    expect(await within(dialog).findByRole('radio', { name: /Blueprint/, checked: true })).toBeVisible();
    const next = within(dialog).getByRole('button', { name: 'Next' });
    await waitFor(() => expect(next).toBeEnabled());
    await user.click(next);
    expect(await within(dialog).findByText('Step 4 of 6: Files')).toBeVisible();
    const eleven = Array.from(
      { length: 11 },
      (_, n) => new File(['ISO-10303-21;'], `model-${n}.ifc`, { type: 'application/octet-stream' }),
    );
    await user.upload(within(dialog).getByLabelText('Choose IFC files'), eleven);
    expect(await screen.findByText('File limit reached')).toBeVisible();
    expect(screen.getByText('Your Blueprint plan allows a maximum of 10 files.')).toBeVisible();
    expect(within(dialog).getByText('10 of 10 files selected')).toBeVisible();
  });
});
