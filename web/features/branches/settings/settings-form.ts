import {
  formatInvoiceNumber,
  INVOICE_PREFIX_PATTERN,
  normalizeGstin,
  stateOfGstin,
  type TaxRegime,
} from '../../../../shared/gst';
import { bpsToPercentString } from '../../../../shared/money';
import {
  BRANCH_SETTINGS_TEXT,
  branchSettingsBodySchema,
  type BranchSettings,
  type BranchSettingsBody,
} from '../../../../shared/schemas/branch-settings.schemas';
import { fieldErrors } from '../../../lib/field-errors';

/** The Settings form as typed; field names are the API's, so its messages land on them. */
export interface SettingsFormValues {
  name: string;
  address: string;
  phone: string;
  regime: TaxRegime;
  legalName: string;
  gstin: string;
  fssai: string;
  pricesIncludeTax: boolean;
  roundOff: boolean;
  /** Percent as typed ("", "5", "7.5"); blank is none. */
  serviceChargePercent: string;
  invoicePrefix: string;
}

/** The fields in the order focus looks for the first error. */
export const SETTINGS_FIELDS = [
  'name',
  'address',
  'phone',
  'regime',
  'legalName',
  'gstin',
  'fssai',
  'pricesIncludeTax',
  'roundOff',
  'serviceChargePercent',
  'invoicePrefix',
] as const;

/** What the form starts from (and shows after a save: the server's tidy values). */
export const settingsFormValues = (settings: BranchSettings): SettingsFormValues => ({
  name: settings.name,
  address: settings.address ?? '',
  phone: settings.phone ?? '',
  regime: settings.regime,
  legalName: settings.legalName ?? '',
  gstin: settings.gstin ?? '',
  fssai: settings.fssai ?? '',
  pricesIncludeTax: settings.pricesIncludeTax,
  roundOff: settings.roundOff,
  serviceChargePercent:
    settings.serviceChargeBps === 0 ? '' : bpsToPercentString(settings.serviceChargeBps),
  invoicePrefix: settings.invoicePrefix,
});

export type SettingsFormResult =
  | { body: BranchSettingsBody; errors?: undefined }
  | { body?: undefined; errors: Record<string, string> };

/**
 * The form's values checked with the server's own schema (same messages) and sent as the API
 * takes them: the service charge as a number (blank is 0), the time zone unchanged.
 */
export function settingsBody(values: SettingsFormValues, timeZone: string): SettingsFormResult {
  const charge = values.serviceChargePercent.trim();
  const body: BranchSettingsBody = {
    name: values.name,
    address: values.address,
    phone: values.phone,
    gstin: values.gstin,
    timeZone,
    legalName: values.legalName,
    fssai: values.fssai,
    regime: values.regime,
    pricesIncludeTax: values.pricesIncludeTax,
    roundOff: values.roundOff,
    serviceChargePercent: charge === '' ? 0 : /^\d+(\.\d+)?$/.test(charge) ? Number(charge) : NaN,
    invoicePrefix: values.invoicePrefix,
  };
  const parsed = branchSettingsBodySchema.safeParse(body);
  if (parsed.success) return { body };
  const errors = fieldErrors(parsed.error.issues);
  if (Number.isNaN(body.serviceChargePercent)) {
    errors.serviceChargePercent = BRANCH_SETTINGS_TEXT.serviceCharge;
  }
  return { errors };
}

/** The state of what is typed in GSTIN once it is a valid GSTIN, else null. */
export const gstinState = (typed: string) => stateOfGstin(normalizeGstin(typed));

/** The financial year ('2026-27') of a business date ('2026-11-22'): April to March. */
export function financialYearOf(date: string): string {
  const year = Number(date.slice(0, 4));
  const start = Number(date.slice(5, 7)) >= 4 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/** An example bill number of the typed prefix ('DC/2627/000124'), null while it is not valid. */
export function invoiceNumberExample(prefix: string, today: string): string | null {
  const typed = prefix.trim().toUpperCase();
  if (!INVOICE_PREFIX_PATTERN.test(typed)) return null;
  return formatInvoiceNumber(typed, financialYearOf(today), 124);
}
