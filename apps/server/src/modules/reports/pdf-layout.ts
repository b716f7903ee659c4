// A small layout kit over pdfkit for the reports: an embedded font when the machine has one (DejaVu
// Sans, Debian's fonts-dejavu-core) with Helvetica as the fallback, headings collected for the table
// of contents, tables that break across pages, and page numbers written once every page exists.
import { existsSync } from 'node:fs';
import PDFDocument from 'pdfkit';
import { type Locale, render } from '../../platform/i18n';

export const INK = '#18181b';
export const MUTED = '#52525b';
export const ACCENT = '#4f46e5';
export const RULE = '#d4d4d8';
export const PASS = '#16a34a';
export const WARN = '#d97706';
export const FAIL = '#dc2626';

const DEJAVU = '/usr/share/fonts/truetype/dejavu';
const MARGIN = 50;

export interface TocEntry {
  title: string;
  page: number;
  level: 1 | 2;
}

export type Doc = PDFKit.PDFDocument;

export class ReportPdf {
  readonly doc: Doc;
  readonly toc: TocEntry[] = [];
  private readonly chunks: Buffer[] = [];
  private readonly done: Promise<Buffer>;
  readonly left = MARGIN;
  readonly right: number;
  readonly width: number;
  private regular = 'Helvetica';
  private bold = 'Helvetica-Bold';

  /** `locale`: the report's language (project's, else the requester's), for the contents and page numbers. */
  constructor(
    title: string,
    created: Date,
    private readonly locale: Locale = 'en',
  ) {
    this.doc = new PDFDocument({
      size: 'A4',
      margin: MARGIN,
      bufferPages: true,
      info: { Title: title, Author: 'Plumbline', CreationDate: created },
    });
    if (existsSync(`${DEJAVU}/DejaVuSans.ttf`) && existsSync(`${DEJAVU}/DejaVuSans-Bold.ttf`)) {
      this.doc.registerFont('Body', `${DEJAVU}/DejaVuSans.ttf`);
      this.doc.registerFont('Body-Bold', `${DEJAVU}/DejaVuSans-Bold.ttf`);
      this.regular = 'Body';
      this.bold = 'Body-Bold';
    }
    this.right = this.doc.page.width - MARGIN;
    this.width = this.right - this.left;
    this.doc.on('data', (chunk: Buffer) => this.chunks.push(chunk));
    this.done = new Promise((resolve, reject) => {
      this.doc.on('end', () => resolve(Buffer.concat(this.chunks)));
      this.doc.on('error', reject);
    });
    this.doc.font(this.regular);
  }

  get pageIndex(): number {
    return this.doc.bufferedPageRange().start + this.doc.bufferedPageRange().count - 1;
  }

  get bottom(): number {
    return this.doc.page.height - MARGIN - 20;
  }

  font(bold = false): Doc {
    return this.doc.font(bold ? this.bold : this.regular);
  }

  /** Starts a new page unless `height` points still fit on this one. */
  ensure(height: number): void {
    if (this.doc.y + height > this.bottom) this.doc.addPage();
  }

  /** The first page: the accent band, the report type, the project, and the report's name and description. */
  cover(kind: string, projectName: string, report: { name: string; description: string }): void {
    this.doc.rect(0, 0, this.doc.page.width, 8).fill(ACCENT);
    this.font(true).fontSize(12).fillColor(ACCENT).text('Plumbline', this.left, 70);
    this.font(true).fontSize(26).fillColor(INK).text(kind, this.left, 140, { width: this.width });
    this.font()
      .fontSize(16)
      .fillColor(MUTED)
      .text(projectName, this.left, this.doc.y + 8, { width: this.width });
    this.doc.moveDown(1.5);
    this.paragraph(report.name, { size: 12 });
    if (report.description) this.paragraph(report.description, { color: MUTED });
  }

  section(title: string): void {
    this.doc.addPage();
    this.toc.push({ title, page: this.pageIndex, level: 1 });
    this.font(true).fontSize(18).fillColor(INK).text(title, this.left, MARGIN);
    this.doc.moveDown(0.6);
  }

