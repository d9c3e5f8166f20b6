import { uuidv7 } from '../../lib/uuid-v7';
import {
  DEFAULT_GST_RATE_BPS,
  DEFAULT_HSN,
  GST_RATES_BPS,
  gstRatePercent,
} from '../../../shared/gst';
import { PRODUCT_COLOURS, type ProductColour } from '../../../shared/menu';
import { isRupeeAmount, paiseToRupeesString, rupeesToPaise } from '../../../shared/money';
import {
  productBodySchema,
  type Product,
  type ProductBody,
} from '../../../shared/schemas/products.schemas';
import { fieldErrors } from '../../lib/field-errors';
import {
  emptyRecipeRow,
  recipeBody,
  recipeFields,
  recipeFormRows,
  type RecipeRowValues,
} from './recipe-rows';

export { emptyRecipeRow, type RecipeRowValues } from './recipe-rows';

/** One variant as typed (Half / Full): its own price and, optionally, its own recipe. */
export interface VariantValues {
  /** A stable React key; the variant's id for one that exists. */
  key: string;
  /** The saved variant's id (kept on save); none for a new one. */
  id?: string;
  name: string;
  /** Rupees as typed. */
  price: string;
  /** Its own recipe, used instead of the product's; [] uses the product's. */
  ingredients: RecipeRowValues[];
}

/** The Add New Product and Edit Product forms, as typed. */
export interface ProductFormValues {
  name: string;
  /** Rupees as typed ("120", "99.50"); not used while the product has variants. */
  price: string;
  subcategory: string;
  /** The GST slab in basis points, as the select holds it ('500'). */
  gstRateBps: string;
  /** The HSN/SAC code as typed. */
  hsn: string;
  /** Outside GST (e.g. liquor under state VAT): the rate is then not used. */
  outsideGst: boolean;
  ingredients: RecipeRowValues[];
  /** As typed; sent upper case, '' for none. */
  shortCode: string;
  colour: ProductColour | null;
  variants: VariantValues[];
  /** The default variant's key, '' for none (the waiter then chooses each time). */
  defaultVariant: string;
  /** The add-on groups offered, in the picker's order. */
  addonGroupIds: string[];
}

/** The GST rate select's choices: every slab, '5 %'. */
export const GST_RATE_OPTIONS = GST_RATES_BPS.map((bps) => ({
  value: String(bps),
  label: `${gstRatePercent(bps)} %`,
}));

/** A product's GST as the list shows it: '5 %', or 'Outside GST'. */
export const gstText = (product: { gstRateBps: number; outsideGst: boolean }) =>
  product.outsideGst ? 'Outside GST' : `${gstRatePercent(product.gstRateBps)} %`;

export const emptyVariant = (): VariantValues => ({
  key: uuidv7(),
  name: '',
  price: '',
  ingredients: [],
});

export const emptyProductForm = (): ProductFormValues => ({
  name: '',
  price: '',
  subcategory: '',
  gstRateBps: String(DEFAULT_GST_RATE_BPS),
  hsn: DEFAULT_HSN,
  outsideGst: false,
  ingredients: [emptyRecipeRow()],
  shortCode: '',
  colour: null,
  variants: [],
  defaultVariant: '',
  addonGroupIds: [],
});

const isColour = (colour: string | null): colour is ProductColour =>
  (PRODUCT_COLOURS as readonly (string | null)[]).includes(colour);

/** What Edit Product starts from. */
export const productFormValues = (product: Product): ProductFormValues => ({
  name: product.name,
  price: paiseToRupeesString(product.pricePaise),
  subcategory: product.subcategory,
  gstRateBps: String(product.gstRateBps),
  hsn: product.hsn,
  outsideGst: product.outsideGst,
  ingredients: recipeFormRows(product.ingredients, () => [emptyRecipeRow()]),
  shortCode: product.shortCode ?? '',
  colour: isColour(product.colour) ? product.colour : null,
  variants: product.variants.map((variant) => ({
    key: variant.id,
    id: variant.id,
    name: variant.name,
    price: paiseToRupeesString(variant.pricePaise),
    ingredients: recipeFormRows(variant.ingredients),
  })),
  defaultVariant: product.variants.find((variant) => variant.isDefault)?.id ?? '',
  addonGroupIds: product.addonGroupIds,
});

/** The form's field names, in the order focus looks for the first error. */
export const productFormFields = (values: ProductFormValues): string[] => [
  'name',
  'shortCode',
  'price',
  'subcategory',
  'gstRateBps',
  'hsn',
  'outsideGst',
  'colour',
  'variants',
  ...values.variants.flatMap((variant, index) => [
    `variants.${index}.name`,
    `variants.${index}.price`,
    ...recipeFields(variant.ingredients, `variants.${index}.ingredients`),
  ]),
  'addonGroupIds',
  ...recipeFields(values.ingredients, 'ingredients'),
];

