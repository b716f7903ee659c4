import type { Report } from '@plumbline/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiRequestError } from '@/lib/api';
import { switchLocale } from '@/lib/i18n';
import {
  cooldownLeft,
  defaultReportName,
  downloadErrorTitle,
  generationErrorMessage,
  reportFailureText,
} from './report-messages';

afterEach(() => switchLocale('en'));

const refusal = (status: number, code: string, message = 'server says') =>
  new ApiRequestError({ status, code, message });

describe('report messages (spec 2 §8)', () => {
  it('titles each download refusal as the spec names it', () => {
    expect(downloadErrorTitle(refusal(401, 'unauthenticated'))).toBe('Authentication required for download');
    expect(downloadErrorTitle(refusal(429, 'download_rate_limited'))).toBe('Download Rate Limited');
    expect(downloadErrorTitle(refusal(409, 'report_in_progress'))).toBe('Report In Progress');
    expect(downloadErrorTitle(refusal(409, 'report_failed'))).toBe('Report Failed');
    expect(downloadErrorTitle(refusal(404, 'report_not_found'))).toBe('Download Unavailable');
    expect(downloadErrorTitle(refusal(500, 'internal'))).toBe('Download failed with status 500');
  });

  it("passes the server's words for the monthly limit and missing files, and words the rest", () => {
    expect(generationErrorMessage(refusal(403, 'limit_reports', 'Monthly limit reached (5 reports)'))).toBe(
      'Monthly limit reached (5 reports)',
    );
    expect(generationErrorMessage(refusal(400, 'no_files', 'No files found: upload files first.'))).toBe(
      'No files found: upload files first.',
    );
    expect(generationErrorMessage(refusal(403, 'editor_role_required'))).toMatch(/permission/);
    expect(generationErrorMessage(refusal(429, 'rate_limited'))).toMatch(/^Rate limit exceeded/);
    expect(generationErrorMessage(refusal(404, 'not_found'))).toMatch(/endpoint not found/);
  });

  it('counts a 30 s cooldown down in whole seconds and names reports after their type', () => {
    expect(cooldownLeft(undefined, 1_000, 30_000)).toBe(0);
    expect(cooldownLeft(0, 1, 30_000)).toBe(30);
    expect(cooldownLeft(0, 29_001, 30_000)).toBe(1);
    expect(cooldownLeft(0, 30_000, 30_000)).toBe(0);
    expect(defaultReportName('Comprehensive Project Analysis')).toBe('Comprehensive Project Analysis Report');
  });

  it("words a failed report from its code in the page's language, whatever the server wrote", async () => {
    const failed = (failure: Report['failure']) =>
      ({ status: 'failed', failure, error_message: 'as the server worded it' }) as Report;
    expect(reportFailureText(failed({ code: 'no_files', detail: null }))).toBe(
      'No files found: upload files first.',
    );
    expect(reportFailureText(failed({ code: 'generation_failed', detail: 'disk full' }))).toBe(
      'Report generation failed: disk full',
    );
    // A report of an older server, without a code: its words as sent.
    expect(reportFailureText(failed(null))).toBe('as the server worded it');
    await switchLocale('de');
    expect(reportFailureText(failed({ code: 'author_gone', detail: null }))).toBe(
      'Der Ersteller existiert nicht mehr.',
    );
    expect(reportFailureText(failed({ code: 'generation_failed', detail: 'disk full' }))).toBe(
      'Die Berichtserstellung ist fehlgeschlagen: disk full',
    );
  });
});
