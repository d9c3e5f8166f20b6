import { uuidv7 } from '../../lib/uuid-v7';
import { isRupeeAmount, paiseToRupeesString, rupeesToPaise } from '../../../shared/money';
import {
  addonGroupBodySchema,
  type AddonGroup,
  type AddonGroupBody,
} from '../../../shared/schemas/menu.schemas';
import { fieldErrors } from '../../lib/field-errors';
import { recipeBody, recipeFields, recipeFormRows, type RecipeRowValues } from './recipe-rows';

/** How many choices a group takes, in the waiter's words: 'Choose 1', 'Up to 2', 'Choose 1 to 3'. */
export function choicesRuleText(group: { minChoices: number; maxChoices: number }): string {
  const { minChoices: min, maxChoices: max } = group;
  if (min === 0) return `Up to ${max}`;
  if (min === max) return `Choose ${min}`;
  return `Choose ${min} to ${max}`;
}

/** One option of a group as typed. */
export interface OptionValues {
  key: string;
  /** The saved option's id (kept on save); none for a new one. */
  id?: string;
  name: string;
  /** Rupees as typed; '0' for a choice at no charge. */
  price: string;
  /** Its own recipe, deducted on top of the product's. */
  ingredients: RecipeRowValues[];
}

/** The add-on group dialog as typed (NumberInput gives a number, or '' when cleared). */
export interface AddonGroupFormValues {
  name: string;
  minChoices: number | string;
  maxChoices: number | string;
  options: OptionValues[];
}

export const emptyOption = (): OptionValues => ({
  key: uuidv7(),
  name: '',
  price: '0',
  ingredients: [],
});

export const emptyAddonGroupForm = (): AddonGroupFormValues => ({
  name: '',
  minChoices: 0,
  maxChoices: 1,
  options: [emptyOption()],
});

/** What editing a group starts from. */
export const addonGroupFormValues = (group: AddonGroup): AddonGroupFormValues => ({
  name: group.name,
  minChoices: group.minChoices,
  maxChoices: group.maxChoices,
  options: group.options.map((option) => ({
    key: option.id,
    id: option.id,
    name: option.name,
    price: paiseToRupeesString(option.pricePaise),
    ingredients: recipeFormRows(option.ingredients),
  })),
});

export const addonGroupFields = (values: AddonGroupFormValues): string[] => [
  'name',
  'minChoices',
  'maxChoices',
  'options',
  ...values.options.flatMap((option, index) => [
    `options.${index}.name`,
    `options.${index}.price`,
    ...recipeFields(option.ingredients, `options.${index}.ingredients`),
  ]),
];

const OPTION_PRICE_REQUIRED = 'Option price is required';
const PRICE_INVALID = 'Enter the price in rupees, e.g. 30 or 0';

const count = (value: number | string) =>
  typeof value === 'number' ? value : value.trim() === '' ? undefined : Number(value);

export type AddonGroupFormResult =
  | { body: AddonGroupBody; errors?: undefined; rename: (apiField: string) => string }
  | { body?: undefined; errors: Record<string, string>; rename?: undefined };

/**
 * The dialog's values checked with the server's schema (same messages): prices as integer
 * paise, recipe rows without an ingredient or a quantity dropped. `rename` maps the server's
 * field names back to the dialog's.
 */
export function addonGroupBody(values: AddonGroupFormValues): AddonGroupFormResult {
  const options = values.options.map((option, index) => ({
    option,
    recipe: recipeBody(option.ingredients, `options.${index}.ingredients`),
  }));
  const typed = {
    name: values.name,
    minChoices: count(values.minChoices),
    maxChoices: count(values.maxChoices),
    options: options.map(({ option, recipe }) => ({
      ...(option.id ? { id: option.id } : {}),
      name: option.name,
      pricePaise: isRupeeAmount(option.price.trim()) ? rupeesToPaise(option.price) : undefined,
      ingredients: recipe.body,
    })),
  };
  const rename = (apiField: string) => {
    let match = /^options\.(\d+)\.ingredients\.(\d+)\.(.+)$/.exec(apiField);
    if (match) {
      const rows = options[Number(match[1])]?.recipe.indexes ?? [];
      return `options.${match[1]}.ingredients.${rows[Number(match[2])]}.${match[3]}`;
    }
    match = /^options\.(\d+)\.pricePaise$/.exec(apiField);
    return match ? `options.${match[1]}.price` : apiField;
  };

  const parsed = addonGroupBodySchema.safeParse(typed);
  const errors: Record<string, string> = {};
  for (const [field, message] of Object.entries(fieldErrors(parsed.error?.issues ?? []))) {
    errors[rename(field)] ??= message;
  }
  values.options.forEach((option, index) => {
    if (option.price.trim() === '') errors[`options.${index}.price`] = OPTION_PRICE_REQUIRED;
    else if (!isRupeeAmount(option.price.trim())) errors[`options.${index}.price`] = PRICE_INVALID;
  });
  Object.assign(errors, ...options.map(({ recipe }) => recipe.errors));
  if (!parsed.success || Object.keys(errors).length > 0) return { errors };
  return { body: parsed.data, rename };
}
