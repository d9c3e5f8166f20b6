import { z } from 'zod';
import { STORED_UNITS } from '../units';

/**
 * Recipe rows (how much of an ingredient one unit uses) and the price limit: shared by
 * products, their variants and add-on options (products.schemas.ts and menu.schemas.ts).
 * A row's `quantityUsed` is a whole number in the ingredient's stored unit (g, ml, pcs, box).
 */

/** Largest price: ₹10 lakh. */
export const MAX_PRICE_PAISE = 100_000_000;
/** Largest quantity of one ingredient in one product (100 kg in grams). */
export const MAX_QUANTITY_USED = 100_000;
/** Most recipe rows of one product. */
export const MAX_RECIPE_ROWS = 50;

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
