/**
 * The payment sheet's words drawn before its code arrives (its title, what it waits for): with
 * the waiters' screens, so the sheet opens at the first Pay (billing-text.ts has the rest).
 */
export const PAYMENT_SHEET_TEXT = {
  pay: 'Pay',
  payItems: 'Pay some items',
  loadingOrder: 'Loading order...',
} as const;
