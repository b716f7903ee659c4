import { describe, expect, it } from 'vitest';
import { formatConsoleReport } from './console';
import {
  failingReport,
  invalidReport,
  manyFailuresReport,
  passingReport,
  prohibitedFailingReport,
} from './fixtures';

// biome-ignore lint/suspicious/noControlCharactersInRegex: looking for ANSI escapes
const ansiEscape = /\u001b\[/;

describe('console reporter', () => {
  it('lists each specification with its status and counts, and the failing elements with reasons', () => {
    const text = formatConsoleReport(failingReport);
    expect(text).toContain('✘ FAIL  Walls carry a fire rating & material [ARC-01]');
    expect(text).toContain('5 applicable · 2 passed · 3 failed');
    expect(text).toContain("IFCWALL #1577 'Basic Wall:Interior - 100mm' (0DWgwt6o1FOx7466fPk$jl)");
    expect(text).toContain(
      '- Pset_WallCommon.FireRating has value "F90", expected matching pattern EI[0-9]{2,3}',
    );
    expect(text).toContain('IFCWALL #1733');
    expect(text).toContain('✔ PASS  Doors have a name');
    expect(text).toContain('No element matches the applicability, but the specification is required');
    expect(text).toMatch(
      /Result: FAIL {2}2 of 4 specifications passed, 3 failing elements, checked in 1\.2 s\n$/,
    );
  });

  it('says PASS when every specification passes', () => {
    const text = formatConsoleReport(passingReport);
    expect(text).toContain('Result: PASS  2 of 2 specifications passed, checked in 1.2 s');
    expect(text).not.toContain('FAIL');
  });

  it('reports an invalid IDS with the location of each problem', () => {
    const text = formatConsoleReport(invalidReport);
    expect(text).toContain('The IDS is invalid; nothing was checked.');
    expect(text).toContain("line 14:9: Element '{http://standards.buildingsmart.org/IDS}colour'");
    expect(text).toContain('  - The IDS has no specifications element.');
    expect(text).toContain('Result: INVALID');
  });

  it('colours only when asked', () => {
    expect(formatConsoleReport(failingReport)).not.toMatch(ansiEscape);
    const coloured = formatConsoleReport(failingReport, { color: true });
    expect(coloured).toMatch(ansiEscape);
    expect(coloured).toContain('\u001b[31m✘ FAIL\u001b[39m');
  });

  it('lists the first N failing elements and counts the rest', () => {
    const text = formatConsoleReport(manyFailuresReport(25), { maxFailuresPerSpecification: 5 });
    expect(text.match(/^ {8}IFC(WINDOW|DOOR) #/gm)).toHaveLength(5);
    expect(text).toContain('… and 20 more failing elements');
  });

  it('neutralises terminal control characters coming from the model', () => {
    const element = { ...failingReport.specifications[0]!.failingElements[0]!, name: 'evil\u001b[2Jname' };
    const specification = { ...failingReport.specifications[0]!, failingElements: [element] };
    const text = formatConsoleReport({ ...failingReport, specifications: [specification] });
    expect(text).toContain("'evil?[2Jname'");
    expect(text).not.toMatch(ansiEscape);
  });

  it('says why an element of a prohibited specification fails', () => {
    const text = formatConsoleReport(prohibitedFailingReport);
    expect(text).toContain("IFCBUILDINGELEMENTPROXY #3301 'Generic Models:Placeholder'");
    expect(text).toContain('- matches a prohibited specification: it must not be in the model');
  });
});
