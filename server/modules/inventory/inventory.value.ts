/**
 * What stock is worth at its latest purchase price: quantity × (price / purchased quantity),
 * in paise, rounded HALF UP to a whole paisa (the product's rounding rule, as in
 * shared/money.ts). Computed in bigint so no product loses precision. Stock at or below zero
 * is worth nothing; stock never bought has no value (null).
 */
export function stockValuePaise(
  quantity: number,
  lastPurchase: { pricePaise: number; quantity: number } | null,
): number | null {
  if (!lastPurchase) return null;
  if (quantity <= 0) return 0;
  const numerator = BigInt(quantity) * BigInt(lastPurchase.pricePaise);
  const denominator = BigInt(lastPurchase.quantity);
  return Number((numerator * 2n + denominator) / (denominator * 2n));
}
