import { describe, expect, it } from 'vitest';
import type { StockOptions } from '../../../shared/schemas/vendors.schemas';
import { stockSubmissionBodySchema } from '../../../shared/schemas/inventory.schemas';
import { EMPTY_STOCK_ENTRY, priceCheck, stockEntryFrom } from './stock-entry-form';
import { EMPTY_QUEUE, parseStoredQueue, queuedQuantity, submissionBody } from './stock-queue';

const vendors: StockOptions['vendors'] = [
  {
    id: '0190a0a0-0000-7000-8000-000000000001',
    name: 'Fresh Farms',
    categories: ['Dairy'],
    items: [
      {
        id: '0190a0a0-0000-7000-8000-000000000011',
        name: 'Paneer',
        category: 'Dairy',
        quantity: 1500,
        unit: 'g',
        lastPurchase: { pricePaise: 9000, quantity: 1000 },
      },
      {
        id: '0190a0a0-0000-7000-8000-000000000012',
        name: 'Milk packets',
        category: 'Dairy',
        quantity: 4,
        unit: 'pcs',
        lastPurchase: null,
      },
    ],
  },
];

const typed = {
  ...EMPTY_STOCK_ENTRY,
  vendorId: vendors[0]!.id,
  invoiceDate: '2026-11-20',
  category: 'Dairy',
  ingredientId: vendors[0]!.items[0]!.id,
};

describe('a stock entry as typed', () => {
  it('is kept as whole grams and paise: 1.25 kg for 312.50 rupees is 1250 g and 31250 paise', () => {
    const { entry } = stockEntryFrom(
      { ...typed, quantity: '1.25', unit: 'kg', price: '312.5' },
      vendors,
    );
    expect(entry).toMatchObject({
      quantity: 1250,
      unit: 'g',
      pricePaise: 31250,
      vendorName: 'Fresh Farms',
    });
  });

  it('names each missing field, and category and item only once a vendor and a category are chosen', () => {
    expect(stockEntryFrom(EMPTY_STOCK_ENTRY, vendors).errors).toEqual({
      vendorId: 'Vendor is required',
      invoiceDate: 'Invoice date is required',
      quantity: 'Quantity to add is required',
      price: 'Enter the price in rupees, with at most 2 decimals',
    });
    const withVendor = stockEntryFrom({ ...EMPTY_STOCK_ENTRY, vendorId: vendors[0]!.id }, vendors);
    expect(withVendor.errors).toHaveProperty('category');
    expect(withVendor.errors).not.toHaveProperty('ingredientId');
  });

  it('refuses a fraction of a piece, a zero or too large quantity and a price with three decimals', () => {
    const pieces = { ...typed, ingredientId: vendors[0]!.items[1]!.id, unit: 'pcs' as const };
    expect(
      stockEntryFrom({ ...pieces, quantity: '1.5', price: '10' }, vendors).errors,
    ).toHaveProperty('quantity');
    expect(
      stockEntryFrom({ ...pieces, quantity: '0', price: '10' }, vendors).errors?.quantity,
    ).toBe('Quantity to add must be more than 0');
    expect(
      stockEntryFrom({ ...pieces, quantity: '1000000001', price: '10' }, vendors).errors?.quantity,
    ).toBe('Quantity to add can be at most 1,00,00,00,000 pcs');
    expect(
      stockEntryFrom({ ...pieces, quantity: '2', price: '10.005' }, vendors).errors,
    ).toHaveProperty('price');
  });

  it('says what the unit takes for a decimal it does not take, and that text is no number', () => {
    const at = (quantity: string, unit: 'g' | 'kg' | 'pcs') =>
      stockEntryFrom({ ...typed, quantity, unit, price: '10' }, vendors).errors?.quantity;
    expect(at('2.5', 'g')).toBe('Quantity to add in grams takes whole numbers (choose kg for 2.5)');
    expect(at('2.0005', 'kg')).toBe('Quantity to add may have at most 3 decimals in kg');
    expect(at('abc', 'g')).toBe('Quantity to add must be a number');
    expect(at('2.5', 'kg')).toBeUndefined();
  });

  it('shows the price per kg and flags one over 3 times or under a third of the last purchase', () => {
    const paneer = vendors[0]!.items[0]!; // last bought 1 kg for ₹90
    expect(priceCheck({ quantity: '25', unit: 'kg', price: '2250' }, paneer)).toEqual({
      perUnit: '₹90.00 per kg',
      lastPerUnit: '₹90.00 per kg',
      far: false,
    });
    expect(priceCheck({ quantity: '25', unit: 'g', price: '2250' }, paneer)).toEqual({
      perUnit: '₹90,000.00 per kg',
      lastPerUnit: '₹90.00 per kg',
      far: true,
    });
    expect(priceCheck({ quantity: '1', unit: 'kg', price: '270' }, paneer)?.far).toBe(false);
    expect(priceCheck({ quantity: '1', unit: 'kg', price: '270.01' }, paneer)?.far).toBe(true);
    expect(priceCheck({ quantity: '1', unit: 'kg', price: '29.99' }, paneer)?.far).toBe(true);
    // Never bought (or staff, who get no prices): the price per piece, nothing to compare.
    const packets = vendors[0]!.items[1]!;
    expect(priceCheck({ quantity: '4', unit: 'pcs', price: '100' }, packets)).toEqual({
      perUnit: '₹25.00 per piece',
      lastPerUnit: null,
      far: false,
    });
    expect(priceCheck({ quantity: '', unit: 'kg', price: '100' }, paneer)).toBeNull();
  });

  it('refuses an item of another category than the one chosen', () => {
    const { errors } = stockEntryFrom(
      { ...typed, category: 'Vegetables', quantity: '1', price: '1' },
      vendors,
    );
    expect(errors).toHaveProperty('ingredientId');
  });
});

describe('the stored queue', () => {
  it('goes out as the API takes it, with the one key, and counts what is queued per item', () => {
    const a = stockEntryFrom({ ...typed, quantity: '2', unit: 'kg', price: '400' }, vendors).entry!;
    const b = stockEntryFrom(
      { ...typed, quantity: '500', unit: 'g', price: '100' },
      vendors,
    ).entry!;
    const entries = [
      { ...a, id: 'one' },
      { ...b, id: 'two' },
    ];
    expect(queuedQuantity(entries, a.ingredientId)).toBe(2500);
    const body = submissionBody(entries, '0190a0a0-0000-7000-8000-0000000000ff');
    expect(stockSubmissionBodySchema.safeParse(body).success).toBe(true);
    expect(body.entries.map((e) => e.quantity)).toEqual([2000, 500]);
  });

  it('reads back what was stored, and an empty queue from nothing or from damaged text', () => {
    const queue = {
      entries: [
        {
          ...stockEntryFrom({ ...typed, quantity: '1', unit: 'kg', price: '1' }, vendors).entry!,
          id: 'x',
        },
      ],
      idempotencyKey: 'key',
    };
    expect(parseStoredQueue(JSON.stringify(queue))).toEqual(queue);
    expect(parseStoredQueue(null)).toEqual(EMPTY_QUEUE);
    expect(parseStoredQueue('{not json')).toEqual(EMPTY_QUEUE);
    expect(
      parseStoredQueue(JSON.stringify({ entries: [{ id: 'x' }], idempotencyKey: null })),
    ).toEqual(EMPTY_QUEUE);
  });
});
