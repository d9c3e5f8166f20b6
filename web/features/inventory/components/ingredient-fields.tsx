import { Autocomplete, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { UseFormReturnType } from '@mantine/form';
import { LABELS } from '../../../../shared/messages';
import {
  UNIT_OPTIONS,
  UNIT_SYMBOLS,
  fromBaseQuantity,
  isFormUnit,
  isValidAmount,
  storedUnitOf,
  toBaseQuantity,
  type FormUnit,
} from '../../../../shared/units';
import { useCategories } from '../api/get-categories';
import type { IngredientFormValues } from '../ingredient-form';
import { INVENTORY_TEXT } from '../inventory-text';

type Props = {
  form: UseFormReturnType<IngredientFormValues>;
  /**
   * Edit: switching between g and kg (ml and L) converts what is in the fields, so 12500 g
   * becomes 12.5 kg and never 12500 kg. A new item keeps the number typed.
   */
  convertOnUnitChange?: boolean;
};

/** `text` in `from` as the same amount in `to`, when both are kept in one stored unit. */
function convertAmount(text: string, from: FormUnit, to: FormUnit): string {
  if (storedUnitOf(from) !== storedUnitOf(to) || !isValidAmount(text.trim(), from)) return text;
  const { quantity, unit } = toBaseQuantity(text.trim(), from);
  return fromBaseQuantity(quantity, unit, to);
}

/** Category (suggested by prefix from the branch's categories), name, quantity, unit and the low-stock level. */
export function IngredientFields({ form, convertOnUnitChange }: Props) {
  const [prefix] = useDebouncedValue(form.values.category.trim(), 200);
  const categories = useCategories(prefix);
  const unit = UNIT_SYMBOLS[form.values.unit];
  return (
    <>
      <Autocomplete
        {...form.getInputProps('category')}
        name="category"
        label={LABELS.inventory.ingredientCategory}
        description="Choose one of yours or type a new one"
        data={categories.data?.categories ?? []}
        maxDropdownHeight={300}
        autoComplete="off"
        required
      />
      <TextInput
        {...form.getInputProps('name')}
        name="name"
        label={LABELS.inventory.ingredientName}
        autoComplete="off"
        required
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput
          {...form.getInputProps('quantity')}
          name="quantity"
          label={LABELS.inventory.quantity}
          description={unit === 'kg' || unit === 'L' ? 'Up to 3 decimals' : 'A whole number'}
          inputMode="decimal"
          autoComplete="off"
          rightSection={unit}
          rightSectionWidth={44}
          required
        />
        <Select
          {...form.getInputProps('unit')}
          onChange={(value) => {
            if (!isFormUnit(value)) return;
            const from = form.values.unit;
            if (convertOnUnitChange && from !== value) {
              form.setFieldValue('quantity', convertAmount(form.values.quantity, from, value));
              form.setFieldValue(
                'lowStockThreshold',
                convertAmount(form.values.lowStockThreshold, from, value),
              );
            }
            form.setFieldValue('unit', value);
          }}
          name="unit"
          label="Unit"
          data={UNIT_OPTIONS as { value: string; label: string }[]}
          allowDeselect={false}
          description={
            form.values.unit === 'kg' || form.values.unit === 'l'
              ? `Kept in ${form.values.unit === 'kg' ? 'grams' : 'milliliters'} (× 1000)`
              : 'How you count it'
          }
          required
        />
      </SimpleGrid>
      <TextInput
        {...form.getInputProps('lowStockThreshold')}
        name="lowStockThreshold"
        label={INVENTORY_TEXT.lowStockLevel}
        description={INVENTORY_TEXT.lowStockLevelHint}
        inputMode="decimal"
        autoComplete="off"
        rightSection={unit}
        rightSectionWidth={44}
      />
    </>
  );
}
