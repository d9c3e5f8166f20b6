import { Button, Group, MultiSelect, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { DROPDOWN } from '../../../../shared/constants';
import type { InventoryItem } from '../../../../shared/schemas/inventory.schemas';
import {
  vendorBodySchema,
  type VendorBody,
  type VendorItem,
} from '../../../../shared/schemas/vendors.schemas';
import { formatQuantity } from '../../../../shared/units';
import { QueryError } from '../../../components/query-error';
import { fieldErrors } from '../../../lib/field-errors';
import { useFocusFirstError } from '../../../lib/use-focus-first-error';
import { useCategoryIngredients } from '../api/get-category-ingredients';
import { useIngredientCategories } from '../api/get-ingredient-categories';
import { VENDOR_TEXT } from '../vendor-text';

export type VendorFormValues = {
  name: string;
  contactNo: string;
  address: string;
  categories: string[];
  itemIds: string[];
};

export const VENDOR_FIELDS = ['name', 'contactNo', 'address', 'categories', 'itemIds'] as const;
/** The server names a field of a list by its index ('itemIds.3'): the form has one field. */
export const renameVendorField = (field: string) => field.split('.')[0] ?? field;

export const emptyVendorForm: VendorFormValues = {
  name: '',
  contactNo: '',
  address: '',
  categories: [],
  itemIds: [],
};

type Option = {
  id: string;
  name: string;
  category: string;
  quantity: number;
  unit: VendorItem['unit'];
};
const optionLabel = (item: Option) => `${item.name} (${formatQuantity(item.quantity, item.unit)})`;

type Props = {
  initialValues: VendorFormValues;
  /** Items the vendor supplies already (edit): shown even before their category has loaded. */
  knownItems?: VendorItem[];
  submitLabel: string;
  pending: boolean;
  onSubmit: (
    body: VendorBody,
    form: {
      setErrors: (errors: Record<string, string>) => void;
      focusFirstError: (errors: Record<string, string>) => void;
    },
  ) => void;
  onCancel: () => void;
};

/**
 * Vendor name, contact number and address (required), the categories it supplies, then per
 * chosen category the items it supplies, each labelled with its name, quantity and unit.
 */
export function VendorForm({
  initialValues,
  knownItems = [],
  submitLabel,
  pending,
  onSubmit,
  onCancel,
}: Props) {
  const categories = useIngredientCategories();
  const { formRef, focusFirstError } = useFocusFirstError(VENDOR_FIELDS);
  const form = useForm<VendorFormValues>({
    mode: 'controlled',
    initialValues,
    validate: (values) => {
      const errors: Record<string, string> = {};
      for (const [field, message] of Object.entries(
        fieldErrors(vendorBodySchema.safeParse(values).error?.issues ?? []),
      )) {
        errors[renameVendorField(field)] ??= message;
      }
      return errors;
    },
  });
  const chosen = form.values.categories;
  const itemQueries = useCategoryIngredients(chosen);

  // Every item we know of, by id: those loaded per category, and the vendor's own.
  const options = new Map<string, Option>(knownItems.map((item) => [item.id, item]));
  itemQueries.forEach((query) =>
    query.data?.items.forEach((item: InventoryItem) => options.set(item.id, item)),
  );
  const categoryOf = (id: string) => options.get(id)?.category;

  const categoryData = [...new Set([...(categories.data?.categories ?? []), ...chosen])].sort(
    (a, b) => a.localeCompare(b),
  );

  const setCategories = (next: string[]) => {
    form.setFieldValue('categories', next);
    // Items of a category no longer chosen are no longer supplied.
    form.setFieldValue(
      'itemIds',
      form.values.itemIds.filter((id) => {
        const category = categoryOf(id);
        return category === undefined || next.includes(category);
      }),
    );
  };

  const setItemsOf = (category: string, ids: string[]) =>
    form.setFieldValue('itemIds', [
      ...form.values.itemIds.filter((id) => categoryOf(id) !== category),
      ...ids,
    ]);

  const submit = form.onSubmit(
    (values) =>
      onSubmit(vendorBodySchema.parse(values), { setErrors: form.setErrors, focusFirstError }),
    focusFirstError,
  );

  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          {...form.getInputProps('name')}
          name="name"
          label={VENDOR_TEXT.vendorName}
          autoComplete="organization"
          required
          data-autofocus
        />
        <TextInput
          {...form.getInputProps('contactNo')}
          name="contactNo"
          type="tel"
          label={VENDOR_TEXT.contactNumber}
          autoComplete="tel"
          required
        />
        <Textarea
          {...form.getInputProps('address')}
          name="address"
          label={VENDOR_TEXT.address}
          autoComplete="street-address"
          autosize
          minRows={2}
          maxRows={5}
          required
        />
        {categories.isError ? (
          <QueryError
            title={VENDOR_TEXT.formDataFailed}
            error={categories.error}
            onRetry={() => void categories.refetch()}
          />
        ) : (
          <MultiSelect
            name="categories"
            label={VENDOR_TEXT.categories}
            description={
              categories.data && categoryData.length === 0
                ? VENDOR_TEXT.noCategories
                : VENDOR_TEXT.categoriesHint
            }
            placeholder={categories.isPending ? 'Loading categories...' : 'Choose categories'}
            data={categoryData}
            value={chosen}
            onChange={setCategories}
            error={form.errors.categories}
            disabled={categories.isPending}
            searchable
            clearable
            nothingFoundMessage="No such category"
            maxDropdownHeight={DROPDOWN.maxHeight}
          />
        )}
        {chosen.map((category, index) => {
          const query = itemQueries[index];
          const ids = form.values.itemIds.filter((id) => categoryOf(id) === category);
          const data = [...options.values()]
            .filter((item) => item.category === category)
            .sort((a, b) => a.name.localeCompare(b.name))
            .map((item) => ({ value: item.id, label: optionLabel(item) }));
          return (
            <MultiSelect
              key={category}
              label={VENDOR_TEXT.itemsOf(category)}
              description={VENDOR_TEXT.itemsHint}
              placeholder={query?.isPending ? 'Loading items...' : 'Choose items'}
              data={data}
              value={ids}
              onChange={(next) => setItemsOf(category, next)}
              error={query?.isError ? VENDOR_TEXT.itemsLoadFailed : undefined}
              disabled={query?.isPending && data.length === 0}
              searchable
              clearable
              nothingFoundMessage="No such item"
              maxDropdownHeight={DROPDOWN.maxHeight}
            />
          );
        })}
        {form.errors.itemIds && (
          <Text size="sm" c="red" role="alert">
            {form.errors.itemIds}
          </Text>
        )}
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onCancel}>
            {VENDOR_TEXT.cancel}
          </Button>
          <Button type="submit" loading={pending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
