import { isValidIsoDate } from '../../../shared/dates';
import { formatInr, isRupeeAmount, rupeesToPaise } from '../../../shared/money';
import type { StockOptions } from '../../../shared/schemas/vendors.schemas';
import {
  MAX_STORED_QUANTITY,
  PRICE_UNITS,
  amountRuleMessage,
  isValidAmount,
  pricePerUnitPaise,
  quantityTooLargeMessage,
  toBaseQuantity,
  type FormUnit,
  type StoredUnit,
} from '../../../shared/units';
import { INVENTORY_TEXT } from './inventory-text';
import type { QueuedEntry } from './stock-queue';

/** The Add Stock form as typed. */
export interface StockEntryValues {
  vendorId: string | null;
  invoiceDate: string | null;
  invoiceNumber: string;
  category: string | null;
  ingredientId: string | null;
  quantity: string;
  unit: FormUnit;
  price: string;
}

export const STOCK_ENTRY_FIELDS = [
  'vendorId',
  'invoiceDate',
  'invoiceNumber',
  'category',
  'ingredientId',
  'quantity',
  'price',
] as const;

export const EMPTY_STOCK_ENTRY: StockEntryValues = {
  vendorId: null,
  invoiceDate: null,
  invoiceNumber: '',
  category: null,
  ingredientId: null,
  quantity: '',
  unit: 'g',
  price: '',
};

/** The units a quantity to add may be typed in: the item's own, and kg / L for g / ml items. */
export function unitsFor(unit: StoredUnit): FormUnit[] {
  if (unit === 'g') return ['g', 'kg'];
  if (unit === 'ml') return ['ml', 'l'];
  return [unit];
}

type Vendor = StockOptions['vendors'][number];

/**
 * The queued line for what is typed, or the messages of the fields at fault. Quantities go
 * into the queue as whole numbers of the stored unit and prices as paise: no fraction is ever
 * sent.
 */
export function stockEntryFrom(
  values: StockEntryValues,
  vendors: readonly Vendor[],
):
  | { entry: Omit<QueuedEntry, 'id'>; errors?: undefined }
  | { entry?: undefined; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const vendor = vendors.find((v) => v.id === values.vendorId);
  const item = vendor?.items.find(
    (i) => i.id === values.ingredientId && i.category === values.category,
  );
  if (!vendor) errors.vendorId = 'Vendor is required';
  if (!values.invoiceDate || !isValidIsoDate(values.invoiceDate))
    errors.invoiceDate = 'Invoice date is required';
  if (values.invoiceNumber.trim().length > 60)
    errors.invoiceNumber = 'Invoice number must be at most 60 characters';
  if (vendor && !values.category) errors.category = 'Category is required';
  if (vendor && values.category && !item) errors.ingredientId = 'Item is required';

  const quantityText = values.quantity.trim();
  if (quantityText === '') errors.quantity = INVENTORY_TEXT.quantityRequired;
  else if (!isValidAmount(quantityText, values.unit)) {
    errors.quantity = /^\d+(?:\.\d+)?$/.test(quantityText)
      ? amountRuleMessage('Quantity to add', values.unit)
      : INVENTORY_TEXT.quantityNotNumber;
  } else {
    const base = toBaseQuantity(quantityText, values.unit);
    if (base.quantity <= 0) errors.quantity = INVENTORY_TEXT.quantityPositive;
    else if (base.quantity > MAX_STORED_QUANTITY)
      errors.quantity = quantityTooLargeMessage('Quantity to add', base.unit);
  }
  if (!isRupeeAmount(values.price)) errors.price = INVENTORY_TEXT.priceInvalid;

  if (Object.keys(errors).length > 0 || !vendor || !item || !values.invoiceDate) {
    return { errors };
  }
  const quantity = toBaseQuantity(quantityText, values.unit);
  if (quantity.unit !== item.unit)
    return { errors: { quantity: INVENTORY_TEXT.quantityWhole(item.unit) } };
  const invoiceNumber = values.invoiceNumber.trim();
  return {
    entry: {
      vendorId: vendor.id,
      vendorName: vendor.name,
      invoiceDate: values.invoiceDate,
      ...(invoiceNumber ? { invoiceNumber } : {}),
      ingredientId: item.id,
      ingredientName: item.name,
      category: item.category,
      quantity: quantity.quantity,
      unit: quantity.unit,
      pricePaise: rupeesToPaise(values.price),
    },
  };
}

/** A price per unit this many times the last purchase's (or this fraction of it) asks first. */
export const PRICE_JUMP_FACTOR = 3;

export interface PriceCheck {
  /** '₹90.00 per kg' for what is typed. */
  perUnit: string;
  /** The last purchase's, for managers: '₹88.00 per kg'; null for staff or never bought. */
  lastPerUnit: string | null;
  /** More than 3× or less than a third of the last purchase's price per unit. */
  far: boolean;
}

const perUnitText = (paise: number, storedUnit: StoredUnit) =>
  `${formatInr(Math.round(paise))} per ${PRICE_UNITS[storedUnit].label}`;

/**
 * What the typed line comes to per kg, L, piece or box (so 25 g for ₹2,250 shows ₹90,000.00
 * per kg before it is queued), and whether that is far from the item's last purchase; null
 * until an item, a valid quantity and a valid price are there.
 */
export function priceCheck(
  values: Pick<StockEntryValues, 'quantity' | 'unit' | 'price'>,
  item: Vendor['items'][number] | undefined,
): PriceCheck | null {
  const quantityText = values.quantity.trim();
  if (!item || !isValidAmount(quantityText, values.unit) || !isRupeeAmount(values.price)) {
    return null;
  }
  const base = toBaseQuantity(quantityText, values.unit);
  if (base.unit !== item.unit) return null;
  const paise = pricePerUnitPaise(rupeesToPaise(values.price), base.quantity, item.unit);
  if (paise === null) return null;
  const last = item.lastPurchase
    ? pricePerUnitPaise(item.lastPurchase.pricePaise, item.lastPurchase.quantity, item.unit)
    : null;
  const far =
    last !== null &&
    last > 0 &&
    (paise > last * PRICE_JUMP_FACTOR || paise * PRICE_JUMP_FACTOR < last);
  return {
    perUnit: perUnitText(paise, item.unit),
    lastPerUnit: last === null ? null : perUnitText(last, item.unit),
    far,
  };
}
