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
      'Quantity must be a whole number',
    );
    expect(ingredientBody({ ...values, quantity: '1e3' }, 'create').errors?.quantity).toBe(
      'Quantity must be a number',
    );
  });

  it('keeps an edit reason only when one is given, and never on a new item', () => {
    expect(ingredientBody({ ...values, reason: ' spoiled ' }, 'update').body?.reason).toBe(
      'spoiled',
    );
    expect(ingredientBody({ ...values, reason: '  ' }, 'update').body).not.toHaveProperty('reason');
    expect(ingredientBody({ ...values, reason: 'x' }, 'create').body).not.toHaveProperty('reason');
  });
});
