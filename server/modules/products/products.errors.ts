import { MAX_BRANCH_ADDON_GROUPS } from '../../../shared/menu';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';

/** The products module's messages, each written once. */
export const PRODUCT_MESSAGES = {
  notFound: 'Product not found',
  ingredientNotFound: 'Ingredient not found',
  variantNotFound: 'Variant not found',
  addonGroupNotFound: 'Add-on group not found',
  optionNotFound: 'Option not found',
  shortCodeTaken: 'Another product has this short code',
  groupNameTaken: 'Another add-on group has this name',
  tooManyGroups: `A branch can have at most ${MAX_BRANCH_ADDON_GROUPS} add-on groups. Archive one you no longer use first.`,
} as const;

// Another branch's product (or an archived one, for changes) answers like one that does not exist.
export const productNotFound = () => notFound('products.not_found', PRODUCT_MESSAGES.notFound);

/** A recipe row names an ingredient that is not a live one of this branch (`field`: its id). */
export const recipeIngredientNotFound = (field: string) =>
  new AppError(404, 'products.ingredient_not_found', PRODUCT_MESSAGES.ingredientNotFound, {
    [field]: PRODUCT_MESSAGES.ingredientNotFound,
  });

/** A variant id that is not a live variant of this product (another's, archived, unknown). */
export const variantNotFound = (field: string) =>
  new AppError(404, 'products.variant_not_found', PRODUCT_MESSAGES.variantNotFound, {
    [field]: PRODUCT_MESSAGES.variantNotFound,
  });

/** An add-on group that is not a live one of this branch; `field` when a body names it. */
export const addonGroupNotFound = (field?: string) =>
  new AppError(
    404,
    'products.addon_group_not_found',
    PRODUCT_MESSAGES.addonGroupNotFound,
    field ? { [field]: PRODUCT_MESSAGES.addonGroupNotFound } : undefined,
  );

/** An option id that is not a live option of this group. */
export const optionNotFound = (field: string) =>
  new AppError(404, 'products.option_not_found', PRODUCT_MESSAGES.optionNotFound, {
    [field]: PRODUCT_MESSAGES.optionNotFound,
  });

/** A product id of the menu order that is not one of this branch's. */
export const orderedProductNotFound = (field: string) =>
  new AppError(404, 'products.not_found', PRODUCT_MESSAGES.notFound, {
    [field]: PRODUCT_MESSAGES.notFound,
  });

/** Short codes are unique among products on sale. */
export const shortCodeTaken = () =>
  conflict('products.short_code_taken', PRODUCT_MESSAGES.shortCodeTaken, {
    shortCode: PRODUCT_MESSAGES.shortCodeTaken,
  });

/** Group names are unique among live groups (any case). */
export const groupNameTaken = () =>
  conflict('products.addon_group_name_taken', PRODUCT_MESSAGES.groupNameTaken, {
    name: PRODUCT_MESSAGES.groupNameTaken,
  });

/** A new add-on group when the branch has MAX_BRANCH_ADDON_GROUPS live ones. */
export const tooManyAddonGroups = () =>
  badRequest('products.too_many_addon_groups', PRODUCT_MESSAGES.tooManyGroups, {
    name: PRODUCT_MESSAGES.tooManyGroups,
  });
