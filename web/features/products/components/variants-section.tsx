import {
  ActionIcon,
  Button,
  Group,
  Paper,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { MAX_VARIANTS } from '../../../../shared/menu';
import type { InventoryItem } from '../../../../shared/schemas/inventory.schemas';
import { emptyVariant, type ProductFormValues } from '../product-form';
import { emptyRecipeRow } from '../recipe-rows';
import { PRODUCT_TEXT } from '../product-text';
import { RecipeRows } from './recipe-rows';

type Props = {
  form: UseFormReturnType<ProductFormValues>;
  items: InventoryItem[];
  loading: boolean;
};

/**
 * The product's variants: name, price, which is the default, their order, and each one's own
 * recipe (used instead of the product's). A product without variants is priced by itself.
 */
export function VariantsSection({ form, items, loading }: Props) {
  const { variants } = form.values;
  const add = () => {
    const variant = emptyVariant();
    // The first variant starts at the price typed for the product.
    if (variants.length === 0) variant.price = form.values.price;
    form.insertListItem('variants', variant);
  };
  const remove = (index: number) => {
    if (variants[index]!.key === form.values.defaultVariant) {
      form.setFieldValue('defaultVariant', '');
    }
    form.removeListItem('variants', index);
  };
  const error = form.errors.variants;

  return (
    <Stack gap="xs" mt="sm">
      <Title order={2} size="h4">
        {PRODUCT_TEXT.variantsTitle}
      </Title>
      <Text size="sm" c="dimmed">
        {PRODUCT_TEXT.variantsHint}
      </Text>
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
      {variants.length > 0 && (
        <Stack gap="sm">
          {variants.map((variant, index) => (
            <VariantRow
              key={variant.key}
              form={form}
              index={index}
              items={items}
              loading={loading}
              onRemove={() => remove(index)}
            />
          ))}
          <Radio
            name="defaultVariant"
            value=""
            checked={form.values.defaultVariant === ''}
            onChange={() => form.setFieldValue('defaultVariant', '')}
            label={PRODUCT_TEXT.noDefault}
            description={PRODUCT_TEXT.defaultVariantHint}
          />
        </Stack>
      )}
      <Group>
        <Button
          variant="light"
          leftSection={<IconPlus size={18} aria-hidden />}
          onClick={add}
          disabled={variants.length >= MAX_VARIANTS}
        >
          {PRODUCT_TEXT.addVariant}
        </Button>
      </Group>
    </Stack>
  );
}

function VariantRow({
  form,
  index,
  items,
  loading,
  onRemove,
}: {
  form: UseFormReturnType<ProductFormValues>;
  index: number;
  items: InventoryItem[];
  loading: boolean;
  onRemove: () => void;
}) {
  const { variants } = form.values;
  const variant = variants[index]!;
  const label = PRODUCT_TEXT.variantLabel(index + 1);
  const path = `variants.${index}`;
  return (
    <Paper withBorder radius="md" p="sm" role="group" aria-label={label}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text size="sm" fw={700} c="var(--tf-ink)">
            {label}
          </Text>
          <Group gap={2} wrap="nowrap">
            <ActionIcon
              variant="subtle"
              size="lg"
              aria-label={PRODUCT_TEXT.moveUp(label)}
              disabled={index === 0}
              onClick={() => form.reorderListItem('variants', { from: index, to: index - 1 })}
            >
              <IconArrowUp size={18} aria-hidden />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              size="lg"
              aria-label={PRODUCT_TEXT.moveDown(label)}
              disabled={index === variants.length - 1}
              onClick={() => form.reorderListItem('variants', { from: index, to: index + 1 })}
            >
              <IconArrowDown size={18} aria-hidden />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              aria-label={PRODUCT_TEXT.removeVariant(label)}
              onClick={onRemove}
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Group>
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            {...form.getInputProps(`${path}.name`)}
            name={`${path}.name`}
            label={PRODUCT_TEXT.variantName}
            aria-label={`${PRODUCT_TEXT.variantName} ${index + 1}`}
            placeholder={index === 0 ? PRODUCT_TEXT.variantNamePlaceholder : undefined}
            autoComplete="off"
            maxLength={40}
            required
          />
          <TextInput
            {...form.getInputProps(`${path}.price`)}
            name={`${path}.price`}
            label={PRODUCT_TEXT.variantPrice}
            aria-label={`${PRODUCT_TEXT.variantPrice} ${index + 1}`}
            inputMode="decimal"
            autoComplete="off"
            leftSection="₹"
            required
          />
        </SimpleGrid>
        <Radio
          name="defaultVariant"
          value={variant.key}
          checked={form.values.defaultVariant === variant.key}
          onChange={() => form.setFieldValue('defaultVariant', variant.key)}
          label={PRODUCT_TEXT.defaultOf(variant.name.trim() || label)}
        />
        {variant.ingredients.length === 0 ? (
          <Group>
            <Button
              variant="subtle"
              size="xs"
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => form.insertListItem(`${path}.ingredients`, emptyRecipeRow())}
            >
              {PRODUCT_TEXT.addOwnRecipe(variant.name.trim() || label)}
            </Button>
          </Group>
        ) : (
          <Stack gap="xs">
            <Text size="sm" fw={600}>
              {PRODUCT_TEXT.ownRecipe}{' '}
              <Text span size="sm" c="dimmed" fw={400}>
                {PRODUCT_TEXT.ownRecipeHint}
              </Text>
            </Text>
            <RecipeRows
              form={form}
              path={`${path}.ingredients`}
              rows={variant.ingredients}
              items={items}
              loading={loading}
              labelPrefix={`${label} `}
              addLabel={PRODUCT_TEXT.addIngredient}
            />
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
