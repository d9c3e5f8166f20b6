import {
  createIngredientBodySchema,
  updateIngredientBodySchema,
  type UpdateIngredientBody,
} from '../../../shared/schemas/inventory.schemas';
import { isValidAmount, toBaseQuantity, type FormUnit } from '../../../shared/units';
import { fieldErrors } from '../../lib/field-errors';

/** The Add New Ingredient and Edit Inventory Item forms, as typed. */
export interface IngredientFormValues {
  category: string;
  name: string;
  /** As typed, in `unit` (kg and L take up to 3 decimals). */
  quantity: string;
  unit: FormUnit;
  /** As typed, in `unit`; empty keeps the current level (or none for a new item). */
  lowStockThreshold: string;
  /** Edit only: makes a quantity change a stock correction. */
  reason: string;
}

export const INGREDIENT_FIELDS = [
  'category',
  'name',
  'quantity',
  'unit',
  'lowStockThreshold',
  'reason',
] as const;

const AMOUNTS = [
  ['quantity', 'Quantity'],
  ['lowStockThreshold', 'Low-stock level'],
] as const;

const amount = (text: string) => (text.trim() === '' ? undefined : Number(text.trim()));

/**
 * The form's values checked with the server's own schema (same messages), then sent as whole
 * numbers of the stored unit (1.5 kg as 1500 g), so no fraction travels.
 */
export function ingredientBody(
  values: IngredientFormValues,
  mode: 'create' | 'update',
):
  | { body: UpdateIngredientBody; errors?: undefined }
  | { body?: undefined; errors: Record<string, string> } {
  const typed = {
    category: values.category,
    name: values.name,
    quantity: amount(values.quantity),
    unit: values.unit,
    lowStockThreshold: amount(values.lowStockThreshold),
    ...(mode === 'update' ? { reason: values.reason } : {}),
  };
  const schema = mode === 'create' ? createIngredientBodySchema : updateIngredientBodySchema;
  const parsed = schema.safeParse(typed);
  const errors = fieldErrors(parsed.error?.issues ?? []);
  if (typed.quantity === undefined) errors.quantity = 'Quantity is required';
  // What Number() takes but is no plain decimal ('1e3', '0x10'): refused like any other text.
  for (const [key, label] of AMOUNTS) {
    const text = values[key].trim();
    if (text !== '' && !errors[key] && !isValidAmount(text, values.unit)) {
      errors[key] = `${label} must be a number`;
    }
  }
  if (!parsed.success || Object.keys(errors).length > 0) return { errors };

  const quantity = toBaseQuantity(values.quantity, values.unit);
  const threshold =
    typed.lowStockThreshold === undefined
      ? undefined
      : toBaseQuantity(values.lowStockThreshold, values.unit).quantity;
  return {
    body: {
      category: parsed.data.category,
      name: parsed.data.name,
      quantity: quantity.quantity,
      unit: quantity.unit,
      ...(threshold === undefined ? {} : { lowStockThreshold: threshold }),
      ...(mode === 'update' && values.reason.trim() ? { reason: values.reason.trim() } : {}),
    },
  };
}
