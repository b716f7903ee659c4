import type { InvoiceRow, Subscription } from '@plumbline/contracts';

export type SortKey = 'invoice_number' | 'project' | 'date' | 'amount' | 'status';
export type SortDirection = 'asc' | 'desc';
export interface SortState {
  key: SortKey;
  direction: SortDirection;
}

/** Each click cycles ascending, descending, none (spec 3 §4 Billing table sort). */
export function nextSort(current: SortState | null, key: SortKey): SortState | null {
  if (!current || current.key !== key) return { key, direction: 'asc' };
  if (current.direction === 'asc') return { key, direction: 'desc' };
  return null;
}

function sortValue(row: InvoiceRow, key: SortKey): string | number {
  switch (key) {
    case 'invoice_number':
      return row.invoice_number;
    case 'project':
      return row.project_name_snapshot.toLowerCase();
    case 'date':
      return row.created;
    case 'amount':
      return row.amount;
    default:
      return row.computed_status;
  }
}

export function sortInvoices(rows: readonly InvoiceRow[], sort: SortState | null): InvoiceRow[] {
  if (!sort) return [...rows];
  const factor = sort.direction === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = sortValue(a, sort.key);
    const y = sortValue(b, sort.key);
    return (x < y ? -1 : x > y ? 1 : 0) * factor;
  });
}

/** Spec 3 §2.8: the project's name, else 'Project' and the first 8 characters of its id. */
export function subscriptionProjectName(subscription: Pick<Subscription, 'project' | 'project_id'>): string {
  return subscription.project.name?.trim() || `Project ${subscription.project_id.slice(0, 8)}`;
}

/** The receipt's file name: its receipt number, else the invoice number (spec 3 §7). */
export function receiptFileName(row: Pick<InvoiceRow, 'receipt_number' | 'invoice_number'>): string {
  return `${row.receipt_number ?? row.invoice_number}.pdf`;
}

export interface RoiInputs {
  modelsPerMonth: number;
  hoursPerCheck: number;
  hourlyRate: number;
  planPrice: number;
}

/**
 * Our ROI formula (decision 0143): manual checking hours saved each month, valued at the hourly rate,
 * against the plan's price. Savings = models × hours × rate; return = (savings − price) / price.
 */
export function roi(inputs: RoiInputs): { savings: number; net: number; returnPercent: number | null } {
  const savings =
    Math.max(0, inputs.modelsPerMonth) * Math.max(0, inputs.hoursPerCheck) * Math.max(0, inputs.hourlyRate);
  const net = savings - inputs.planPrice;
  return {
    savings,
    net,
    returnPercent: inputs.planPrice > 0 ? Math.round((net / inputs.planPrice) * 100) : null,
  };
}
