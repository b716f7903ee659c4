// @vitest-environment happy-dom
import type { BimFile } from '@plumbline/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/lib/testing/fetch-mock';
import { renderWithApp } from '@/lib/testing/render';
import { makeProject } from '../projects/test-fixtures';
import { GenerateReportDialog, type GenerateRequest } from './generate-report-dialog';

const PROJECT = makeProject({ name: 'Harbour Tower' });
const FILE_ID = '00000000-0000-4000-8000-0000000000f1';

const FILE: BimFile = {
  id: FILE_ID,
  name: 'Tower.ifc',
  source_filename: 'Tower.ifc',
  source_version_tag: null,
  version_count: 1,
  latest_size_bytes: 1000,
  file_size_bytes: 1000,
  storage_size_bytes: 1000,
  total_size_bytes: 1000,
  elements_count: 10,
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
  status: 'completed',
  error: null,
  rechecking: false,
  included: true,
};

async function openComprehensive(onGenerate: (request: GenerateRequest) => Promise<boolean>) {
  mockApi({ [`GET /projects/${PROJECT.id}/bimfiles`]: { body: { bim_files: [FILE] } } });
  const rendered = renderWithApp(
    <GenerateReportDialog
      project={PROJECT}
      type="comprehensive"
      onClose={() => {}}
      onGenerate={onGenerate}
    />,
  );
  const dialog = await screen.findByRole('dialog');
  return { ...rendered, dialog };
}

describe('GenerateReportDialog: BCF validity topics', () => {
  it('offers the validity findings only for a BCF, and sends them when switched on', async () => {
    const onGenerate = vi.fn(async (_request: GenerateRequest) => true);
    const { user, dialog } = await openComprehensive(onGenerate);
    expect(within(dialog).queryByRole('switch')).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('combobox', { name: 'Format' }));
    await user.click(await screen.findByRole('option', { name: /^BCF/ }));
    const include = await within(dialog).findByRole('switch', { name: 'Include model validity findings' });
    expect(include).not.toBeChecked();
    await user.click(include);
    expect(include).toBeChecked();

    await user.click(within(dialog).getByRole('button', { name: 'Generate Report' }));
    await waitFor(() => expect(onGenerate).toHaveBeenCalledTimes(1));
    expect(onGenerate.mock.calls[0]?.[0]).toMatchObject({
      reportType: 'comprehensive',
      format: 'bcf',
      bcfValidity: true,
      fileId: FILE_ID,
    });
  });

  it('sends no validity topics by default, nor for a PDF', async () => {
    const onGenerate = vi.fn(async (_request: GenerateRequest) => true);
    const { user, dialog } = await openComprehensive(onGenerate);
    await user.click(within(dialog).getByRole('button', { name: 'Generate Report' }));
    await waitFor(() => expect(onGenerate).toHaveBeenCalledTimes(1));
    expect(onGenerate.mock.calls[0]?.[0]).toMatchObject({ format: 'pdf', bcfValidity: false });
  });
});

describe('GenerateReportDialog: the report name', () => {
  it("starts from the report type's name, and a blank name cannot be sent", async () => {
    const onGenerate = vi.fn(async (_request: GenerateRequest) => true);
    const { user, dialog } = await openComprehensive(onGenerate);
    const name = within(dialog).getByLabelText('Report name');
    expect(name).toHaveValue('Comprehensive Project Analysis Report');

    await user.clear(name);
    await user.type(name, '   ');
    const generate = within(dialog).getByRole('button', { name: 'Generate Report' });
    expect(generate).toBeDisabled();
    expect(within(dialog).getByText('Report name is required')).toBeInTheDocument();
    await user.click(generate);
    expect(onGenerate).not.toHaveBeenCalled();
  });
});
