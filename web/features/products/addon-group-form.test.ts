import { describe, expect, it } from 'vitest';
import { emptyRecipeRow } from './recipe-rows';
import {
  addonGroupBody,
  addonGroupFormValues,
  choicesRuleText,
  emptyAddonGroupForm,
  emptyOption,
  type AddonGroupFormValues,
} from './addon-group-form';

const CHEESE = '0190a0c8-0000-7000-8000-000000000001';
const GROUP = '0190a0c8-0000-7000-8000-000000000002';

const values = (rest: Partial<AddonGroupFormValues> = {}): AddonGroupFormValues => ({
  name: ' Extras ',
  minChoices: 0,
  maxChoices: 2,
  options: [
    { ...emptyOption(), id: CHEESE, name: 'Cheese', price: '30' },
    { ...emptyOption(), name: 'Egg', price: '20.50' },
  ],
  ...rest,
});

describe('an add-on group', () => {
  it('tells how many choices it takes as the waiter reads it', () => {
    expect(choicesRuleText({ minChoices: 1, maxChoices: 1 })).toBe('Choose 1');
    expect(choicesRuleText({ minChoices: 0, maxChoices: 2 })).toBe('Up to 2');
    expect(choicesRuleText({ minChoices: 1, maxChoices: 3 })).toBe('Choose 1 to 3');
  });

  it('sends prices as paise, keeps the ids of saved options and drops empty recipe rows', () => {
    const row = {
      ...emptyRecipeRow(),
      category: 'Dairy',
      ingredientId: CHEESE,
      quantityUsed: '20',
    };
    const form = values();
    form.options[0]!.ingredients = [emptyRecipeRow(), row];
    const result = addonGroupBody(form);
    expect(result.body).toEqual({
      name: 'Extras',
      minChoices: 0,
      maxChoices: 2,
      options: [
        {
          id: CHEESE,
          name: 'Cheese',
          pricePaise: 3000,
          ingredients: [{ ingredientId: CHEESE, quantityUsed: 20 }],
        },
        { name: 'Egg', pricePaise: 2050, ingredients: [] },
      ],
    });
    expect(result.rename?.('options.0.ingredients.0.quantityUsed')).toBe(
      'options.0.ingredients.1.quantityUsed',
    );
    expect(result.rename?.('options.1.pricePaise')).toBe('options.1.price');
  });

  it('allows an option at ₹0 and names a missing or bad price', () => {
    expect(
      addonGroupBody(values({ maxChoices: 1, options: [{ ...emptyOption(), name: 'Mild' }] })).body
        ?.options,
    ).toEqual([{ name: 'Mild', pricePaise: 0, ingredients: [] }]);
    const result = addonGroupBody(
      values({
        maxChoices: 1,
        options: [
          { ...emptyOption(), name: 'Mild', price: '0' },
          { ...emptyOption(), name: 'Hot', price: '' },
          { ...emptyOption(), name: '', price: '-5' },
        ],
      }),
    );
    expect(result.errors).toEqual({
      'options.1.price': 'Option price is required',
      'options.2.name': 'Option name is required',
      'options.2.price': 'Enter the price in rupees, e.g. 30 or 0',
    });
  });

  it('refuses a minimum above the maximum and a maximum above the options', () => {
    expect(addonGroupBody(values({ minChoices: 2, maxChoices: 1 })).errors).toEqual({
      minChoices: 'Minimum choices cannot be more than maximum choices',
    });
    expect(addonGroupBody(values({ maxChoices: 3 })).errors).toEqual({
      maxChoices: 'Maximum choices cannot be more than the number of options',
    });
    expect(addonGroupBody(values({ maxChoices: '' })).errors).toEqual({
      maxChoices: 'Maximum choices is required',
    });
  });

  it('starts an edit from the saved group', () => {
    expect(emptyAddonGroupForm().options).toHaveLength(1);
    expect(
      addonGroupFormValues({
        id: GROUP,
        name: 'Spice level',
        minChoices: 1,
        maxChoices: 1,
        productCount: 3,
        options: [{ id: CHEESE, name: 'Mild', pricePaise: 0, ingredients: [] }],
      }),
    ).toMatchObject({
      name: 'Spice level',
      minChoices: 1,
      options: [{ id: CHEESE, key: CHEESE, name: 'Mild', price: '0.00', ingredients: [] }],
    });
  });
});
