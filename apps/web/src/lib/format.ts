/**
 * Display formatting shared by every screen, in the page's language (lib/i18n): numbers and dates by
 * `Intl` for the locale (English: en-GB, spec 3 §9's "22 Nov 2026"). A component that formats follows a
 * language switch when it re-renders; components that show text do, through `useT`.
 */
import { intlLocale } from '@plumbline/i18n';
import { currentLocale } from './i18n/store';

const BYTE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** Binary units, 1 GB = 1,073,741,824 bytes (spec 3 §9). */
export function formatBytes(bytes: number | null | undefined, fractionDigits = 1): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes <= 0) return '0 B';
  let unit = 0;
  let value = bytes;
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 ? 0 : fractionDigits;
  const shown = numberFormat(`bytes${digits}`, { maximumFractionDigits: digits, useGrouping: false }).format(
    Number(value.toFixed(digits)),
  );
  return `${shown} ${BYTE_UNITS[unit]}`;
}

/** One Intl formatter per locale and kind, made on first use. */
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function numberFormat(kind: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const locale = currentLocale();
  const key = `${locale}|${kind}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(intlLocale(locale), options);
    numberFormats.set(key, format);
  }
  return format;
}

function dateFormat(kind: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const locale = currentLocale();
  const key = `${locale}|${kind}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocale(locale), options);
    dateFormats.set(key, format);
  }
  return format;
}

export function formatNumber(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '0';
  return numberFormat('number', {}).format(value);
}

/**
 * A share in percent, `value` already in percent (0–100): "87.5 %" in French, "87.5%" in English.
 * `exact` keeps every fraction digit ("27.0%", as `toFixed` wrote it) instead of dropping trailing zeros.
 */
export function formatPercent(value: number | null | undefined, fractionDigits = 0, exact = false): string {
  const shown = value === null || value === undefined || !Number.isFinite(value) ? 0 : value;
  return numberFormat(`percent${fractionDigits}${exact ? 'exact' : ''}`, {
    style: 'percent',
    maximumFractionDigits: fractionDigits,
    minimumFractionDigits: exact ? fractionDigits : 0,
  }).format(shown / 100);
}

/** An amount of money in a currency (ISO code): "€1,234.50", "1.234,50 €". */
export function formatCurrency(amount: number, currency: string): string {
  const code = currency.toUpperCase();
  return numberFormat(`currency${code}`, { style: 'currency', currency: code }).format(amount);
}

const dateOptions: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' };
const dateTimeOptions: Intl.DateTimeFormatOptions = { ...dateOptions, hour: '2-digit', minute: '2-digit' };

function toDate(value: string | number | Date | null | undefined): Date | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** "22 Nov 2026"; an em dash when the date is missing or unreadable. */
export function formatDate(value: string | number | Date | null | undefined): string {
  const date = toDate(value);
  return date ? dateFormat('date', dateOptions).format(date) : '—';
}

/** "22 Nov 2026, 06:14". */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  const date = toDate(value);
  return date ? dateFormat('dateTime', dateTimeOptions).format(date) : '—';
}

/** Up to two initials for an avatar: "Ada Lovelace" → "AL", "ada@x.io" → "A". */
export function initials(nameOrEmail: string): string {
  const base = nameOrEmail.includes('@') ? (nameOrEmail.split('@')[0] ?? '') : nameOrEmail;
  const words = base.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : '';
  return `${first}${last}`.toUpperCase();
}

/** "1 file", "3 files". English only: new text uses an ICU plural message instead (docs/i18n.md). */
export function pluralize(count: number, singular: string, plural = `${singular}s`): string {
  return `${formatNumber(count)} ${count === 1 ? singular : plural}`;
}

/** A time of day, hours and minutes, in the page's language ("14:05"; "2:05 PM" where that is the custom). */
export function formatTime(value: string | number | Date | null | undefined): string {
  const date = toDate(value);
  return date ? dateFormat('time', { hour: '2-digit', minute: '2-digit' }).format(date) : '';
}
