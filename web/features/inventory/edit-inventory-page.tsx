import { Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPackageOff } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from '../../lib/router';
import type { InventoryItem } from '../../../shared/schemas/inventory.schemas';
import { LABELS } from '../../../shared/messages';
import { formatQuantity } from '../../../shared/units';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { QueryError } from '../../components/query-error';
import { ListSkeleton } from '../../components/skeletons';
import { paths } from '../../config/paths';
import { ApiError } from '../../lib/api';
import { formFeedback } from '../../lib/form-feedback';
import { useFocusFirstError } from '../../lib/use-focus-first-error';
import { useInventoryItem } from './api/get-inventory-item';
import { useUpdateIngredient } from './api/update-ingredient';
import { IngredientFields } from './components/ingredient-fields';
import { INGREDIENT_FIELDS, ingredientBody, type IngredientFormValues } from './ingredient-form';
import { INVENTORY_TEXT } from './inventory-text';

/** /editinventory/{id}: the item's four fields, its low-stock level and a correction's reason. */
export function EditInventoryPage() {
  const { id = '' } = useParams();
  const item = useInventoryItem(id);

  const content = () => {
    if (item.isPending) return <ListSkeleton label="Loading item..." rows={4} />;
    if (item.isError) {
      if (item.error instanceof ApiError && item.error.status === 404) {
        return (
          <EmptyState
            icon={IconPackageOff}
            message={INVENTORY_TEXT.notFound}
            action={{ label: INVENTORY_TEXT.backToInventory, to: paths.inventory }}
          />
        );
      }
      return (
        <QueryError
          title={INVENTORY_TEXT.itemLoadFailed}
          error={item.error}
          onRetry={() => void item.refetch()}
        />
      );
    }
    // Keyed by the item: a refetch after saving does not reset what is being typed elsewhere.
    return <EditInventoryForm key={item.data.id} item={item.data} />;
  };

  return (
    <Stack gap="lg" maw={640}>
      <PageHeader title={LABELS.inventory.editTitle} subtitle={item.data?.name} />
      {content()}
    </Stack>
  );
}

function EditInventoryForm({ item }: { item: InventoryItem }) {
  const navigate = useNavigate();
  const update = useUpdateIngredient();
  const { formRef, focusFirstError } = useFocusFirstError(INGREDIENT_FIELDS);
  const form = useForm<IngredientFormValues>({
    mode: 'controlled',
    initialValues: {
      category: item.category,
      name: item.name,
      quantity: String(item.quantity),
      unit: item.unit,
      lowStockThreshold: String(item.lowStockThreshold),
      reason: '',
    },
    validate: (values) => ingredientBody(values, 'update').errors ?? {},
  });

  const submit = form.onSubmit((values) => {
    const { body } = ingredientBody(values, 'update');
    if (!body) return;
    update.mutate(
      // The quantity the form started from: if stock came in or was sold since, the server
      // refuses (409, under Quantity) instead of overwriting it.
      { id: item.id, body: { ...body, expectedQuantity: item.quantity } },
      formFeedback({
        success: (saved) => INVENTORY_TEXT.updated(saved.name),
        onDone: () => void navigate(paths.inventory),
        fields: INGREDIENT_FIELDS,
        setErrors: form.setErrors,
        focusFirstError,
        failureTitle: INVENTORY_TEXT.saveFailed,
      }),
    );
  }, focusFirstError);

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <form ref={formRef} onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Now {formatQuantity(item.quantity, item.unit)} in store.
          </Text>
          <IngredientFields form={form} convertOnUnitChange />
          <TextInput
            {...form.getInputProps('reason')}
            name="reason"
            label={INVENTORY_TEXT.reason}
            description={INVENTORY_TEXT.reasonHint}
            placeholder="e.g. 2 kg spoiled"
            autoComplete="off"
          />
          <Group justify="flex-end" mt="sm">
            <Button component={Link} to={paths.inventory} variant="default">
              Cancel
            </Button>
            <Button type="submit" loading={update.isPending}>
              {LABELS.inventory.saveChanges}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
