import { MESSAGES } from '../../../shared/messages';
import { AppError, badRequest, conflict } from '../../lib/errors';

/** The inventory module's messages, each written once. */
export const INVENTORY_MESSAGES = {
  notFound: 'Inventory item not found',
  nameTaken: 'An ingredient with this name already exists in this category',
  inUse: (products: string[]) =>
    `This ingredient is used in the recipes of ${products.join(', ')}. Remove it from those products first.`,
  notSupplied: 'This vendor does not supply this item',
  wrongUnit: (unit: string) => `This item is kept in ${unit}: choose ${unit} or its larger unit`,
  quantityChanged: (quantity: string) =>
    `The quantity changed to ${quantity} since you opened this item. Check it and save again.`,
  stockTooLarge: (name: string, most: string) =>
    `This would take ${name} above the most an item can hold (${most})`,
  saleTooLarge: (name: string, most: string) =>
    `This bill would take ${name} below the least an item can record (minus ${most}). Check the quantities in its products' recipes.`,
  returnTooLarge: (name: string, most: string) =>
    `Cancelling this bill would put ${name} back above the most an item can hold (${most}). Correct its stock first.`,
  movementNotFound: 'This history entry does not exist',
  notReversible: 'Only a stock entry (Add Stock) can be reversed',
  alreadyReversed: 'This stock entry was already reversed',
  reversalTooLarge: (name: string, most: string) =>
    `Reversing this would take ${name} below the least an item can record (minus ${most})`,
  keyReused: 'This submission was already sent with other entries. Reload the page and try again.',
} as const;

export const ingredientNotFound = (field?: string) =>
  new AppError(
    404,
    'inventory.not_found',
    INVENTORY_MESSAGES.notFound,
    field ? { [field]: INVENTORY_MESSAGES.notFound } : undefined,
  );

export const nameTaken = () =>
  conflict('inventory.name_taken', INVENTORY_MESSAGES.nameTaken, {
    name: INVENTORY_MESSAGES.nameTaken,
  });

export const quantityChanged = (quantity: string) =>
  conflict('inventory.quantity_changed', INVENTORY_MESSAGES.quantityChanged(quantity), {
    quantity: INVENTORY_MESSAGES.quantityChanged(quantity),
  });

export const ingredientInUse = (products: string[]) =>
  conflict('inventory.in_use', INVENTORY_MESSAGES.inUse(products));

/** A stock entry names a vendor that is not this branch's (or is archived). */
export const entryVendorNotFound = (field: string) =>
  new AppError(404, 'vendors.not_found', MESSAGES.vendor.notFound, {
    [field]: MESSAGES.vendor.notFound,
  });

export const notSupplied = (field: string) =>
  badRequest('stock.not_supplied', INVENTORY_MESSAGES.notSupplied, {
    [field]: INVENTORY_MESSAGES.notSupplied,
  });

export const wrongUnit = (field: string, unit: string) =>
  badRequest('stock.wrong_unit', INVENTORY_MESSAGES.wrongUnit(unit), {
    [field]: INVENTORY_MESSAGES.wrongUnit(unit),
  });

export const keyReused = () => conflict('stock.key_reused', INVENTORY_MESSAGES.keyReused);

/** Stock that would take an ingredient's total above MAX_STORED_QUANTITY. */
export const stockTooLarge = (field: string, name: string, most: string) =>
  badRequest('stock.too_large', INVENTORY_MESSAGES.stockTooLarge(name, most), {
    [field]: INVENTORY_MESSAGES.stockTooLarge(name, most),
  });

/** A sale that would take an ingredient's stock below −MAX_STORED_QUANTITY. */
export const saleTooLarge = (name: string, most: string) =>
  badRequest('inventory.sale_too_large', INVENTORY_MESSAGES.saleTooLarge(name, most));

/** A cancelled bill's ingredients that would take one above MAX_STORED_QUANTITY. */
export const returnTooLarge = (name: string, most: string) =>
  conflict('inventory.return_too_large', INVENTORY_MESSAGES.returnTooLarge(name, most));

export const movementNotFound = () =>
  new AppError(404, 'inventory.movement_not_found', INVENTORY_MESSAGES.movementNotFound);

/** Only an 'Add Stock' history row (a purchase) can be reversed. */
export const notReversible = () =>
  conflict('stock.not_reversible', INVENTORY_MESSAGES.notReversible);

export const alreadyReversed = () =>
  conflict('stock.already_reversed', INVENTORY_MESSAGES.alreadyReversed);

export const reversalTooLarge = (name: string, most: string) =>
  badRequest('stock.reversal_too_large', INVENTORY_MESSAGES.reversalTooLarge(name, most));
