import { z } from 'zod';
import {
  MAX_GROUP_OPTIONS,
  MAX_NOTE_LENGTH,
  MAX_PRODUCT_ADDON_GROUPS,
  MAX_QUICK_NOTE_LENGTH,
  MAX_QUICK_NOTES,
  MAX_VARIANTS,
  normaliseNote,
  PRODUCT_COLOURS,
  SHORT_CODE_PATTERN,
} from '../menu';
import {
  MAX_PRICE_PAISE,
  MAX_RECIPE_ROWS,
  recipeRowInputSchema,
  recipeRowSchema,
} from './recipe.schemas';
import { requiredText, safeString, uuidSchema } from './common.schemas';

/**
 * The menu beyond a flat product list (docs/menu.md): variants, add-on groups, short codes,
 * colours, menu order, sold out (86) and quick notes. Money is integer paise.
 */

export const MENU_TEXT = {
  shortCode: 'Short code must be 1 to 8 letters or digits',
  colour: `Colour must be one of ${PRODUCT_COLOURS.join(', ')}`,
  oneDefault: 'Only one variant can be the default',
  duplicateVariant: 'Another variant has this name',
  duplicateOption: 'Another option of this group has this name',
  duplicateGroup: 'This add-on group is already on the product',
  minAboveMax: 'Minimum choices cannot be more than maximum choices',
  maxAboveOptions: 'Maximum choices cannot be more than the number of options',
  duplicateQuickNote: 'This quick note is already in the list',
  duplicateIngredient: 'This ingredient is already in the recipe',
} as const;

const pricePaise = (label: string) =>
  z
    .number({ error: `${label} is required` })
    .int(`${label} must be in whole paise`)
    .min(0, `${label} cannot be negative`)
    .max(MAX_PRICE_PAISE, `${label} is too large`);

const recipe = z
  .array(recipeRowInputSchema, { error: 'Ingredients must be a list' })
  .max(MAX_RECIPE_ROWS, `A recipe may have at most ${MAX_RECIPE_ROWS} ingredients`)
  .default([]);

/** A note on an order line: one line of text, normalised (shared/menu.ts normaliseNote). */
export const lineNoteSchema = safeString('Note')
  .max(MAX_NOTE_LENGTH * 2, `Note must be at most ${MAX_NOTE_LENGTH} characters`)
  .transform(normaliseNote)
  .refine(
    (note) => note.length <= MAX_NOTE_LENGTH,
    `Note must be at most ${MAX_NOTE_LENGTH} characters`,
  );

/** A short code as typed ('b1', 'PBM'): stored upper case; '' or null for none. */
export const shortCodeSchema = safeString('Short code')
  .trim()
  .transform((code) => code.toUpperCase())
  .refine((code) => code === '' || SHORT_CODE_PATTERN.test(code), MENU_TEXT.shortCode)
  .transform((code) => (code === '' ? null : code))
  .nullable();

export const colourSchema = z.enum(PRODUCT_COLOURS, { error: MENU_TEXT.colour }).nullable();

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

/** A variant in a product's body: `id` for one that exists (kept), none for a new one. */
export const variantInputSchema = z.object({
  id: uuidSchema.optional(),
  name: requiredText('Variant name', 40),
  pricePaise: pricePaise('Variant price'),
  isDefault: z.boolean({ error: 'Default must be true or false' }).default(false),
  /** Its own recipe: used instead of the product's when it has rows. */
  ingredients: recipe,
});
export type VariantInput = z.input<typeof variantInputSchema>;

/**
 * The menu fields of POST /api/products and PUT /api/products/:id (added to the product's
 * body). Left out on an edit: unchanged. Variants listed replace the product's (those left out
 * are archived); in the list's order. A product with variants is priced by them: its own
 * price becomes the default variant's (else the first's).
 */
export const productMenuFieldsSchema = z.object({
  shortCode: shortCodeSchema.optional(),
  colour: colourSchema.optional(),
  variants: z
    .array(variantInputSchema, { error: 'Variants must be a list' })
    .max(MAX_VARIANTS, `A product may have at most ${MAX_VARIANTS} variants`)
    .optional(),
  /** The add-on groups it offers, in the picker's order. */
  addonGroupIds: z
    .array(uuidSchema, { error: 'Add-on groups must be a list' })
    .max(
      MAX_PRODUCT_ADDON_GROUPS,
      `A product may have at most ${MAX_PRODUCT_ADDON_GROUPS} add-on groups`,
    )
    .optional(),
});
export type ProductMenuFields = z.input<typeof productMenuFieldsSchema>;

/** An option in a group's body: `id` for one that exists (kept), none for a new one. */
export const addonOptionInputSchema = z.object({
  id: uuidSchema.optional(),
  name: requiredText('Option name', 40),
  pricePaise: pricePaise('Option price'),
  /** Its own recipe, deducted once per unit of the line on top of the product's. */
  ingredients: recipe,
});

