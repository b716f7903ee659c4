import { taxNote } from '@plumbline/contracts';
import { pdfkit } from '../../platform/lazy-libraries';
import type { InvoiceRow } from './repo';

const SYMBOL: Record<string, string> = { AUD: 'A$', USD: 'US$', GBP: '£', EUR: '€' };

export function formatMoney(cents: number, currency: string): string {
  const amount = (cents / 100).toLocaleString('en-GB', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  return `${SYMBOL[currency] ?? `${currency} `}${amount}`;
}

/** Dates as the spec shows them (en-GB), e.g. 25 November 2026. */
export function formatDate(date: Date): string {
  return date.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

const INK = '#18181b';
const MUTED = '#52525b';
const ACCENT = '#1d4ed8';
const RULE = '#d4d4d8';

/**
 * An invoice or its receipt as an A4 PDF (a page of text and rules: milliseconds to render, so it is
 * drawn in the request; the big reports render on worker threads).
 */
export async function renderBillingDocument(
  kind: 'invoice' | 'receipt',
  invoice: InvoiceRow,
): Promise<Buffer> {
  const PDFDocument = await pdfkit();
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: {
      Title: `${kind === 'receipt' ? 'Receipt' : 'Invoice'} ${kind === 'receipt' ? invoice.receiptNumber : invoice.invoiceNumber}`,
      Author: 'Plumbline',
      CreationDate: invoice.issuedAt,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = 56;
  const right = doc.page.width - 56;
  const width = right - left;
  const money = (cents: number) => formatMoney(cents, invoice.currency);

  // Header: seller and document title.
  doc.fillColor(ACCENT).font('Helvetica-Bold').fontSize(22).text('Plumbline', left, 56);
  doc
    .fillColor(MUTED)
    .font('Helvetica')
    .fontSize(9)
    .text('BIM compliance checking against buildingSMART IDS', left, 84);
  const title = kind === 'receipt' ? 'RECEIPT' : 'INVOICE';
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(20).text(title, left, 56, { width, align: 'right' });
  const status = invoice.status === 'paid' ? 'PAID' : invoice.status === 'overdue' ? 'OVERDUE' : 'DUE';
  doc
    .fillColor(invoice.status === 'paid' ? '#15803d' : '#b91c1c')
    .fontSize(10)
    .text(status, left, 82, { width, align: 'right' });

  // Reference block.
  let y = 130;
  const refs: Array<[string, string]> = [
    [
      kind === 'receipt' ? 'Receipt number' : 'Invoice number',
      (kind === 'receipt' ? invoice.receiptNumber : invoice.invoiceNumber) ?? '',
    ],
    ...(kind === 'receipt' ? ([['Invoice number', invoice.invoiceNumber]] as Array<[string, string]>) : []),
    ['Date of issue', formatDate(invoice.issuedAt)],
    invoice.paidAt ? ['Date paid', formatDate(invoice.paidAt)] : ['Due by', formatDate(invoice.dueAt)],
  ];
  for (const [label, value] of refs) {
    doc.fillColor(MUTED).font('Helvetica').fontSize(9).text(label, left, y);
    doc
      .fillColor(INK)
      .font('Helvetica-Bold')
      .fontSize(9)
      .text(value, left + 110, y);
    y += 15;
  }
  doc
    .fillColor(MUTED)
    .font('Helvetica')
    .fontSize(9)
    .text('Bill to', left + width / 2 + 20, 130);
  doc
    .fillColor(INK)
    .font('Helvetica-Bold')
    .fontSize(10)
    .text(invoice.customerName, left + width / 2 + 20, 145, { width: width / 2 - 20 });
  doc
    .font('Helvetica')
    .fontSize(9)
    .text(invoice.billingEmail, { width: width / 2 - 20 });
  doc.fillColor(MUTED).text(`Project: ${invoice.projectNameSnapshot}`, { width: width / 2 - 20 });

  // Line items.
  y = Math.max(y, doc.y) + 30;
  doc.moveTo(left, y).lineTo(right, y).strokeColor(RULE).lineWidth(1).stroke();
  doc.fillColor(MUTED).font('Helvetica-Bold').fontSize(9);
  doc.text('DESCRIPTION', left, y + 8);
  doc.text('PERIOD', left + 250, y + 8);
  doc.text('AMOUNT', left, y + 8, { width, align: 'right' });
  y += 26;
  doc.moveTo(left, y).lineTo(right, y).strokeColor(RULE).stroke();
  y += 10;
  doc.fillColor(INK).font('Helvetica').fontSize(10).text(invoice.description, left, y, { width: 240 });
  doc.text(`${formatDate(invoice.periodStart)} – ${formatDate(invoice.periodEnd)}`, left + 250, y, {
    width: 150,
  });
  doc.text(money(invoice.subtotalCents), left, y, { width, align: 'right' });
  y = Math.max(doc.y, y + 14) + 16;
  doc.moveTo(left, y).lineTo(right, y).strokeColor(RULE).stroke();

  // Totals.
  const totalsLeft = left + width / 2;
  const row = (label: string, value: string, bold = false) => {
    y += 10;
    doc
      .fillColor(bold ? INK : MUTED)
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(bold ? 12 : 10);
    doc.text(label, totalsLeft - 60, y, { width: width / 2 - 20 });
    doc.fillColor(INK).text(value, totalsLeft, y, { width: width / 2, align: 'right' });
    y += bold ? 18 : 14;
  };
  row('Subtotal', money(invoice.subtotalCents));
  if (invoice.discountCents > 0) {
    row(
      `Discount${invoice.voucherCode ? ` (voucher ${invoice.voucherCode})` : ''}`,
      `-${money(invoice.discountCents)}`,
    );
  }
  row(`Total (${invoice.currency}, ${taxNote(invoice.currency)})`, money(invoice.totalCents), true);
  if (kind === 'receipt' || invoice.status === 'paid') {
    row('Amount paid', money(invoice.totalCents));
  } else {
    row('Amount due', money(invoice.totalCents));
  }

  // Payment line and notes.
  y += 20;
  doc.fillColor(MUTED).font('Helvetica').fontSize(9);
  if (invoice.cardBrand && invoice.cardLast4) {
    const brand = invoice.cardBrand.charAt(0).toUpperCase() + invoice.cardBrand.slice(1);
    doc.text(`Paid with ${brand} ending in ${invoice.cardLast4}.`, left, y, { width });
    y = doc.y + 4;
  }
  doc.text(
    `${invoice.tierName} plan, billed monthly. Prices are shown ${taxNote(invoice.currency)}. ` +
      'Invoices are issued at the start of each billing cycle.',
    left,
    y,
    { width },
  );
  doc
    .fontSize(8)
    .text(
      'Plumbline · Questions about this document: reply to the e-mail it came with.',
      left,
      doc.page.height - 80,
      {
        width,
        align: 'center',
      },
    );
  doc.end();
  return done;
}
