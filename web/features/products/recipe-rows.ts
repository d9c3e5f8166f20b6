import { uuidv7 } from '../../lib/uuid-v7';
import type { RecipeRow } from '../../../shared/schemas/products.schemas';

/**
 * Recipe rows as typed, shared by a product, its variants and add-on options (each has its own
 * rows, picked the same way): category, then an ingredient of it, then the quantity used.
 */
export interface RecipeRowValues {
  /** A stable React key (rows can be removed from the middle). */
  key: string;
  category: string | null;
  ingredientId: string | null;
  /** As typed, a whole number in the ingredient's stored unit. */
  quantityUsed: string;
}

export const emptyRecipeRow = (): RecipeRowValues => ({
  key: uuidv7(),
  category: null,
  ingredientId: null,
  quantityUsed: '',
});

/** A saved recipe as rows to edit; `whenEmpty` rows when it has none. */
export const recipeFormRows = (
  rows: readonly RecipeRow[],
  whenEmpty: () => RecipeRowValues[] = () => [],
): RecipeRowValues[] =>
  rows.length === 0
    ? whenEmpty()
    : rows.map((row) => ({
        key: row.ingredientId,
        category: row.category,
        ingredientId: row.ingredientId,
        quantityUsed: String(row.quantityUsed),
      }));

export const QUANTITY_INVALID = 'Quantity used must be a whole number';

/** A row that is saved: one with both an ingredient and a quantity (the others are dropped). */
const isFilled = (row: RecipeRowValues) => !!row.ingredientId && row.quantityUsed.trim() !== '';

/**
 * Rows as the API takes them: those without an ingredient or a quantity dropped, quantities as
 * whole numbers (NaN for what is no whole number: '1.5', '1e3', '-2'). `indexes` are the rows'
 * places in the form (a server error on row n belongs to the form's row `indexes[n]`), and
 * `errors` names the quantities that are no whole number, as `<path>.<form row>.quantityUsed`.
 */
export function recipeBody(rows: readonly RecipeRowValues[], path: string) {
  const indexes = rows.flatMap((row, index) => (isFilled(row) ? [index] : []));
  const body = indexes.map((index) => {
    const text = rows[index]!.quantityUsed.trim();
    return {
      ingredientId: rows[index]!.ingredientId as string,
      quantityUsed: /^\d+$/.test(text) ? Number(text) : NaN,
    };
  });
  const errors: Record<string, string> = {};
  body.forEach((row, position) => {
    if (Number.isNaN(row.quantityUsed)) {
      errors[`${path}.${indexes[position]}.quantityUsed`] = QUANTITY_INVALID;
    }
  });
  return { body, indexes, errors };
}

/** The field names of recipe rows at `path`, in focus order. */
export const recipeFields = (rows: readonly RecipeRowValues[], path: string): string[] =>
  rows.flatMap((_, index) => [`${path}.${index}.ingredientId`, `${path}.${index}.quantityUsed`]);
