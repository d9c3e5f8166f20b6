import type { TaxRegime } from '../../../shared/gst';
import { BRANCH_SETTINGS_TEXT } from '../../../shared/schemas/branch-settings.schemas';
import { badRequest, conflict } from '../../lib/errors';

/**
 * A save that leaves a registered (regular or composition) profile without a GSTIN: the body
 * named no regime, so the schema could not tell; the current profile's regime needs one.
 */
export const gstinRequired = (regime: Exclude<TaxRegime, 'unregistered'>) => {
  const message = BRANCH_SETTINGS_TEXT.gstinRequired(regime);
  return badRequest('branches.gstin_required', message, { gstin: message });
};

/** Another branch under the same GSTIN numbers its bills with this prefix. */
export const invoicePrefixTaken = (prefix: string) => {
  const message = BRANCH_SETTINGS_TEXT.invoicePrefixTaken(prefix);
  return conflict('branches.invoice_prefix_taken', message, { invoicePrefix: message });
};
