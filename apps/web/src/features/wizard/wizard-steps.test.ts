import { describe, expect, it } from 'vitest';
import {
  barColour,
  checkAddFile,
  defaultBillingName,
  flowSteps,
  nextStep,
  parseExpiry,
  previousStep,
  showsNavigation,
} from './wizard-steps';

describe('wizard order (spec 1 §4)', () => {
  it('skips Select Project for local files and Payment when billing is off', () => {
    expect(flowSteps('local', true)).toEqual([
      'connect_acc',
      'project_details',
      'select_files',
      'payment',
      'complete',
    ]);
    expect(flowSteps('acc', true)).toEqual([
      'connect_acc',
      'select_project',
      'project_details',
      'select_files',
      'payment',
      'complete',
    ]);
    expect(flowSteps('local', false)).toEqual(['connect_acc', 'project_details', 'select_files', 'complete']);
  });
  it('moves one step; Back does nothing on the first and last steps', () => {
    const flow = flowSteps('local', true);
    expect(nextStep('project_details', flow)).toBe('select_files');
    expect(previousStep('select_files', flow)).toBe('project_details');
    expect(previousStep('connect_acc', flow)).toBe('connect_acc');
    expect(previousStep('complete', flow)).toBe('complete');
    expect(showsNavigation('connect_acc')).toBe(false);
    expect(showsNavigation('complete')).toBe(false);
    expect(showsNavigation('payment')).toBe(true);
  });
});

describe('file selection limits (spec 1 §5)', () => {
  const base = {
    maxFiles: 10,
    maxStorageGb: 20,
    selectedCount: 0,
    selectedBytes: 0,
    fileBytes: 1,
  };
  it('refuses the file past the file limit with the spec toast', () => {
    expect(checkAddFile({ ...base, selectedCount: 10 })).toEqual({ ok: false, limit: 'files' });
    expect(checkAddFile({ ...base, selectedCount: 9 }).ok).toBe(true);
  });
  it('refuses the file that would pass the storage limit', () => {
    const gb = 1_073_741_824;
    expect(checkAddFile({ ...base, selectedBytes: 20 * gb - 10, fileBytes: 11 })).toEqual({
      ok: false,
      limit: 'storage',
    });
    expect(checkAddFile({ ...base, selectedBytes: 20 * gb - 10, fileBytes: 10 }).ok).toBe(true);
  });
  it('colours bars green to 60 %, yellow from 60, red above 80', () => {
    expect([0, 59.9, 60, 80, 80.1].map(barColour)).toEqual(['green', 'green', 'yellow', 'yellow', 'red']);
  });
});

describe('payment inputs', () => {
  it('prefills the name from the account, else the e-mail before @', () => {
    expect(defaultBillingName('Ada Auditor', 'ada@example.com')).toBe('Ada Auditor');
    expect(defaultBillingName('  ', 'ada.a@example.com')).toBe('ada.a');
  });
  it('reads MM/YY and MM/YYYY expiries', () => {
    expect(parseExpiry('12/34')).toEqual({ month: 12, year: 2034 });
    expect(parseExpiry('1 / 2030')).toEqual({ month: 1, year: 2030 });
    expect(parseExpiry('13/30')).toBeNull();
    expect(parseExpiry('1230')).toBeNull();
  });
});
