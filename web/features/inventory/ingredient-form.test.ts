import { describe, expect, it } from 'vitest';
import { ingredientBody, type IngredientFormValues } from './ingredient-form';

const values: IngredientFormValues = {
  category: ' Dairy ',
  name: 'Paneer',
  quantity: '12.5',
  unit: 'kg',
  lowStockThreshold: '2',
  reason: '',
};

describe('the ingredient form', () => {
  it('sends kilograms as whole grams, the low-stock level in the same unit', () => {
    expect(ingredientBody(values, 'create').body).toEqual({
      category: 'Dairy',
      name: 'Paneer',
      quantity: 12500,
      unit: 'g',
      lowStockThreshold: 2000,
    });
  });

  it('names the field at fault with the server schema words', () => {
    expect(ingredientBody({ ...values, category: '', quantity: '' }, 'create').errors).toEqual({
      category: 'Ingredient category is required',
      quantity: 'Quantity is required',
    });
    expect(ingredientBody({ ...values, unit: 'g' }, 'create').errors?.quantity).toBe(
      'Quantity in grams takes whole numbers (choose kg for 2.5)',
    );
    expect(ingredientBody({ ...values, quantity: '1e3' }, 'create').errors?.quantity).toBe(
      'Quantity must be a number',
    );
  });

  it('says what the unit takes for a decimal, whatever the other fields hold (2.5 g)', () => {
    for (const mode of ['create', 'update'] as const) {
      for (const category of ['Dairy', '']) {
        const errors = ingredientBody(
          { ...values, category, quantity: '2.5', unit: 'g', lowStockThreshold: '0.5' },
          mode,
        ).errors;
        expect(errors?.quantity).toBe('Quantity in grams takes whole numbers (choose kg for 2.5)');
        expect(errors?.lowStockThreshold).toBe(
          'Low-stock level in grams takes whole numbers (choose kg for 2.5)',
        );
      }
    }
    expect(
      ingredientBody({ ...values, category: '', quantity: '1.0005', unit: 'l' }, 'create').errors
        ?.quantity,
    ).toBe('Quantity may have at most 3 decimals in L');
    expect(
      ingredientBody({ ...values, category: '', quantity: '2.5', unit: 'pcs' }, 'create').errors
        ?.quantity,
    ).toBe('Quantity in pieces takes whole numbers');
    // The decimal is taken in kg and L.
    expect(ingredientBody({ ...values, quantity: '2.5', unit: 'l' }, 'create').body).toMatchObject({
      quantity: 2500,
      unit: 'ml',
    });
  });

  it('keeps an edit reason only when one is given, and never on a new item', () => {
    expect(ingredientBody({ ...values, reason: ' spoiled ' }, 'update').body?.reason).toBe(
      'spoiled',
    );
    expect(ingredientBody({ ...values, reason: '  ' }, 'update').body).not.toHaveProperty('reason');
    expect(ingredientBody({ ...values, reason: 'x' }, 'create').body).not.toHaveProperty('reason');
  });
});