/** POST /api/addon-groups and PUT /api/addon-groups/:id (manager): the whole group. */
export const addonGroupBodySchema = z
  .object({
    name: requiredText('Group name', 40),
    minChoices: z
      .number({ error: 'Minimum choices is required' })
      .int('Minimum choices must be a whole number')
      .min(0, 'Minimum choices cannot be negative')
      .max(MAX_GROUP_OPTIONS, 'Minimum choices is too large'),
    maxChoices: z
      .number({ error: 'Maximum choices is required' })
      .int('Maximum choices must be a whole number')
      .min(1, 'Maximum choices must be at least 1')
      .max(MAX_GROUP_OPTIONS, 'Maximum choices is too large'),
    options: z
      .array(addonOptionInputSchema, { error: 'Options must be a list' })
      .min(1, 'Add at least one option')
      .max(MAX_GROUP_OPTIONS, `A group may have at most ${MAX_GROUP_OPTIONS} options`),
  })
  .superRefine((body, ctx) => {
    if (body.minChoices > body.maxChoices) {
      ctx.addIssue({ code: 'custom', path: ['minChoices'], message: MENU_TEXT.minAboveMax });
    }
    if (body.maxChoices > body.options.length) {
      ctx.addIssue({ code: 'custom', path: ['maxChoices'], message: MENU_TEXT.maxAboveOptions });
    }
    const seen = new Set<string>();
    body.options.forEach((option, index) => {
      const key = option.name.toLowerCase();
      if (seen.has(key)) {
        ctx.addIssue({
          code: 'custom',
          path: ['options', index, 'name'],
          message: MENU_TEXT.duplicateOption,
        });
      }
      seen.add(key);
      const used = new Set<string>();
      option.ingredients.forEach((row, rowIndex) => {
        if (used.has(row.ingredientId)) {
          ctx.addIssue({
            code: 'custom',
            path: ['options', index, 'ingredients', rowIndex, 'ingredientId'],
            message: MENU_TEXT.duplicateIngredient,
          });
        }
        used.add(row.ingredientId);
      });
    });
  });
export type AddonGroupBody = z.input<typeof addonGroupBodySchema>;

/**
 * PUT /api/products/:id/sold-out (manager and staff): mark the product, or one variant of it,
 * sold out (until turned back on, or the next business day if the branch says so) or back on sale.
 */
export const soldOutBodySchema = z.object({
  soldOut: z.boolean({ error: 'Sold out must be true or false' }),
  variantId: uuidSchema.nullable().optional(),
});
export type SoldOutBody = z.input<typeof soldOutBodySchema>;

/**
 * PUT /api/menu/order (manager): the order of subcategories and, within each, of products.
 * Names and ids not listed keep their place after those listed.
 */
export const menuOrderBodySchema = z.object({
  subcategories: z
    .array(requiredText('Subcategory', 60), { error: 'Subcategories must be a list' })
    .max(500, 'Too many subcategories')
    .optional(),
  productIds: z
    .array(uuidSchema, { error: 'Products must be a list' })
    .max(5000, 'Too many products')
    .optional(),
});
export type MenuOrderBody = z.input<typeof menuOrderBodySchema>;

/** PUT /api/menu/settings (manager): quick notes and when sold-out items come back. */
export const menuSettingsBodySchema = z.object({
  quickNotes: z
    .array(requiredText('Quick note', MAX_QUICK_NOTE_LENGTH).transform(normaliseNote), {
      error: 'Quick notes must be a list',
    })
    .max(MAX_QUICK_NOTES, `At most ${MAX_QUICK_NOTES} quick notes`)
    .superRefine((notes, ctx) => {
      const seen = new Set<string>();
      notes.forEach((note, index) => {
        if (seen.has(note.toLowerCase())) {
          ctx.addIssue({ code: 'custom', path: [index], message: MENU_TEXT.duplicateQuickNote });
        }
        seen.add(note.toLowerCase());
      });
    }),
  soldOutUntilNextDay: z.boolean({ error: 'Sold out until the next day must be true or false' }),
});
export type MenuSettingsBody = z.input<typeof menuSettingsBodySchema>;

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

export const menuSettingsSchema = z.object({
  quickNotes: z.array(z.string()),
  soldOutUntilNextDay: z.boolean(),
});
export type MenuSettings = z.infer<typeof menuSettingsSchema>;

/** A variant as the order screen sees it. */
export const menuVariantSchema = z.object({
  id: z.string(),
  name: z.string(),
  pricePaise: z.number().int(),
  isDefault: z.boolean(),
  soldOut: z.boolean(),
});
export type MenuVariant = z.infer<typeof menuVariantSchema>;

export const menuAddonOptionSchema = z.object({
  id: z.string(),
  name: z.string(),
  pricePaise: z.number().int(),
});
export type MenuAddonOption = z.infer<typeof menuAddonOptionSchema>;

export const menuAddonGroupSchema = z.object({
  id: z.string(),
  name: z.string(),
  minChoices: z.number().int(),
  maxChoices: z.number().int(),
  options: z.array(menuAddonOptionSchema),
});
export type MenuAddonGroup = z.infer<typeof menuAddonGroupSchema>;

/** A variant in the manager's product answer, with its recipe. */
export const productVariantSchema = menuVariantSchema.extend({
  ingredients: z.array(recipeRowSchema),
  /** The recipe at the latest purchase prices (its own, else the product's). */
  foodCostPaise: z.number().int().nullable(),
});
export type ProductVariant = z.infer<typeof productVariantSchema>;

/** A group in the manager's list and form, options with their recipes. */
export const addonGroupSchema = z.object({
  id: z.string(),
  name: z.string(),
  minChoices: z.number().int(),
  maxChoices: z.number().int(),
  options: z.array(menuAddonOptionSchema.extend({ ingredients: z.array(recipeRowSchema) })),
  /** How many products on sale offer it. */
  productCount: z.number().int(),
});
export type AddonGroup = z.infer<typeof addonGroupSchema>;
export const addonGroupListSchema = z.object({ items: z.array(addonGroupSchema) });
export type AddonGroupList = z.infer<typeof addonGroupListSchema>;
