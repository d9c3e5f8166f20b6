import { z } from 'zod';
import { TAX_REGIMES } from '../gst';

/**
 * A branch's tax profile as it is answered (docs/gst.md): what a bill prints at its top and how
 * its tax is worked out. A bill answers the profile it was made with (`seller`), so a reprint
 * prints what was printed then.
 */
export const taxProfileSchema = z.object({
  tradeName: z.string(),
  legalName: z.string().nullable(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  gstin: z.string().nullable(),
  /** The state of the GSTIN (its first two digits), null without one. */
  state: z.object({ code: z.string(), name: z.string() }).nullable(),
  fssai: z.string().nullable(),
  regime: z.enum(TAX_REGIMES),
  pricesIncludeTax: z.boolean(),
  roundOff: z.boolean(),
  /** A voluntary service charge in basis points; 0 for none. */
  serviceChargeBps: z.number().int(),
  /** The invoice series prefix: 'DC' of 'DC/2627/000123'. */
  invoicePrefix: z.string(),
});
export type TaxProfileView = z.infer<typeof taxProfileSchema>;