const PRICE_REQUIRED = 'Price is required';
const VARIANT_PRICE_REQUIRED = 'Variant price is required';
const PRICE_INVALID = 'Enter the price in rupees, e.g. 120 or 99.50';

/** Typed rupees as paise; undefined when blank or no rupee amount. */
const paiseOf = (text: string) => {
  const price = text.trim();
  return price !== '' && isRupeeAmount(price) ? rupeesToPaise(price) : undefined;
};

/** Why typed rupees cannot be a price, or null. */
const priceProblem = (text: string, required: string) => {
  if (text.trim() === '') return required;
  return paiseOf(text) === undefined ? PRICE_INVALID : null;
};

export type ProductFormResult =
  | { body: ProductBody; errors?: undefined; rename: (apiField: string) => string }
  | { body?: undefined; errors: Record<string, string>; rename?: undefined };

/**
 * The form's values checked with the server's own schema (same messages) and sent as the API
 * takes them: prices as integer paise (parsed digit by digit, never as a float), recipe rows
 * without an ingredient or a quantity dropped (spec), quantities as whole numbers. A product
 * with variants is priced by them: its own price is the default variant's (else the first's),
 * as the server keeps it. Variants and add-on groups are always sent, so removing the last one
 * removes it. `rename` maps the server's field names back to the form's (rows are numbered
 * after the drop).
 */
export function productBody(values: ProductFormValues): ProductFormResult {
  const recipe = recipeBody(values.ingredients, 'ingredients');
  const variants = values.variants.map((variant, index) => ({
    variant,
    recipe: recipeBody(variant.ingredients, `variants.${index}.ingredients`),
  }));
  const hasVariants = variants.length > 0;
  const priced =
    values.variants.find((variant) => variant.key === values.defaultVariant) ?? values.variants[0];
  const typed = {
    name: values.name,
    pricePaise: hasVariants ? (paiseOf(priced!.price) ?? 0) : paiseOf(values.price),
    subcategory: values.subcategory,
    gstRateBps: Number(values.gstRateBps),
    hsn: values.hsn,
    outsideGst: values.outsideGst,
    ingredients: recipe.body,
    shortCode: values.shortCode,
    colour: values.colour,
    variants: variants.map(({ variant, recipe: rows }) => ({
      ...(variant.id ? { id: variant.id } : {}),
      name: variant.name,
      pricePaise: paiseOf(variant.price),
      isDefault: variant.key === values.defaultVariant,
      ingredients: rows.body,
    })),
    addonGroupIds: values.addonGroupIds,
  };
  const rename = (apiField: string) => {
    if (apiField === 'pricePaise') return 'price';
    let match = /^ingredients\.(\d+)\.(.+)$/.exec(apiField);
    if (match) return `ingredients.${recipe.indexes[Number(match[1])]}.${match[2]}`;
    match = /^variants\.(\d+)\.ingredients\.(\d+)\.(.+)$/.exec(apiField);
    if (match) {
      const rows = variants[Number(match[1])]?.recipe.indexes ?? [];
      return `variants.${match[1]}.ingredients.${rows[Number(match[2])]}.${match[3]}`;
    }
    match = /^variants\.(\d+)\.pricePaise$/.exec(apiField);
    if (match) return `variants.${match[1]}.price`;
    if (/^variants\.\d+\.isDefault$/.test(apiField)) return 'variants';
    if (/^addonGroupIds\.\d+$/.test(apiField)) return 'addonGroupIds';
    return apiField;
  };

  const parsed = productBodySchema.safeParse(typed);
  const errors: Record<string, string> = {};
  for (const [field, message] of Object.entries(fieldErrors(parsed.error?.issues ?? []))) {
    errors[rename(field)] ??= message;
  }
  if (hasVariants) {
    delete errors.price;
    values.variants.forEach((variant, index) => {
      const problem = priceProblem(variant.price, VARIANT_PRICE_REQUIRED);
      if (problem) errors[`variants.${index}.price`] = problem;
    });
  } else {
    const problem = priceProblem(values.price, PRICE_REQUIRED);
    if (problem) errors.price = problem;
  }
  Object.assign(errors, recipe.errors, ...variants.map((variant) => variant.recipe.errors));
  if (!parsed.success || Object.keys(errors).length > 0) return { errors };
  return { body: parsed.data, rename };
}
