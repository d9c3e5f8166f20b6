import { z } from 'zod';
import { DEFAULT_GST_RATE_BPS, DEFAULT_HSN, GST_RATES_BPS, isGstRateBps, isValidHsn } from '../gst';
import { STORED_UNITS } from '../units';
import { requiredText, safeString, uuidSchema } from './common.schemas';

/**
 * Products (the menu) and their recipes.
 *
 * Money is integer paise: the form turns the typed rupees into `pricePaise` with
 * shared/money.ts. A recipe row's `quantityUsed` is a whole number in the ingredient's stored
 * unit (g, ml, pcs, box). Food cost is what the recipe costs at each ingredient's latest
 * purchase price; null while any ingredient of it has never been bought.
 *
 * Tax (docs/gst.md, "Product tax"): a GST rate in basis points, one of the slabs
 * `GST_RATES_BPS` (5 % by default), an HSN/SAC code (996331, restaurant service, by default)
 * and whether the product is outside GST (e.g. liquor under state VAT: billed apart, no GST).
 */

/** Largest price: ₹10 lakh. */
export const MAX_PRICE_PAISE = 100_000_000;
/** Largest quantity of one ingredient in one product (100 kg in grams). */
export const MAX_QUANTITY_USED = 100_000;
/** Most recipe rows of one product. */
export const MAX_RECIPE_ROWS = 50;

/** Most products whose tax one bulk change sets. */
export const MAX_BULK_TAX_PRODUCTS = 500;

/** '0, 5, 18 or 40 %' from the slabs. */
const SLABS_TEXT = GST_RATES_BPS.map((bps) => String(bps / 100))
  .join(', ')
  .replace(/, (\d+)$/, ' or $1');

export const PRODUCT_TEXT = {
  duplicateIngredient: 'This ingredient is already in the recipe',
  gstRate: `GST rate must be ${SLABS_TEXT} %`,
  hsn: 'HSN/SAC code must be 4, 6 or 8 digits',
  outsideGst: 'Outside GST must be true or false',
  productIds: 'Choose at least one product',
  tooManyProducts: `Choose at most ${MAX_BULK_TAX_PRODUCTS} products at once`,
  nothingToChange: 'Choose a GST rate, an HSN/SAC code or outside GST to set',
} as const;

/** A product's GST rate in basis points: one of the slabs (`GST_RATES_BPS`). */
const gstRateBpsSchema = z
  .number({ error: PRODUCT_TEXT.gstRate })
  .refine(isGstRateBps, PRODUCT_TEXT.gstRate);
/** An HSN (goods) or SAC (services) code: 4, 6 or 8 digits. */
const hsnSchema = safeString('HSN/SAC code').trim().refine(isValidHsn, PRODUCT_TEXT.hsn);
const outsideGstSchema = z.boolean({ error: PRODUCT_TEXT.outsideGst });

/** A new product's tax when its body says none. */
export const DEFAULT_PRODUCT_TAX = {
  gstRateBps: DEFAULT_GST_RATE_BPS,
  hsn: DEFAULT_HSN,
  outsideGst: false,
} as const;

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

export const recipeRowInputSchema = z.object({
  ingredientId: z.uuid({
    error: (issue) => (issue.input === undefined ? 'Ingredient is required' : 'Enter a valid id'),
  }),
  quantityUsed: z
    .number({ error: 'Quantity used is required' })
    .int('Quantity used must be a whole number')
    .min(1, 'Quantity used must be at least 1')
    .max(MAX_QUANTITY_USED, 'Quantity used is too large'),
});

/** POST /api/products and PUT /api/products/:id: the whole product, recipe included. */
export const productBodySchema = z
  .object({
    name: requiredText('Product name', 120),
    pricePaise: z
      .number({ error: 'Price is required' })
      .int('Price must be in whole paise')
      .min(0, 'Price cannot be negative')
      .max(MAX_PRICE_PAISE, 'Price is too large'),
    subcategory: requiredText('Subcategory', 60),
    ingredients: z
      .array(recipeRowInputSchema, { error: 'Ingredients must be a list' })
      .max(MAX_RECIPE_ROWS, `A recipe may have at most ${MAX_RECIPE_ROWS} ingredients`)
      .default([]),
    /** Left out: 5 % on a new product, unchanged on an edit. */
    gstRateBps: gstRateBpsSchema.optional(),
    /** Left out: 996331 on a new product, unchanged on an edit. */
    hsn: hsnSchema.optional(),
    /** Left out: false on a new product, unchanged on an edit. */
    outsideGst: outsideGstSchema.optional(),
  })
  .superRefine((body, ctx) => {
    const seen = new Set<string>();
    body.ingredients.forEach((row, index) => {
      if (!row.ingredientId) return;
      if (seen.has(row.ingredientId)) {
        ctx.addIssue({
          code: 'custom',
          path: ['ingredients', index, 'ingredientId'],
          message: PRODUCT_TEXT.duplicateIngredient,
        });
      }
      seen.add(row.ingredientId);
    });
  });
