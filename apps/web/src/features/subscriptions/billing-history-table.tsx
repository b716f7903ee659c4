import type { InvoiceRow } from '@plumbline/contracts';
import { ArrowDown, ArrowUp, ArrowUpDown, Download, FileText } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { downloadReceipt, formatPrice } from '@/lib/billing';
import { formatDate } from '@/lib/format';
import { type MessageId, useT } from '@/lib/i18n';
import { nextSort, receiptFileName, type SortKey, type SortState, sortInvoices } from './billing-rules';

/** The sortable columns and their headings' message ids. */
const COLUMNS: Array<[SortKey, MessageId]> = [
  ['invoice_number', 'subscriptions.history.invoiceColumn'],
  ['project', 'subscriptions.history.projectColumn'],
  ['date', 'subscriptions.history.dateColumn'],
  ['amount', 'subscriptions.history.amountColumn'],
  ['status', 'subscriptions.history.statusColumn'],
];

async function saveReceipt(row: InvoiceRow) {
  try {
    const blob = await downloadReceipt(row.id);
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = receiptFileName(row);
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  } catch (error) {
    // Spec 3 §7: logged, then the receipt link opens in a new tab instead.
    console.error(error);
    if (row.receipt_url) window.open(row.receipt_url, '_blank', 'noopener');
  }
}

/** Billing history (spec 3 §2.7, §4 sort, §7 receipt and invoice download). */
export function BillingHistoryTable({ invoices }: { invoices: InvoiceRow[] }) {
  const t = useT('subscriptions');
  const [sort, setSort] = useState<SortState | null>(null);
  const rows = useMemo(() => sortInvoices(invoices, sort), [invoices, sort]);
  if (invoices.length === 0)
    return (
      <p className="p-6 text-center text-sm text-muted-foreground">{t('subscriptions.history.empty')}</p>
    );
  return (
    <div className="overflow-x-auto">
      <Table>
        <TableHeader>
          <TableRow>
            {COLUMNS.map(([key, label]) => {
              const active = sort?.key === key ? sort.direction : null;
              const Icon = active === 'asc' ? ArrowUp : active === 'desc' ? ArrowDown : ArrowUpDown;
              return (
                <TableHead
                  key={key}
                  aria-sort={active === 'asc' ? 'ascending' : active === 'desc' ? 'descending' : 'none'}
                >
                  <button
                    type="button"
                    className="inline-flex items-center gap-1"
                    onClick={() => setSort(nextSort(sort, key))}
                  >
                    {t(label)} <Icon className="size-3" aria-hidden="true" />
                  </button>
                </TableHead>
              );
            })}
            <TableHead className="text-right">{t('subscriptions.history.documents')}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id}>
              <TableCell className="font-medium">{row.invoice_number}</TableCell>
              <TableCell>
                <div>{row.project_name_snapshot}</div>
                <div className="text-xs text-muted-foreground">{row.name}</div>
              </TableCell>
              <TableCell>{formatDate(row.date)}</TableCell>
              <TableCell>{formatPrice(row.amount, row.currency)}</TableCell>
              <TableCell>
                <Badge
                  variant={
                    row.computed_status === 'paid'
                      ? 'success'
                      : row.computed_status === 'due'
                        ? 'warning'
                        : 'destructive'
                  }
                >
                  {t('subscriptions.history.status', { status: row.computed_status })}
                </Badge>
              </TableCell>
              <TableCell className="text-right">
                <div className="inline-flex gap-1">
                  {row.receipt_url && (
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={() => saveReceipt(row)}
                      aria-label={t('subscriptions.history.downloadReceipt', { number: row.invoice_number })}
                    >
                      <Download /> {t('subscriptions.history.receipt')}
                    </Button>
                  )}
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={t('subscriptions.history.openInvoice', { number: row.invoice_number })}
                    onClick={() => {
                      const url = row.invoice_pdf ?? row.hosted_invoice_url;
                      if (url) window.open(url, '_blank', 'noopener');
                    }}
                  >
                    <FileText /> {t('subscriptions.history.invoice')}
                  </Button>
                </div>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
