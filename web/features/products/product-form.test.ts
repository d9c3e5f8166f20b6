import { describe, expect, it } from 'vitest';
import {
  GST_RATE_OPTIONS,
  emptyProductForm,
  emptyRecipeRow,
  gstText,
  productBody,
  type ProductFormValues,
} from './product-form';

const RICE = '0190a0c8-0000-7000-8000-000000000001';
const MILK = '0190a0c8-0000-7000-8000-000000000002';

const values = (rest: Partial<ProductFormValues> = {}): ProductFormValues => ({
  name: ' Kheer ',
  price: '120.50',
  subcategory: 'Desserts',
  gstRateBps: '500',
  hsn: '996331',
  outsideGst: false,
  ingredients: [],
  ...rest,
});
const row = (ingredientId: string | null, quantityUsed: string) => ({
  ...emptyRecipeRow(),
  category: 'Any',
  ingredientId,
  quantityUsed,
});

describe('the product form', () => {
  it('sends the price as integer paise and drops rows without an ingredient or a quantity', () => {
    const result = productBody(
      values({
        price: '0.29',
        ingredients: [row(null, '5'), row(RICE, '50'), row(MILK, ' '), emptyRecipeRow()],
      }),
    );
    expect(result.body).toEqual({
      name: 'Kheer',
      pricePaise: 29,
      subcategory: 'Desserts',
      gstRateBps: 500,
      hsn: '996331',
      outsideGst: false,
      ingredients: [{ ingredientId: RICE, quantityUsed: 50 }],
    });
  });

  it('sends the GST rate as basis points, the HSN/SAC trimmed and outside GST', () => {
    expect(
      productBody(values({ gstRateBps: '1800', hsn: ' 22030000 ', outsideGst: true })).body,
    ).toMatchObject({ gstRateBps: 1800, hsn: '22030000', outsideGst: true });
  });

  it('names a bad HSN/SAC code and a rate that is no slab', () => {
    expect(productBody(values({ hsn: '99633', gstRateBps: '1200' })).errors).toEqual({
      hsn: 'HSN/SAC code must be 4, 6 or 8 digits',
      gstRateBps: 'GST rate must be 0, 5, 18 or 40 %',
    });
  });

  it('offers the four slabs and shows a product’s GST', () => {
    expect(GST_RATE_OPTIONS.map((option) => option.label)).toEqual(['0 %', '5 %', '18 %', '40 %']);
    expect(gstText({ gstRateBps: 500, outsideGst: false })).toBe('5 %');
    expect(gstText({ gstRateBps: 500, outsideGst: true })).toBe('Outside GST');
    expect(emptyProductForm()).toMatchObject({
      gstRateBps: '500',
      hsn: '996331',
      outsideGst: false,
    });
  });

  it('names the required fields', () => {
    expect(productBody(values({ name: '', price: '', subcategory: ' ' })).errors).toEqual({
      name: 'Product name is required',
      price: 'Price is required',
      subcategory: 'Subcategory is required',
    });
  });

  it.each(['12.345', '-5', '1,200', 'abc'])('refuses the price %s', (price) => {
    expect(productBody(values({ price })).errors?.price).toMatch(/Enter the price in rupees/);
  });

  it('puts a row error on the row as shown, counted before the empty rows were dropped', () => {
    const result = productBody(
      values({ ingredients: [emptyRecipeRow(), row(RICE, '1.5'), row(MILK, '0')] }),
    );
    expect(result.errors).toEqual({
      'ingredients.1.quantityUsed': 'Quantity used must be a whole number',
      'ingredients.2.quantityUsed': 'Quantity used must be at least 1',
    });
  });

  it('refuses the same ingredient twice and maps server fields back to the rows shown', () => {
    const twice = productBody(
      values({ ingredients: [row(RICE, '1'), row(null, ''), row(RICE, '2')] }),
    );
    expect(twice.errors).toEqual({
      'ingredients.2.ingredientId': 'This ingredient is already in the recipe',
    });
    const ok = productBody(values({ ingredients: [row(null, ''), row(RICE, '1')] }));
    expect(ok.rename?.('ingredients.0.ingredientId')).toBe('ingredients.1.ingredientId');
    expect(ok.rename?.('pricePaise')).toBe('price');
  });
});
