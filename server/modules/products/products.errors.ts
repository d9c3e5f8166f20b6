import { AppError, notFound } from '../../lib/errors';

/** The products module's messages, each written once. */
export const PRODUCT_MESSAGES = {
  notFound: 'Product not found',
  ingredientNotFound: 'Ingredient not found',
} as const;

// Another branch's product (or an archived one, for changes) answers like one that does not exist.
export const productNotFound = () => notFound('products.not_found', PRODUCT_MESSAGES.notFound);

/** A recipe row names an ingredient that is not a live one of this branch. */
export const recipeIngredientNotFound = (index: number) =>
  new AppError(404, 'products.ingredient_not_found', PRODUCT_MESSAGES.ingredientNotFound, {
    [`ingredients.${index}.ingredientId`]: PRODUCT_MESSAGES.ingredientNotFound,
  });