export type ProductBody = z.input<typeof productBodySchema>;

/**
 * PATCH /api/products/tax: the same tax for many products at once (the list's "Set GST…").
 * Only the fields given change; at least one is.
 */
export const productTaxBodySchema = z
  .object({
    productIds: z
      .array(uuidSchema, { error: PRODUCT_TEXT.productIds })
      .min(1, PRODUCT_TEXT.productIds)
      .max(MAX_BULK_TAX_PRODUCTS, PRODUCT_TEXT.tooManyProducts)
      .transform((ids) => [...new Set(ids)]),
    gstRateBps: gstRateBpsSchema.optional(),
    hsn: hsnSchema.optional(),
    outsideGst: outsideGstSchema.optional(),
  })
  .refine(
    (body) =>
      body.gstRateBps !== undefined || body.hsn !== undefined || body.outsideGst !== undefined,
    { error: PRODUCT_TEXT.nothingToChange, path: ['gstRateBps'] },
  );
export type ProductTaxBody = z.input<typeof productTaxBodySchema>;

/** GET /api/products/subcategories?search=: existing subcategories containing the text. */
export const subcategoriesQuerySchema = z.object({
  search: safeString('Search').trim().max(60, 'Search must be at most 60 characters').optional(),
});
export type SubcategoriesQuery = z.input<typeof subcategoriesQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

/** One recipe row as the edit form and the product's page show it. */
export const recipeRowSchema = z.object({
  ingredientId: z.string(),
  category: z.string(),
  name: z.string(),
  unit: z.enum(STORED_UNITS),
  /** What the store holds now, in `unit`. */
  stockQuantity: z.number().int(),
  quantityUsed: z.number().int(),
  /** quantityUsed at the latest purchase price; null when the ingredient was never bought. */
  costPaise: z.number().int().nullable(),
  /** The ingredient was deleted from inventory after this (archived) product was made. */
  deleted: z.boolean(),
});
export type RecipeRow = z.infer<typeof recipeRowSchema>;

const taxFields = {
  /** The GST rate in basis points (5 % = 500). */
  gstRateBps: z.number().int(),
  /** The HSN/SAC code printed on a tax invoice. */
  hsn: z.string(),
  /** Outside GST (e.g. liquor under state VAT): billed at its price, no GST. */
  outsideGst: z.boolean(),
};

const costFields = {
  /** The recipe at the latest purchase prices; null while an ingredient has no purchase yet. */
  foodCostPaise: z.number().int().nullable(),
  /** Price minus food cost (negative when sold at a loss); null with an unknown food cost. */
  marginPaise: z.number().int().nullable(),
};

/** A product of the Product List (manager). */
export const productSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  pricePaise: z.number().int(),
  subcategory: z.string(),
  ingredientCount: z.number().int(),
  ...taxFields,
  ...costFields,
});
export type ProductSummary = z.infer<typeof productSummarySchema>;

export const productListSchema = z.object({
  items: z.array(productSummarySchema),
  count: z.number().int(),
});
export type ProductList = z.infer<typeof productListSchema>;

/** One product with its recipe; archived products stay readable for history. */
export const productSchema = z.object({
  id: z.string(),
  name: z.string(),
  pricePaise: z.number().int(),
  subcategory: z.string(),
  archivedAt: z.string().nullable(),
  ingredients: z.array(recipeRowSchema),
  ...taxFields,
  ...costFields,
});
export type Product = z.infer<typeof productSchema>;

/** PATCH /api/products/tax's answer: how many products now have the tax asked for. */
export const productTaxResultSchema = z.object({ updated: z.number().int() });
export type ProductTaxResult = z.infer<typeof productTaxResultSchema>;

/** What staff see where they order: no cost, only products on sale. */
export const menuItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  pricePaise: z.number().int(),
  subcategory: z.string(),
});
export type MenuItem = z.infer<typeof menuItemSchema>;
export const menuSchema = z.object({ items: z.array(menuItemSchema) });
export type Menu = z.infer<typeof menuSchema>;

export const subcategoriesSchema = z.object({ subcategories: z.array(z.string()) });
export type Subcategories = z.infer<typeof subcategoriesSchema>;
