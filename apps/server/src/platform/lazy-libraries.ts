// Libraries only a few requests and worker tasks use, loaded when first used rather than with the
// server: exceljs and pdfkit were about a seventh of the time it took to import the server's modules
// (in every test file that starts one, and at every start), for exports and reports most runs never make.
import type ExcelJS from 'exceljs';
import type PDFKit from 'pdfkit';

/** exceljs, loaded once on first use. */
export async function exceljs(): Promise<typeof ExcelJS> {
  return (await import('exceljs')).default;
}

/** pdfkit's document class, loaded once on first use. */
export async function pdfkit(): Promise<typeof PDFKit> {
  return (await import('pdfkit')).default;
}
