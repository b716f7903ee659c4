import { describe, expect, it } from 'vitest';
import { formatBytes, formatDate, formatNumber, initials, pluralize } from './format';

describe('formatBytes', () => {
  it('uses binary units with one decimal, trimming .0', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1024)).toBe('1 KB');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(1_073_741_824)).toBe('1 GB');
    expect(formatBytes(1_342_177_280)).toBe('1.3 GB');
  });

  it('treats missing or negative sizes as zero', () => {
    expect(formatBytes(undefined)).toBe('0 B');
    expect(formatBytes(null)).toBe('0 B');
    expect(formatBytes(-5)).toBe('0 B');
  });
});

describe('formatNumber', () => {
  it('groups thousands', () => {
    expect(formatNumber(121920)).toBe('121,920');
    expect(formatNumber(undefined)).toBe('0');
  });
});

describe('formatDate', () => {
  it('formats ISO dates in en-GB', () => {
    expect(formatDate('2026-11-22T06:14:58Z')).toBe('22 Nov 2026');
  });

  it('shows a dash for missing or invalid dates', () => {
    expect(formatDate(null)).toBe('—');
    expect(formatDate('not a date')).toBe('—');
  });
});

describe('initials', () => {
  it('takes first and last initials of a name', () => {
    expect(initials('Ada King Lovelace')).toBe('AL');
    expect(initials('grace')).toBe('G');
  });

  it('uses the local part of an e-mail', () => {
    expect(initials('ada@example.com')).toBe('A');
    expect(initials('  ')).toBe('?');
  });
});

describe('pluralize', () => {
  it('picks singular or plural', () => {
    expect(pluralize(1, 'file')).toBe('1 file');
    expect(pluralize(2500, 'element')).toBe('2,500 elements');
  });
});
