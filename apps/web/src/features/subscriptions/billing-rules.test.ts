import type { InvoiceRow } from '@plumbline/contracts';
import { describe, expect, it } from 'vitest';
import { nextSort, receiptFileName, roi, sortInvoices, subscriptionProjectName } from './billing-rules';

const row = (
  n: string,
  project: string,
  created: number,
  amount: number,
  status: InvoiceRow['computed_status'],
) =>
  ({
    invoice_number: n,
    project_name_snapshot: project,
    created,
    amount,
    computed_status: status,
  }) as InvoiceRow;

describe('billing table sort (spec 3 §4)', () => {
  it('cycles ascending, descending, none; another column starts ascending', () => {
    const a = nextSort(null, 'amount');
    expect(a).toEqual({ key: 'amount', direction: 'asc' });
    const b = nextSort(a, 'amount');
    expect(b).toEqual({ key: 'amount', direction: 'desc' });
    expect(nextSort(b, 'amount')).toBeNull();
    expect(nextSort(b, 'date')).toEqual({ key: 'date', direction: 'asc' });
  });
  it('sorts by the chosen column and keeps the server order with none', () => {
    const rows = [
      row('INV-2', 'b', 2, 50, 'due'),
      row('INV-1', 'A', 1, 149, 'paid'),
      row('INV-3', 'c', 3, 10, 'overdue'),
    ];
    expect(sortInvoices(rows, { key: 'amount', direction: 'asc' }).map((r) => r.amount)).toEqual([
      10, 50, 149,
    ]);
    expect(sortInvoices(rows, { key: 'project', direction: 'desc' }).map((r) => r.invoice_number)).toEqual([
      'INV-3',
      'INV-2',
      'INV-1',
    ]);
    expect(sortInvoices(rows, null)).toEqual(rows);
  });
});

describe('subscription cards and plan changes', () => {
  it("falls back to 'Project' and the id's first 8 characters", () => {
    expect(
      subscriptionProjectName({
        project_id: '1234567890ab',
        project: { name: '', files_count: 0, team_members_count: 0 },
      }),
    ).toBe('Project 12345678');
  });
  it('names a receipt after its number, else the invoice number', () => {
    expect(receiptFileName({ receipt_number: 'RCT-001001', invoice_number: 'INV-001001' })).toBe(
      'RCT-001001.pdf',
    );
    expect(receiptFileName({ receipt_number: null, invoice_number: 'INV-001001' })).toBe('INV-001001.pdf');
  });
  it('computes the ROI of a plan', () => {
    expect(roi({ modelsPerMonth: 4, hoursPerCheck: 6, hourlyRate: 120, planPrice: 149 })).toEqual({
      savings: 2880,
      net: 2731,
      returnPercent: 1833,
    });
  });
});
