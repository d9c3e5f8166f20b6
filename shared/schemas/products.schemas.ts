import { z } from 'zod';
import { DEFAULT_GST_RATE_BPS, DEFAULT_HSN, GST_RATES_BPS, isGstRateBps, isValidHsn } from '../gst';
import { requiredText, safeString, uuidSchema } from './common.schemas';
import {
  MENU_TEXT,
  menuAddonGroupSchema,
  menuVariantSchema,
  productMenuFieldsSchema,
  productVariantSchema,
} from './menu.schemas';
import {
  MAX_PRICE_PAISE,
  MAX_RECIPE_ROWS,
  recipeRowInputSchema,
  recipeRowSchema,
} from './recipe.schemas';

export {
  MAX_PRICE_PAISE,
  MAX_QUANTITY_USED,
  MAX_RECIPE_ROWS,
  recipeRowInputSchema,
  recipeRowSchema,
  type RecipeRow,
} from './recipe.schemas';

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
    ...productMenuFieldsSchema.shape,
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
    const names = new Set<string>();
    let defaults = 0;
    body.variants?.forEach((variant, index) => {
      const key = variant.name.toLowerCase();
      if (names.has(key)) {
        ctx.addIssue({
          code: 'custom',
          path: ['variants', index, 'name'],
          message: MENU_TEXT.duplicateVariant,
        });
      }
      names.add(key);
      const used = new Set<string>();
      variant.ingredients.forEach((row, rowIndex) => {
        if (used.has(row.ingredientId)) {
          ctx.addIssue({
            code: 'custom',
            path: ['variants', index, 'ingredients', rowIndex, 'ingredientId'],
            message: PRODUCT_TEXT.duplicateIngredient,
          });
        }
        used.add(row.ingredientId);
      });
      if (variant.isDefault && ++defaults === 2) {
        ctx.addIssue({
          code: 'custom',
          path: ['variants', index, 'isDefault'],
          message: MENU_TEXT.oneDefault,
        });
      }
    });
    const groups = new Set<string>();
    body.addonGroupIds?.forEach((groupId, index) => {
      if (groups.has(groupId)) {
        ctx.addIssue({
          code: 'custom',
          path: ['addonGroupIds', index],
          message: MENU_TEXT.duplicateGroup,
        });
      }
      groups.add(groupId);
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

const taxFields = {
  /** The GST rate in basis points (5 % = 500). */
  gstRateBps: z.number().int(),
  /** The HSN/SAC code printed on a tax invoice. */
  hsn: z.string(),
  /** Outside GST (e.g. liquor under state VAT): billed at its price, no GST. */
  outsideGst: z.boolean(),
};

const menuFields = {
  /** Typed in the order screen's search, then Enter, to add it; null for none. */
  shortCode: z.string().nullable(),
  colour: z.string().nullable(),
  /** Its place among its subcategory's products. */
  position: z.number().int(),
  /** Sold out (86) now; with variants, every variant may also be on its own. */
  soldOut: z.boolean(),
  /** The add-on groups it offers, in the picker's order. */
  addonGroupIds: z.array(z.string()),
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
  ...menuFields,
  variants: z.array(menuVariantSchema),
  /** Ingredients of its recipes (its own, its variants') with no stock left: a warning. */
  runOutIngredients: z.array(z.string()),
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
  ...menuFields,
  variants: z.array(productVariantSchema),
});
export type Product = z.infer<typeof productSchema>;

/** PATCH /api/products/tax's answer: how many products now have the tax asked for. */
export const productTaxResultSchema = z.object({ updated: z.number().int() });
export type ProductTaxResult = z.infer<typeof productTaxResultSchema>;

/**
 * What staff see where they order: no cost, only products on sale, in menu order (subcategories
 * as the branch ordered them, then products by position and name).
 */
export const menuItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The default variant's price when it has variants (else the first's). */
  pricePaise: z.number().int(),
  subcategory: z.string(),
  ...menuFields,
  /** Live variants in their order; [] for a plain product. */
  variants: z.array(menuVariantSchema),
});
export type MenuItem = z.infer<typeof menuItemSchema>;
export const menuSchema = z.object({
  items: z.array(menuItemSchema),
  /** The add-on groups the items offer (by id from `addonGroupIds`). */
  addonGroups: z.array(menuAddonGroupSchema),
  /** The subcategories in the branch's order. */
  subcategories: z.array(z.string()),
  quickNotes: z.array(z.string()),
});
export type Menu = z.infer<typeof menuSchema>;

export const subcategoriesSchema = z.object({ subcategories: z.array(z.string()) });
export type Subcategories = z.infer<typeof subcategoriesSchema>;
