import {
  Alert,
  Anchor,
  Autocomplete,
  Button,
  Checkbox,
  Group,
  MultiSelect,
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
import { Link } from '../../../lib/router';
import { MAX_PRODUCT_ADDON_GROUPS } from '../../../../shared/menu';
import { formatInr } from '../../../../shared/money';
import type { Product, ProductBody } from '../../../../shared/schemas/products.schemas';
import { LABELS } from '../../../../shared/messages';
import { QueryError } from '../../../components/query-error';
import { paths } from '../../../config/paths';
import { formFeedback } from '../../../lib/form-feedback';
import { useFocusFirstError } from '../../../lib/use-focus-first-error';
import { useAddonGroups } from '../api/addon-groups';
import { useIngredientChoices } from '../api/get-ingredient-choices';
import { useSubcategories } from '../api/get-subcategories';
import { choicesRuleText } from '../addon-group-form';
import {
  GST_RATE_OPTIONS,
  productBody,
  productFormFields,
  type ProductFormValues,
} from '../product-form';
import { PRODUCT_TEXT } from '../product-text';
import { ColourPicker } from './colour';
import { RecipeRows } from './recipe-rows';
import { VariantsSection } from './variants-section';

type Props = {
  initialValues: ProductFormValues;
  submitLabel: string;
  success: string;
  pending: boolean;
  /** Sends the body; calls back like a mutation's `mutate`. */
  save: (body: ProductBody, feedback: ReturnType<typeof formFeedback<Product>>) => void;
  onDone: () => void;
};

/**
 * Add New Product and Edit Product: name and short code, price (or its variants' prices),
 * subcategory, tax, card colour, variants, add-on groups and the recipe rows.
 */
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
  const hasVariants = form.values.variants.length > 0;

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
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput
              {...form.getInputProps('name')}
              name="name"
              label={LABELS.product.productName}
              autoComplete="off"
              required
            />
            <TextInput
              {...form.getInputProps('shortCode')}
              onChange={(event) =>
                form.setFieldValue('shortCode', event.currentTarget.value.toUpperCase())
              }
              name="shortCode"
              label={PRODUCT_TEXT.shortCode}
              description={PRODUCT_TEXT.shortCodeHint}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={8}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            {hasVariants ? (
              <Stack gap={2} role="note">
                <Text size="sm" fw={500}>
                  {LABELS.product.price}
                </Text>
                <Text size="sm" fw={600}>
                  {PRODUCT_TEXT.pricedByVariants}
                </Text>
                <Text size="xs" c="dimmed">
                  {PRODUCT_TEXT.pricedByVariantsHint}
                </Text>
              </Stack>
            ) : (
              <TextInput
                {...form.getInputProps('price')}
                name="price"
                label={LABELS.product.price}
                inputMode="decimal"
                autoComplete="off"
                leftSection="₹"
                required
              />
            )}
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
          <ColourPicker
            value={form.values.colour}
            onChange={(colour) => form.setFieldValue('colour', colour)}
          />

          <VariantsSection form={form} items={choices.data ?? []} loading={choices.isPending} />
          <AddonsField form={form} />

          <Stack gap="xs" mt="sm">
            <Title order={2} size="h4">
              {PRODUCT_TEXT.ingredientsTitle}
            </Title>
            <Text size="sm" c="dimmed">
              {hasVariants && `${PRODUCT_TEXT.productRecipeWithVariants} `}
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
              <RecipeRows
                form={form}
                path="ingredients"
                rows={form.values.ingredients}
                items={choices.data ?? []}
                loading={choices.isPending}
                keepOne
                addLabel={LABELS.product.addMoreIngredients}
              />
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

/** The add-on groups the product offers, in the order chosen, with a link to manage them. */
function AddonsField({ form }: { form: UseFormReturnType<ProductFormValues> }) {
  const groups = useAddonGroups();
  const data = (groups.data ?? []).map((group) => ({
    value: group.id,
    label: `${group.name} (${choicesRuleText(group)})`,
  }));
  const manage = (
    <Anchor component={Link} to={paths.addonGroups} size="sm">
      {PRODUCT_TEXT.manageAddonGroups}
    </Anchor>
  );
  return (
    <Stack gap="xs" mt="sm">
      <Group justify="space-between" align="baseline" gap="xs">
        <Title order={2} size="h4">
          {PRODUCT_TEXT.addons}
        </Title>
        {manage}
      </Group>
      {groups.isError ? (
        <QueryError
          title={PRODUCT_TEXT.addonsLoadFailed}
          error={groups.error}
          onRetry={() => void groups.refetch()}
        />
      ) : groups.data?.length === 0 ? (
        <Text size="sm" c="dimmed">
          {PRODUCT_TEXT.noAddonGroups}
        </Text>
      ) : (
        <MultiSelect
          {...form.getInputProps('addonGroupIds')}
          name="addonGroupIds"
          label={PRODUCT_TEXT.addonGroupsButton}
          description={PRODUCT_TEXT.addonsHint}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          data={data}
          disabled={groups.isPending}
          maxValues={MAX_PRODUCT_ADDON_GROUPS}
          searchable
          clearable
          hidePickedOptions
          renderOption={({ option }) => {
            const group = groups.data?.find((g) => g.id === option.value);
            return (
              <Stack gap={0}>
                <Text size="sm">{option.label}</Text>
                {group && (
                  <Text size="xs" c="dimmed">
                    {group.options
                      .map((o) =>
                        `${o.name} ${o.pricePaise > 0 ? `+${formatInr(o.pricePaise)}` : ''}`.trim(),
                      )
                      .join(' · ')}
                  </Text>
                )}
              </Stack>
            );
          }}
        />
      )}
    </Stack>
  );
}
