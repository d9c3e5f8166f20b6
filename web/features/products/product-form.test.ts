import { describe, expect, it } from 'vitest';
import {
  GST_RATE_OPTIONS,
  emptyProductForm,
  emptyRecipeRow,
  emptyVariant,
  gstText,
  productBody,
  productFormValues,
  type ProductFormValues,
} from './product-form';

const RICE = '0190a0c8-0000-7000-8000-000000000001';
const MILK = '0190a0c8-0000-7000-8000-000000000002';
const FULL = '0190a0c8-0000-7000-8000-000000000003';

const values = (rest: Partial<ProductFormValues> = {}): ProductFormValues => ({
  name: ' Kheer ',
  price: '120.50',
  subcategory: 'Desserts',
  gstRateBps: '500',
  hsn: '996331',
  outsideGst: false,
  ingredients: [],
  shortCode: '',
  colour: null,
  variants: [],
  defaultVariant: '',
  addonGroupIds: [],
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
      shortCode: null,
      colour: null,
      variants: [],
      addonGroupIds: [],
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

  it('sends the short code upper case, the colour and the add-on groups in their order', () => {
    const body = productBody(
      values({ shortCode: ' pt1 ', colour: 'teal', addonGroupIds: [MILK, RICE] }),
    ).body;
    expect(body).toMatchObject({ shortCode: 'PT1', colour: 'teal', addonGroupIds: [MILK, RICE] });
    expect(productBody(values({ shortCode: 'P-1' })).errors).toEqual({
      shortCode: 'Short code must be 1 to 8 letters or digits',
    });
  });

  it('prices a product with variants by its default variant, each with its own recipe', () => {
    const half = { ...emptyVariant(), name: 'Half', price: '180', ingredients: [row(RICE, '150')] };
    const full = { ...emptyVariant(), id: FULL, name: 'Full', price: '320.50' };
    const result = productBody(
      values({ price: '', variants: [half, full], defaultVariant: full.key }),
    );
    expect(result.body).toMatchObject({
      pricePaise: 32050,
      variants: [
        {
          name: 'Half',
          pricePaise: 18000,
          isDefault: false,
          ingredients: [{ ingredientId: RICE, quantityUsed: 150 }],
        },
        { id: FULL, name: 'Full', pricePaise: 32050, isDefault: true, ingredients: [] },
      ],
    });
    expect(result.body?.variants?.[0]).not.toHaveProperty('id');
    // No default: the first variant's price.
    expect(productBody(values({ variants: [half, full] })).body?.pricePaise).toBe(18000);
  });

  it('names a variant’s missing name and bad price, not the product’s own price', () => {
    const result = productBody(
      values({
        price: '',
        variants: [
          { ...emptyVariant(), name: '', price: '' },
          { ...emptyVariant(), name: 'Large', price: '1,0' },
          { ...emptyVariant(), name: 'Small', price: '5', ingredients: [row(RICE, '0.5')] },
        ],
      }),
    );
    expect(result.errors).toEqual({
      'variants.0.name': 'Variant name is required',
      'variants.0.price': 'Variant price is required',
      'variants.1.price': 'Enter the price in rupees, e.g. 120 or 99.50',
      'variants.2.ingredients.0.quantityUsed': 'Quantity used must be a whole number',
    });
  });

  it('refuses two variants of one name', () => {
    const large = { ...emptyVariant(), name: 'Large', price: '10' };
    const again = { ...emptyVariant(), name: 'large', price: '12' };
    expect(productBody(values({ variants: [large, again] })).errors).toEqual({
      'variants.1.name': 'Another variant has this name',
    });
  });

  it('maps the server’s variant fields back to the rows shown', () => {
    const variant = {
      ...emptyVariant(),
      name: 'Half',
      price: '10',
      ingredients: [row(null, ''), row(RICE, '5')],
    };
    const ok = productBody(values({ variants: [variant] }));
    expect(ok.rename?.('variants.0.ingredients.0.ingredientId')).toBe(
      'variants.0.ingredients.1.ingredientId',
    );
    expect(ok.rename?.('variants.0.pricePaise')).toBe('variants.0.price');
    expect(ok.rename?.('addonGroupIds.2')).toBe('addonGroupIds');
  });

  it('starts an edit from the saved variants, default and menu fields', () => {
    const form = productFormValues({
      id: FULL,
      name: 'Biryani',
      pricePaise: 32000,
      subcategory: 'Mains',
      archivedAt: null,
      ingredients: [],
      gstRateBps: 500,
      hsn: '996331',
      outsideGst: false,
      foodCostPaise: null,
      marginPaise: null,
      shortCode: 'BR',
      colour: 'orange',
      position: 0,
      soldOut: false,
      addonGroupIds: [RICE],
      variants: [
        {
          id: FULL,
          name: 'Full',
          pricePaise: 32000,
          isDefault: true,
          soldOut: false,
          ingredients: [],
          foodCostPaise: null,
        },
      ],
    });
    expect(form).toMatchObject({
      shortCode: 'BR',
      colour: 'orange',
      defaultVariant: FULL,
      addonGroupIds: [RICE],
      variants: [{ id: FULL, key: FULL, name: 'Full', price: '320.00', ingredients: [] }],
    });
    expect(form.ingredients).toHaveLength(1);
  });
});
