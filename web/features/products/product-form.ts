import { v7 as uuidv7 } from 'uuid';
import {
  DEFAULT_GST_RATE_BPS,
  DEFAULT_HSN,
  GST_RATES_BPS,
  gstRatePercent,
} from '../../../shared/gst';
import { isRupeeAmount, paiseToRupeesString, rupeesToPaise } from '../../../shared/money';
import {
  productBodySchema,
  type Product,
  type ProductBody,
} from '../../../shared/schemas/products.schemas';
import { fieldErrors } from '../../lib/field-errors';

/** One Ingredients row as typed: category, then an ingredient of it, then the quantity used. */
export interface RecipeRowValues {
  /** A stable React key (rows can be removed from the middle). */
  key: string;
  category: string | null;
  ingredientId: string | null;
  /** As typed, a whole number in the ingredient's stored unit. */
  quantityUsed: string;
}

/** The Add New Product and Edit Product forms, as typed. */
export interface ProductFormValues {
  name: string;
  /** Rupees as typed ("120", "99.50"). */
  price: string;
  subcategory: string;
  /** The GST slab in basis points, as the select holds it ('500'). */
  gstRateBps: string;
  /** The HSN/SAC code as typed. */
  hsn: string;
  /** Outside GST (e.g. liquor under state VAT): the rate is then not used. */
  outsideGst: boolean;
  ingredients: RecipeRowValues[];
}

/** The GST rate select's choices: every slab, '5 %'. */
export const GST_RATE_OPTIONS = GST_RATES_BPS.map((bps) => ({
  value: String(bps),
  label: `${gstRatePercent(bps)} %`,
}));

/** A product's GST as the list shows it: '5 %', or 'Outside GST'. */
export const gstText = (product: { gstRateBps: number; outsideGst: boolean }) =>
  product.outsideGst ? 'Outside GST' : `${gstRatePercent(product.gstRateBps)} %`;

export const emptyRecipeRow = (): RecipeRowValues => ({
  key: uuidv7(),
  category: null,
  ingredientId: null,
  quantityUsed: '',
});

export const emptyProductForm = (): ProductFormValues => ({
  name: '',
  price: '',
  subcategory: '',
  gstRateBps: String(DEFAULT_GST_RATE_BPS),
  hsn: DEFAULT_HSN,
  outsideGst: false,
  ingredients: [emptyRecipeRow()],
});

/** What Edit Product starts from. */
export const productFormValues = (product: Product): ProductFormValues => ({
  name: product.name,
  price: paiseToRupeesString(product.pricePaise),
  subcategory: product.subcategory,
  gstRateBps: String(product.gstRateBps),
  hsn: product.hsn,
  outsideGst: product.outsideGst,
  ingredients:
    product.ingredients.length === 0
      ? [emptyRecipeRow()]
      : product.ingredients.map((row) => ({
          key: row.ingredientId,
          category: row.category,
          ingredientId: row.ingredientId,
          quantityUsed: String(row.quantityUsed),
        })),
});

/** The form's field names, in the order focus looks for the first error. */
export const productFormFields = (values: ProductFormValues): string[] => [
  'name',
  'price',
  'subcategory',
  'gstRateBps',
  'hsn',
  'outsideGst',
  ...values.ingredients.flatMap((_, index) => [
    `ingredients.${index}.ingredientId`,
    `ingredients.${index}.quantityUsed`,
  ]),
];

const PRICE_REQUIRED = 'Price is required';
const QUANTITY_INVALID = 'Quantity used must be a whole number';
const PRICE_INVALID = 'Enter the price in rupees, e.g. 120 or 99.50';

/** A row the spec saves: one with both an ingredient and a quantity. */
const isFilled = (row: RecipeRowValues) => !!row.ingredientId && row.quantityUsed.trim() !== '';

export type ProductFormResult =
  | { body: ProductBody; errors?: undefined; rename: (apiField: string) => string }
  | { body?: undefined; errors: Record<string, string>; rename?: undefined };

/**
 * The form's values checked with the server's own schema (same messages) and sent as the API
 * takes them: the price as integer paise (parsed digit by digit, never as a float), rows
 * without an ingredient or a quantity dropped (spec), quantities as whole numbers. `rename`
 * maps the server's field names back to the form's (its rows are numbered after the drop).
 */
export function productBody(values: ProductFormValues): ProductFormResult {
  const rowIndexes = values.ingredients.flatMap((row, index) => (isFilled(row) ? [index] : []));
  const price = values.price.trim();
  const quantity = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : NaN);
  const typed = {
    name: values.name,
    pricePaise: price !== '' && isRupeeAmount(price) ? rupeesToPaise(price) : undefined,
    subcategory: values.subcategory,
    gstRateBps: Number(values.gstRateBps),
    hsn: values.hsn,
    outsideGst: values.outsideGst,
    ingredients: rowIndexes.map((index) => ({
      ingredientId: values.ingredients[index]!.ingredientId,
      quantityUsed: quantity(values.ingredients[index]!.quantityUsed),
    })),
  };
  const rename = (apiField: string) => {
    if (apiField === 'pricePaise') return 'price';
    const row = /^ingredients\.(\d+)\.(.+)$/.exec(apiField);
    return row ? `ingredients.${rowIndexes[Number(row[1])]}.${row[2]}` : apiField;
  };

  const parsed = productBodySchema.safeParse(typed);
  const errors: Record<string, string> = {};
  for (const [field, message] of Object.entries(fieldErrors(parsed.error?.issues ?? []))) {
    errors[rename(field)] ??= message;
  }
  if (price === '') errors.price = PRICE_REQUIRED;
  else if (typed.pricePaise === undefined) errors.price = PRICE_INVALID;
  // What Number() takes but is no whole number ('1.5', '1e3', '-2'): named as such.
  typed.ingredients.forEach((row, position) => {
    if (Number.isNaN(row.quantityUsed)) {
      errors[`ingredients.${rowIndexes[position]}.quantityUsed`] = QUANTITY_INVALID;
    }
  });
  if (!parsed.success || Object.keys(errors).length > 0) return { errors };
  return { body: parsed.data, rename };
}