  subheading(title: string, inToc = false): void {
    this.ensure(60);
    if (inToc) this.toc.push({ title, page: this.pageIndex, level: 2 });
    this.doc.moveDown(0.4);
    this.font(true).fontSize(12).fillColor(INK).text(title, this.left, this.doc.y, { width: this.width });
    this.doc.moveDown(0.3);
  }

  paragraph(text: string, options: { color?: string; size?: number } = {}): void {
    this.font()
      .fontSize(options.size ?? 10)
      .fillColor(options.color ?? INK)
      .text(text, this.left, this.doc.y, { width: this.width });
    this.doc.moveDown(0.4);
  }

  /** A table with a header row, repeated after each page break; columns are fractions of the width. */
  table(columns: Array<{ title: string; width: number; align?: 'left' | 'right' }>, rows: string[][]): void {
    const size = 8.5;
    const pad = 3;
    const widths = columns.map((c) => c.width * this.width);
    const heightOf = (cells: string[], bold: boolean) =>
      Math.max(
        ...cells.map((cell, i) =>
          this.font(bold)
            .fontSize(size)
            .heightOfString(cell, { width: (widths[i] ?? 0) - 2 * pad }),
        ),
      ) +
      2 * pad;
    const drawRow = (cells: string[], bold: boolean) => {
      const height = heightOf(cells, bold);
      const y = this.doc.y;
      if (bold) this.doc.rect(this.left, y, this.width, height).fill('#f4f4f5');
      let x = this.left;
      cells.forEach((cell, i) => {
        this.font(bold)
          .fontSize(size)
          .fillColor(bold ? MUTED : INK)
          .text(cell, x + pad, y + pad, {
            width: (widths[i] ?? 0) - 2 * pad,
            align: columns[i]?.align ?? 'left',
          });
        x += widths[i] ?? 0;
      });
      this.doc
        .moveTo(this.left, y + height)
        .lineTo(this.right, y + height)
        .lineWidth(0.5)
        .strokeColor(RULE)
        .stroke();
      this.doc.y = y + height;
    };
    const header = columns.map((c) => c.title);
    this.ensure(heightOf(header, true) + 20);
    drawRow(header, true);
    for (const row of rows) {
      if (this.doc.y + heightOf(row, false) > this.bottom) {
        this.doc.addPage();
        drawRow(header, true);
      }
      drawRow(row, false);
    }
    this.doc.x = this.left;
    this.doc.moveDown(0.6);
  }

  /** Horizontal bars (vectors) for percentages, coloured by the inspector's bands (80 / 50). */
  bars(rows: Array<{ label: string; percent: number; note: string }>): void {
    // The note ("Warning: 66.7% (2/3)") gets a third of the width and the row grows to hold it:
    // with a fixed 18 pt row a wrapped note ran into the next row (issue 35).
    const labelWidth = this.width * 0.36;
    const barWidth = this.width * 0.28;
    const noteWidth = this.width - labelWidth - barWidth - 8;
    for (const row of rows) {
      const noteHeight = this.font().fontSize(8.5).heightOfString(row.note, { width: noteWidth });
      const height = Math.max(18, noteHeight + 6);
      this.ensure(height + 2);
      const y = this.doc.y;
      this.font()
        .fontSize(8.5)
        .fillColor(INK)
        .text(row.label, this.left, y + 2, { width: labelWidth - 6, height: 12, ellipsis: true });
      const x = this.left + labelWidth;
      this.doc.rect(x, y + 2, barWidth, 10).fill('#e4e4e7');
      const fill = row.percent >= 80 ? PASS : row.percent >= 50 ? WARN : FAIL;
      this.doc.rect(x, y + 2, (barWidth * Math.max(0, Math.min(100, row.percent))) / 100, 10).fill(fill);
      this.font()
        .fontSize(8.5)
        .fillColor(MUTED)
        .text(row.note, x + barWidth + 8, y + 2, { width: noteWidth });
      this.doc.y = y + height;
    }
    this.doc.x = this.left;
    this.doc.moveDown(0.5);
  }

