/** A card the built-in ledger pays with (billing/payments/ledger.ts declines only its documented numbers). */
export const GOOD_CARD = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2099, cvc: '123' };
