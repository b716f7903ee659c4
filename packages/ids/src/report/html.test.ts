import { describe, expect, it } from 'vitest';
import {
  failingReport,
  invalidReport,
  manyFailuresReport,
  passingReport,
  prohibitedFailingReport,
} from './fixtures';
import { htmlReportChunks, renderHtmlReport, writeHtmlReport } from './html';

describe('HTML reporter', () => {
  it('is one self-contained document with no external references', () => {
    const html = renderHtmlReport(failingReport);
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).not.toMatch(/\b(src|href)\s*=\s*["']?(https?:)?\/\//i);
    expect(html).not.toMatch(/<link\b|@import|url\(/i);
    expect(html).toContain("default-src 'none'");
  });

  it('shows the summary, a section per specification and a filterable failure table', () => {
    const html = renderHtmlReport(failingReport);
    expect(html).toContain('<span class="pill fail">FAIL</span>');
    expect(html.match(/<section class="spec (pass|fail)" id="spec-\d+">/g)).toHaveLength(4);
    expect(html).toContain('5 applicable · 2 passed · 3 failed');
    expect(html.match(/<tr data-spec="0"/g)).toHaveLength(3);
    expect(html).toContain('id="filter-text"');
    expect(html).toContain('<option value="0">Walls carry a fire rating &amp; material</option>');
    expect(html).toContain('0DWgwt6o1FOx7466fPk$jl');
    expect(html).toContain('No element matches the applicability, but the specification is required');
  });

  it('escapes every string from the model and the IDS', () => {
    const html = renderHtmlReport(failingReport);
    expect(html).toContain('Basic Wall:Interior &lt;partition&gt; &amp; &quot;acoustic&quot;');
    expect(html).toContain(
      'Set the fire rating in the wall type properties, &lt;b&gt;not&lt;/b&gt; on the instance.',
    );
    expect(html).toContain('<h1>Handover &lt;check&gt; &amp; &quot;fire&quot;</h1>');
    expect(html).not.toContain('<partition>');
    expect(html).not.toContain('<b>not</b>');
    const hostile = renderHtmlReport({
      ...failingReport,
      model: { fileName: '</script><script>alert(1)</script>.ifc', schema: 'IFC4' },
    });
    expect(hostile.match(/<script>/g)).toHaveLength(1);
  });

  it('shows the problems of an invalid IDS', () => {
    const html = renderHtmlReport(invalidReport);
    expect(html).toContain('<span class="pill invalid">INVALID</span>');
    expect(html).toContain('<code>line 14:9</code>');
    expect(html).toContain('Element &#39;{http://standards.buildingsmart.org/IDS}colour&#39;');
  });

  it('says so when nothing fails', () => {
    expect(renderHtmlReport(passingReport)).toContain('No element fails a requirement.');
  });

  it('caps the failure table and says how many were left out', () => {
    const html = renderHtmlReport(manyFailuresReport(30), { maxFailureRows: 10 });
    expect(html.match(/<tr data-spec=/g)).toHaveLength(10);
    expect(html).toContain('Showing the first 10 of 30 failures');
  });

  it('gives a reason for an element of a prohibited specification', () => {
    expect(renderHtmlReport(prohibitedFailingReport)).toContain(
      '<ul class="reasons"><li>matches a prohibited specification: it must not be in the model</li></ul>',
    );
  });

  it('is written as a stream of bounded chunks that make the same page', async () => {
    const report = manyFailuresReport(30_000);
    const pieces = [...htmlReportChunks(report)];
    // The largest piece is the head (the inline style and script), not the table of 10,000 rows.
    expect(Math.max(...pieces.map((piece) => piece.length))).toBeLessThan(40_000);
    const written: string[] = [];
    await writeHtmlReport(report, (chunk) => {
      written.push(chunk);
    });
    const page = written.join('');
    expect(page).toBe(renderHtmlReport(report));
    expect(page.length).toBeGreaterThan(2_000_000);
    expect(Math.max(...written.map((chunk) => chunk.length))).toBeLessThan(64 * 1024 + 40_000);
    expect(page.match(/<tr data-spec="0"/g)).toHaveLength(10_000);
    expect(page).toContain('Showing the first 10,000 of 30,000 failures');
  });
});