  /** A line chart of percentages (0–100) over labelled points, drawn as vectors. */
  lineChart(series: Array<{ name: string; color: string; values: number[] }>, labels: string[]): void {
    const height = 150;
    this.ensure(height + 50);
    const top = this.doc.y + 5;
    const left = this.left + 30;
    const width = this.width - 40;
    const doc = this.doc;
    doc.lineWidth(0.5).strokeColor(RULE);
    for (const tick of [0, 25, 50, 75, 100]) {
      const y = top + height - (height * tick) / 100;
      doc
        .moveTo(left, y)
        .lineTo(left + width, y)
        .stroke();
      this.font()
        .fontSize(7)
        .fillColor(MUTED)
        .text(`${tick}%`, this.left, y - 4, { width: 26, align: 'right' });
    }
    const step = labels.length > 1 ? width / (labels.length - 1) : 0;
    const xOf = (i: number) => (labels.length > 1 ? left + i * step : left + width / 2);
    for (const s of series) {
      doc.lineWidth(1.5).strokeColor(s.color);
      s.values.forEach((v, i) => {
        const y = top + height - (height * v) / 100;
        if (i === 0) doc.moveTo(xOf(i), y);
        else doc.lineTo(xOf(i), y);
      });
      if (s.values.length > 1) doc.stroke();
      s.values.forEach((v, i) => {
        doc.circle(xOf(i), top + height - (height * v) / 100, 2).fill(s.color);
      });
    }
    labels.forEach((label, i) => {
      this.font()
        .fontSize(7)
        .fillColor(MUTED)
        .text(label, xOf(i) - 30, top + height + 4, { width: 60, align: 'center' });
    });
    let lx = left;
    const ly = top + height + 18;
    for (const s of series) {
      doc.rect(lx, ly + 2, 8, 8).fill(s.color);
      this.font()
        .fontSize(8)
        .fillColor(INK)
        .text(s.name, lx + 11, ly + 1);
      lx += 90;
    }
    this.doc.y = ly + 20;
    this.doc.x = this.left;
  }

  /** Writes the table of contents on `tocPage`, page numbers on every page but the cover, and ends. */
  finish(tocPage: number, footer: string): Promise<Buffer> {
    const doc = this.doc;
    doc.switchToPage(tocPage);
    doc.y = MARGIN;
    this.font(true)
      .fontSize(18)
      .fillColor(INK)
      .text(render(this.locale, 'reports.layout.contents'), this.left, MARGIN);
    doc.moveDown(0.8);
    for (const entry of this.toc) {
      const indent = entry.level === 1 ? 0 : 14;
      const y = doc.y;
      this.font(entry.level === 1)
        .fontSize(entry.level === 1 ? 11 : 9.5)
        .fillColor(INK);
      doc.text(entry.title, this.left + indent, y, {
        width: this.width - indent - 40,
        lineBreak: false,
        ellipsis: true,
      });
      doc.text(String(entry.page + 1), this.right - 40, y, { width: 40, align: 'right' });
      doc.y = y + (entry.level === 1 ? 18 : 15);
      if (doc.y > this.bottom) break;
    }
    const range = doc.bufferedPageRange();
    for (let i = range.start + 1; i < range.start + range.count; i++) {
      doc.switchToPage(i);
      const y = doc.page.height - MARGIN + 10;
      // Writing below the bottom margin would start a new page; lift it for the footer.
      const margin = doc.page.margins.bottom;
      doc.page.margins.bottom = 0;
      this.font()
        .fontSize(8)
        .fillColor(MUTED)
        .text(footer, this.left, y, { width: this.width / 2, lineBreak: false });
      const page = render(this.locale, 'reports.layout.page', { page: i + 1, pages: range.count });
      doc.text(page, this.left + this.width / 2, y, {
        width: this.width / 2,
        align: 'right',
        lineBreak: false,
      });
      doc.page.margins.bottom = margin;
    }
    doc.end();
    return this.done;
  }
}
