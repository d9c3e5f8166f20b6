import { Button, Group, Paper, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useNavigate } from '../../lib/router';
import { LABELS, MESSAGES } from '../../../shared/messages';
import { PageHeader } from '../../components/page-header';
import { paths } from '../../config/paths';
import { formFeedback } from '../../lib/form-feedback';
import { useFocusFirstError } from '../../lib/use-focus-first-error';
import { useCreateIngredient } from './api/create-ingredient';
import { IngredientFields } from './components/ingredient-fields';
import { INGREDIENT_FIELDS, ingredientBody, type IngredientFormValues } from './ingredient-form';
import { INVENTORY_TEXT } from './inventory-text';

/** /add-ingredient: a new ingredient with its opening quantity; back to the dashboard after. */
export function AddIngredientPage() {
  const navigate = useNavigate();
  const create = useCreateIngredient();
  const { formRef, focusFirstError } = useFocusFirstError(INGREDIENT_FIELDS);
  const form = useForm<IngredientFormValues>({
    mode: 'controlled',
    initialValues: {
      category: '',
      name: '',
      quantity: '',
      unit: 'g',
      lowStockThreshold: '',
      reason: '',
    },
    validate: (values) => ingredientBody(values, 'create').errors ?? {},
  });

  const submit = form.onSubmit((values) => {
    const { body } = ingredientBody(values, 'create');
    if (!body) return;
    create.mutate(
      body,
      formFeedback({
        success: () => MESSAGES.inventory.ingredientAdded,
        onDone: () => void navigate(paths.inventory),
        fields: INGREDIENT_FIELDS,
        setErrors: form.setErrors,
        focusFirstError,
        failureTitle: INVENTORY_TEXT.saveFailed,
      }),
    );
  }, focusFirstError);

  return (
    <Stack gap="lg" maw={640}>
      <PageHeader title={LABELS.inventory.addIngredientTitle} />
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <form ref={formRef} onSubmit={submit} noValidate>
          <Stack gap="sm">
            <IngredientFields form={form} />
            <Group justify="flex-end" mt="sm">
              <Button component={Link} to={paths.inventory} variant="default">
                Cancel
              </Button>
              <Button type="submit" loading={create.isPending}>
                {INVENTORY_TEXT.addIngredient}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
