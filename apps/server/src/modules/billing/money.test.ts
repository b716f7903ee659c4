import { describe, expect, it } from 'vitest';
import { addOneMonth, cardBrand, cardExpired, discountedCents, luhnValid } from './money';

describe('cards', () => {
  it('accepts the documented test numbers and refuses a changed digit', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4000000000000002')).toBe(true);
    expect(luhnValid('5555555555554444')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('42424242')).toBe(false);
  });
  it('names the brand from the number', () => {
    expect(cardBrand('4242424242424242')).toBe('visa');
    expect(cardBrand('5555555555554444')).toBe('mastercard');
    expect(cardBrand('378282246310005')).toBe('amex');
  });
  it('counts a card valid until the end of its expiry month', () => {
    expect(cardExpired(11, 2026, new Date('2026-11-30T23:59:59Z'))).toBe(false);
    expect(cardExpired(11, 2026, new Date('2026-12-01T00:00:00Z'))).toBe(true);
  });
});

describe('discounts (spec 1 §9)', () => {
  it('takes a percentage off', () => {
    expect(discountedCents(14900, { type: 'percentage', value: 20 })).toBe(11920);
    expect(discountedCents(14900, { type: 'percentage', value: 100 })).toBe(0);
  });
  it('takes an amount in cents off and never goes below zero', () => {
    expect(discountedCents(14900, { type: 'amount', value: 1000 })).toBe(13900);
    expect(discountedCents(7900, { type: 'amount', value: 100_000 })).toBe(0);
    expect(discountedCents(7900, { type: 'percentage', value: 250 })).toBe(0);
    expect(discountedCents(7900, { type: 'amount', value: -500 })).toBe(7900);
  });
});

describe('billing periods', () => {
  it('moves to the same day of the next month, clamped to its end', () => {
    expect(addOneMonth(new Date('2026-01-31T10:00:00Z')).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(addOneMonth(new Date('2028-01-31T10:00:00Z')).toISOString()).toBe('2028-02-29T10:00:00.000Z');
    expect(addOneMonth(new Date('2026-12-15T00:00:00Z')).toISOString()).toBe('2027-01-15T00:00:00.000Z');
  });
});
