/**
 * Billing rules the browser and the server both apply, defined once (the server's charge is the
 * truth; the browser uses these to check input and show the same figures before it asks).
 */

/** Luhn checksum of a card number (digits only, 12 to 19 of them). */
export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export function cardBrand(digits: string): string {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^6(011|5)/.test(digits)) return 'discover';
  return 'card';
}

export interface Discount {
  type: 'percentage' | 'amount';
  /** Percent, or cents. */
  value: number;
}

/** Spec 1 §9: percentage: price × (1 − value/100); amount: value/100 off, never below 0. In cents. */
export function discountedCents(priceCents: number, discount: Discount | null): number {
  if (!discount) return priceCents;
  const after =
    discount.type === 'percentage'
      ? Math.round((priceCents * (100 - Math.min(100, Math.max(0, discount.value)))) / 100)
      : priceCents - Math.max(0, discount.value);
  return Math.max(0, after);
}

/** Spec 3 §9 / spec 1 §2.1: 'inc. GST' for AUD, 'inc. VAT' for EUR, otherwise 'inc. tax'. */
export function taxNote(currency: string): string {
  if (currency === 'AUD') return 'inc. GST';
  if (currency === 'EUR') return 'inc. VAT';
  return 'inc. tax';
}
