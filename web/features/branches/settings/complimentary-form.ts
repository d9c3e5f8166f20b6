import { isRupeeAmount, paiseToRupeesString, rupeesToPaise } from '../../../../shared/money';
import type { ComplimentarySettings } from '../../../../shared/schemas/complimentary.schemas';

/** The complimentary card's fields: the reasons one a line, the limit in rupees as typed. */
export interface ComplimentaryFormValues {
  reasons: string;
  limitRupees: string;
}

/** The limit shown in rupees: "500" for ₹500.00, "99.50" for ₹99.50. */
export function limitText(paise: number): string {
  const text = paiseToRupeesString(paise);
  return text.endsWith('.00') ? text.slice(0, -3) : text;
}

export const complimentaryFormValues = (
  settings: ComplimentarySettings,
): ComplimentaryFormValues => ({
  reasons: settings.reasons.join('\n'),
  limitRupees: limitText(settings.limitPaise),
});

/**
 * The body PUT /api/complimentary/settings takes: the reasons trimmed, empty lines dropped, the
 * limit in paise (null: the rupees typed are not an amount; the card says so).
 */
export function complimentaryBody(values: ComplimentaryFormValues): ComplimentarySettings | null {
  const limit = values.limitRupees.trim();
  if (limit === '' || !isRupeeAmount(limit)) return null;
  return {
    reasons: values.reasons
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== ''),
    limitPaise: rupeesToPaise(limit),
  };
}
