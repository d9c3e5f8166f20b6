import { z } from 'zod';
import {
  INVOICE_PREFIX_PATTERN,
  SERVICE_CHARGE_MAX_BPS,
  TAX_REGIMES,
  isValidFssai,
  gstinProblem,
  gstinProblemText,
  type TaxRegime,
} from '../gst';
import { isValidTimeZone } from '../dates';
import { MESSAGES } from '../messages';
import { isPercent, percentToBps } from '../money';
import { requiredText, safeString } from './common.schemas';
import { taxProfileSchema } from './tax-profile.schemas';

/**
 * A branch's own settings (its manager's Settings screen): what a bill prints at its top and
 * the branch's tax profile (docs/gst.md). Every save writes a new tax profile row; a bill keeps
 * the row it was made with, so changing these never changes a bill already made.
 */

/** Highest service charge as a percentage (`SERVICE_CHARGE_MAX_BPS`, 20 %). */
export const SERVICE_CHARGE_MAX_PERCENT = SERVICE_CHARGE_MAX_BPS / 100;
/** Longest legal name. */
export const MAX_LEGAL_NAME = 120;

/** Messages of ours about branch settings that the form and the server share. */
export const BRANCH_SETTINGS_TEXT = {
  gstin: 'Enter a valid 15-character GSTIN (e.g. 29AAGCB7383J1Z4)',
  gstinRequired: (regime: Exclude<TaxRegime, 'unregistered'>) =>
    `GSTIN is required for a ${regime === 'regular' ? 'registered (regular)' : 'composition'} business`,
  fssai: 'FSSAI licence number must be exactly 14 digits',
  regime: 'Tax regime must be regular, composition or not registered',
  pricesIncludeTax: 'Prices include tax must be true or false',
  roundOff: 'Round-off must be true or false',
  serviceCharge: `Service charge must be between 0 and ${SERVICE_CHARGE_MAX_PERCENT} % with at most 2 decimals`,
  invoicePrefix: 'Invoice prefix must be 1 to 4 letters or digits (e.g. DC)',
  invoicePrefixTaken: (prefix: string) =>
    `Another branch with this GSTIN numbers its bills ${prefix}/…: choose another prefix, so no two bills of the GSTIN share a number`,
  timeZone: 'Choose a valid time zone',
} as const;

/** Optional text: blank means none (null); absent is left to the caller (undefined). */
const optionalText = (label: string, max: number) =>
  safeString(label)
    .trim()
    .max(max, MESSAGES.validation.tooLong(label, max))
    .transform((value) => value || null)
    .nullable();

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

/**
 * PUT /api/branch/settings: what a bill prints at its top and the tax profile.
 * `name`, `address`, `phone`, `timeZone` are required; `gstin` blank or absent means none.
 * The tax profile's fields (legalName … invoicePrefix) left out keep the branch's current
 * values (an older client that sends only the printing details changes nothing else).
 */
export const branchSettingsBodySchema = z
  .object({
    name: requiredText('Restaurant name', 120),
    address: requiredText('Address', 300, { multiline: true }),
    phone: requiredText('Phone', 30),
    /** Blank or absent means none; stored upper-case, check character verified. */
    gstin: safeString('GSTIN')
      .trim()
      .transform((value) => value.toUpperCase())
      .superRefine((value, ctx) => {
        const problem = value === '' ? null : gstinProblem(value);
        if (problem) {
          const message = gstinProblemText(problem, BRANCH_SETTINGS_TEXT.gstin);
          ctx.addIssue({ code: 'custom', message });
        }
      })
      .transform((value) => value || null)
      .nullable()
      .optional()
      .transform((value) => value ?? null),
    timeZone: z
      .string({ error: BRANCH_SETTINGS_TEXT.timeZone })
      .refine(isValidTimeZone, BRANCH_SETTINGS_TEXT.timeZone),
    /** The registered legal name when it differs from the trade name; blank for none. */
    legalName: optionalText('Legal name', MAX_LEGAL_NAME).optional(),
    /** The 14-digit FSSAI licence number; blank for none. */
    fssai: safeString('FSSAI licence number')
      .trim()
      .refine((value) => value === '' || isValidFssai(value), BRANCH_SETTINGS_TEXT.fssai)
      .transform((value) => value || null)
      .nullable()
      .optional(),
    regime: z.enum(TAX_REGIMES, { error: BRANCH_SETTINGS_TEXT.regime }).optional(),
    pricesIncludeTax: z.boolean({ error: BRANCH_SETTINGS_TEXT.pricesIncludeTax }).optional(),
    roundOff: z.boolean({ error: BRANCH_SETTINGS_TEXT.roundOff }).optional(),
    /** Percent as typed, 0 (none) to 20 with at most 2 decimals; becomes `serviceChargeBps`. */
    serviceChargePercent: z
      .number({ error: BRANCH_SETTINGS_TEXT.serviceCharge })
      .refine(
        (value) => isPercent(value) && percentToBps(value) <= SERVICE_CHARGE_MAX_BPS,
        BRANCH_SETTINGS_TEXT.serviceCharge,
      )
      .optional(),
    /** The invoice series prefix ('DC' of 'DC/2627/000124'); upper-cased. */
    invoicePrefix: safeString('Invoice prefix')
      .trim()
      .transform((value) => value.toUpperCase())
      .refine((value) => INVOICE_PREFIX_PATTERN.test(value), BRANCH_SETTINGS_TEXT.invoicePrefix)
      .optional(),
  })
  .superRefine(
    (body, ctx) => {
      if (body.regime !== undefined && body.regime !== 'unregistered' && body.gstin === null) {
        ctx.addIssue({
          code: 'custom',
          path: ['gstin'],
          message: BRANCH_SETTINGS_TEXT.gstinRequired(body.regime),
        });
      }
    },
    {
      // Said along with the other fields' messages, unless GSTIN or regime is itself at fault
      // (or the body is no object at all: then there is nothing to check).
      when: ({ value, issues }) =>
        typeof value === 'object' &&
        value !== null &&
        !issues.some((issue) => issue.path?.[0] === 'gstin' || issue.path?.[0] === 'regime'),
    },
  )
  .transform(({ serviceChargePercent, ...body }) => ({
    ...body,
    serviceChargeBps:
      serviceChargePercent === undefined ? undefined : percentToBps(serviceChargePercent),
  }));
export type BranchSettingsBody = z.input<typeof branchSettingsBodySchema>;
export type BranchSettingsInput = z.output<typeof branchSettingsBodySchema>;

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

/**
 * What a printed bill shows of the branch, and its time zone (GET /api/bills/:id's `branch`).
 * Address and phone are null until first set.
 */
export const branchDetailsSchema = z.object({
  name: z.string(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  gstin: z.string().nullable(),
  timeZone: z.string(),
});
export type BranchDetails = z.infer<typeof branchDetailsSchema>;

/**
 * GET /api/branch/settings (and PUT's answer): the branch's details and its current tax
 * profile (`state` is the GSTIN's, null without one; the service charge in basis points).
 */
export const branchSettingsSchema = branchDetailsSchema.extend(
  taxProfileSchema.pick({
    legalName: true,
    state: true,
    fssai: true,
    regime: true,
    pricesIncludeTax: true,
    roundOff: true,
    serviceChargeBps: true,
    invoicePrefix: true,
  }).shape,
);
export type BranchSettings = z.infer<typeof branchSettingsSchema>;
