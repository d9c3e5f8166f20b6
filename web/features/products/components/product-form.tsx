import { useMemo } from 'react';
import {
  ActionIcon,
  Alert,
  Autocomplete,
  Button,
  Checkbox,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { InventoryItem } from '../../../../shared/schemas/inventory.schemas';
import type { Product, ProductBody } from '../../../../shared/schemas/products.schemas';
import { LABELS } from '../../../../shared/messages';
import { UNIT_SYMBOLS, formatQuantity } from '../../../../shared/units';
import { QueryError } from '../../../components/query-error';
import { paths } from '../../../config/paths';
import { formFeedback } from '../../../lib/form-feedback';
import { useFocusFirstError } from '../../../lib/use-focus-first-error';
import { useIngredientChoices } from '../api/get-ingredient-choices';
import { useSubcategories } from '../api/get-subcategories';
import {
  GST_RATE_OPTIONS,
  emptyRecipeRow,
  productBody,
  productFormFields,
  type ProductFormValues,
} from '../product-form';
import { PRODUCT_TEXT } from '../product-text';

type Props = {
  initialValues: ProductFormValues;
  submitLabel: string;
  success: string;
  pending: boolean;
  /** Sends the body; calls back like a mutation's `mutate`. */
  save: (body: ProductBody, feedback: ReturnType<typeof formFeedback<Product>>) => void;
  onDone: () => void;
};

/** Name, price, subcategory and the recipe rows: Add New Product and Edit Product. */
export function ProductForm({ initialValues, submitLabel, success, pending, save, onDone }: Props) {
  const form: UseFormReturnType<ProductFormValues> = useForm<ProductFormValues>({
    mode: 'controlled',
    initialValues,
    validate: (values) => productBody(values).errors ?? {},
  });
  const fields = productFormFields(form.values);
  const { formRef, focusFirstError } = useFocusFirstError(fields);
  const [search] = useDebouncedValue(form.values.subcategory.trim(), 200);
  const subcategories = useSubcategories(search);
  const choices = useIngredientChoices();

  const submit = form.onSubmit((values) => {
    const result = productBody(values);
    if (!result.body) return;
    save(
      result.body,
      formFeedback({
        success: () => success,
        onDone,
        fields,
        setErrors: form.setErrors,
        focusFirstError,
        failureTitle: PRODUCT_TEXT.saveFailed,
        rename: result.rename,
      }),
    );
  }, focusFirstError);

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <form ref={formRef} onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            {...form.getInputProps('name')}
            name="name"
            label={LABELS.product.productName}
            autoComplete="off"
            required
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput
              {...form.getInputProps('price')}
              name="price"
              label={LABELS.product.price}
              inputMode="decimal"
              autoComplete="off"
              leftSection="₹"
              required
            />
            <Autocomplete
              {...form.getInputProps('subcategory')}
              name="subcategory"
              label={LABELS.product.subcategory}
              placeholder={PRODUCT_TEXT.subcategoryHint}
              data={subcategories.data?.subcategories ?? []}
              maxDropdownHeight={300}
              autoComplete="off"
              required
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <Select
              {...form.getInputProps('gstRateBps')}
              name="gstRateBps"
              label={PRODUCT_TEXT.gstRate}
              data={GST_RATE_OPTIONS}
              allowDeselect={false}
              disabled={form.values.outsideGst}
            />
            <TextInput
              {...form.getInputProps('hsn')}
              name="hsn"
              label={PRODUCT_TEXT.hsn}
              description={PRODUCT_TEXT.hsnHint}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              inputMode="numeric"
              autoComplete="off"
              maxLength={8}
            />
          </SimpleGrid>
          <Checkbox
            {...form.getInputProps('outsideGst', { type: 'checkbox' })}
            name="outsideGst"
            label={PRODUCT_TEXT.outsideGst}
            description={PRODUCT_TEXT.outsideGstHint}
          />

          <Stack gap="xs" mt="sm">
            <Title order={2} size="h4">
              {PRODUCT_TEXT.ingredientsTitle}
            </Title>
            <Text size="sm" c="dimmed">
              {PRODUCT_TEXT.ingredientsHint}
            </Text>
          </Stack>
          {choices.isError ? (
            <QueryError
              title={PRODUCT_TEXT.choicesLoadFailed}
              error={choices.error}
              onRetry={() => void choices.refetch()}
            />
          ) : (
            <>
              {choices.data?.length === 0 && (
                <Alert color="yellow" variant="light">
                  {PRODUCT_TEXT.noInventory}
                </Alert>
              )}
              {form.values.ingredients.map((row, index) => (
                <RecipeRow
                  key={row.key}
                  form={form}
                  index={index}
                  items={choices.data ?? []}
                  loading={choices.isPending}
                />
              ))}
              <Group>
                <Button
                  variant="light"
                  leftSection={<IconPlus size={18} aria-hidden />}
                  onClick={() => form.insertListItem('ingredients', emptyRecipeRow())}
                >
                  {LABELS.product.addMoreIngredients}
                </Button>
              </Group>
            </>
          )}

          <Group justify="flex-end" mt="sm">
            <Button component={Link} to={paths.products} variant="default">
              {PRODUCT_TEXT.cancel}
            </Button>
            <Button type="submit" loading={pending}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

type RowProps = {
  form: UseFormReturnType<ProductFormValues>;
  index: number;
  items: InventoryItem[];
  loading: boolean;
};

/** Category, then an ingredient of it (with what the store holds), then the quantity used. */
function RecipeRow({ form, index, items, loading }: RowProps) {
  const row = form.values.ingredients[index]!;
  const categories = useMemo(() => [...new Set(items.map((item) => item.category))], [items]);
  const chosen = items.find((item) => item.id === row.ingredientId);
  const ofCategory = items
    .filter((item) => item.category === row.category)
    .map((item) => ({
      value: item.id,
      label: `${item.name} (${formatQuantity(item.quantity, item.unit)})`,
    }));
  const position = index + 1;
  const path = `ingredients.${index}`;
  return (
    <Paper withBorder radius="md" p="sm" bg="var(--tf-sand)">
      <Group align="flex-start" gap="sm" wrap="nowrap">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" style={{ flex: 1 }}>
          <Select
            label={LABELS.product.category}
            aria-label={`${LABELS.product.category} ${position}`}
            data={categories}
            value={row.category}
            onChange={(value) => {
              form.setFieldValue(`${path}.category`, value);
              form.setFieldValue(`${path}.ingredientId`, null);
            }}
            searchable
            disabled={loading}
            maxDropdownHeight={300}
          />
          <Select
            {...form.getInputProps(`${path}.ingredientId`)}
            name={`${path}.ingredientId`}
            label={LABELS.product.ingredient}
            aria-label={`${LABELS.product.ingredient} ${position}`}
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
            aria-label={`${LABELS.product.quantityUsed} ${position}`}
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
          aria-label={PRODUCT_TEXT.removeRow(position)}
          onClick={() =>
            form.values.ingredients.length === 1
              ? form.setFieldValue('ingredients', [emptyRecipeRow()])
              : form.removeListItem('ingredients', index)
          }
        >
          <IconTrash size={18} aria-hidden />
        </ActionIcon>
      </Group>
    </Paper>
  );
}
