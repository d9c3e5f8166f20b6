import { useMemo } from 'react';
import { ActionIcon, Button, Group, Paper, Select, SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { InventoryItem } from '../../../../shared/schemas/inventory.schemas';
import { LABELS } from '../../../../shared/messages';
import { UNIT_SYMBOLS, formatQuantity } from '../../../../shared/units';
import { emptyRecipeRow, type RecipeRowValues } from '../recipe-rows';
import { PRODUCT_TEXT } from '../product-text';

type Props<T> = {
  form: UseFormReturnType<T>;
  /** Where the rows live in the form: 'ingredients', 'variants.0.ingredients'. */
  path: string;
  rows: RecipeRowValues[];
  items: InventoryItem[];
  loading: boolean;
  /** Starts each field's name ('Variant 1 '), so rows of several recipes are told apart. */
  labelPrefix?: string;
  /** The product's recipe keeps one (empty) row; a variant's or an option's may have none. */
  keepOne?: boolean;
  addLabel: string;
};

/**
 * A recipe's rows (category, then an ingredient of it with what the store holds, then the
 * quantity used) and the button that adds one: the product's, a variant's and an option's.
 */
export function RecipeRows<T>({
  form,
  path,
  rows,
  items,
  loading,
  labelPrefix = '',
  keepOne = false,
  addLabel,
}: Props<T>) {
  return (
    <>
      {rows.map((row, index) => (
        <RecipeRow
          key={row.key}
          form={form}
          path={`${path}.${index}`}
          row={row}
          position={index + 1}
          items={items}
          loading={loading}
          labelPrefix={labelPrefix}
          onRemove={() =>
            keepOne && rows.length === 1
              ? form.setFieldValue(path, [emptyRecipeRow()] as never)
              : form.removeListItem(path, index)
          }
        />
      ))}
      <Group>
        <Button
          variant="light"
          size={keepOne ? 'sm' : 'xs'}
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => form.insertListItem(path, emptyRecipeRow() as never)}
        >
          {addLabel}
        </Button>
      </Group>
    </>
  );
}

type RowProps<T> = {
  form: UseFormReturnType<T>;
  path: string;
  row: RecipeRowValues;
  position: number;
  items: InventoryItem[];
  loading: boolean;
  labelPrefix: string;
  onRemove: () => void;
};

function RecipeRow<T>({
  form,
  path,
  row,
  position,
  items,
  loading,
  labelPrefix,
  onRemove,
}: RowProps<T>) {
  const categories = useMemo(() => [...new Set(items.map((item) => item.category))], [items]);
  const chosen = items.find((item) => item.id === row.ingredientId);
  const ofCategory = items
    .filter((item) => item.category === row.category)
    .map((item) => ({
      value: item.id,
      label: `${item.name} (${formatQuantity(item.quantity, item.unit)})`,
    }));
  return (
    <Paper withBorder radius="md" p="sm" bg="var(--tf-sand)">
      <Group align="flex-start" gap="sm" wrap="nowrap">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" style={{ flex: 1, minWidth: 0 }}>
          <Select
            label={LABELS.product.category}
            aria-label={`${labelPrefix}${LABELS.product.category} ${position}`}
            data={categories}
            value={row.category}
            onChange={(value) => {
              form.setFieldValue(`${path}.category`, value as never);
              form.setFieldValue(`${path}.ingredientId`, null as never);
            }}
            searchable
            disabled={loading}
            maxDropdownHeight={300}
          />
          <Select
            {...form.getInputProps(`${path}.ingredientId`)}
            name={`${path}.ingredientId`}
            label={LABELS.product.ingredient}
            aria-label={`${labelPrefix}${LABELS.product.ingredient} ${position}`}
            data={ofCategory}
            placeholder={row.category ? undefined : PRODUCT_TEXT.chooseCategory}
            disabled={!row.category}
            searchable
            maxDropdownHeight={300}
          />
          <TextInput
            {...form.getInputProps(`${path}.quantityUsed`)}
            name={`${path}.quantityUsed`}
            label={LABELS.product.quantityUsed}
            aria-label={`${labelPrefix}${LABELS.product.quantityUsed} ${position}`}
            inputMode="numeric"
            autoComplete="off"
            rightSection={chosen ? UNIT_SYMBOLS[chosen.unit] : undefined}
            rightSectionWidth={44}
          />
        </SimpleGrid>
        <ActionIcon
          variant="subtle"
          color="red"
          size="lg"
          mt={26}
          aria-label={PRODUCT_TEXT.removeRow(position, labelPrefix)}
          onClick={onRemove}
        >
          <IconTrash size={18} aria-hidden />
        </ActionIcon>
      </Group>
    </Paper>
  );
}
