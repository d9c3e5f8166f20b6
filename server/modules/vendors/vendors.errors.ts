import { MESSAGES } from '../../../shared/messages';
import { AppError, badRequest } from '../../lib/errors';

/** The vendors module's messages, each written once. */
export const VENDOR_MESSAGES = {
  itemOutsideCategories: 'This item is not in the chosen categories',
} as const;

/** Unknown, archived or another branch's vendor: 'Vendor not found'. */
export const vendorNotFound = () =>
  new AppError(404, 'vendors.not_found', MESSAGES.vendor.notFound);

export const paymentDateInFuture = () =>
  badRequest('vendors.payment_date_in_future', MESSAGES.vendor.paymentDateInFuture, {
    paidOn: MESSAGES.vendor.paymentDateInFuture,
  });

export const itemOutsideCategories = (field: string) =>
  badRequest('vendors.item_outside_categories', VENDOR_MESSAGES.itemOutsideCategories, {
    [field]: VENDOR_MESSAGES.itemOutsideCategories,
  });
