import type { TaxRegime } from '../../../shared/gst';
import { BRANCH_SETTINGS_TEXT } from '../../../shared/schemas/branch-settings.schemas';
import { badRequest } from '../../lib/errors';

/**
 * A save that leaves a registered (regular or composition) profile without a GSTIN: the body
 * named no regime, so the schema could not tell; the current profile's regime needs one.
 */
export const gstinRequired = (regime: Exclude<TaxRegime, 'unregistered'>) => {
  const message = BRANCH_SETTINGS_TEXT.gstinRequired(regime);
  return badRequest('branches.gstin_required', message, { gstin: message });
};
