import {
  createIngredientBodySchema,
  updateIngredientBodySchema,
  type UpdateIngredientBody,
} from '../../../shared/schemas/inventory.schemas';
import {
  amountRuleMessage,
  isValidAmount,
  toBaseQuantity,
  type FormUnit,
} from '../../../shared/units';
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

const PLAIN_DECIMAL = /^\d+(?:\.\d+)?$/;

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
  // Each amount is checked here whatever the other fields hold (the schema's own check of the
  // unit's rule waits for every field to be valid): what is no plain decimal ('1e3', 'abc') is
  // not a number; a decimal the unit does not take (2.5 g) says what the unit takes.
  for (const [key, label] of AMOUNTS) {
    const text = values[key].trim();
    if (text === '' || isValidAmount(text, values.unit)) continue;
    if (!PLAIN_DECIMAL.test(text)) errors[key] ??= `${label} must be a number`;
    else errors[key] = amountRuleMessage(label, values.unit);
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
