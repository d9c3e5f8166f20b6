import { Button, Group, Paper, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useNavigate } from '../../lib/router';
import { LABELS, MESSAGES } from '../../../shared/messages';
import { PageHeader } from '../../components/page-header';
import { paths } from '../../config/paths';
import { formFeedback } from '../../lib/form-feedback';
import { useFocusFirstError } from '../../lib/use-focus-first-error';
import { useCreateTable } from './api/save-table';
import { validateLabel } from './table-form';
import { SectionSelect, sectionIdOf } from './components/section-select';
import { TABLE_TEXT } from './table-text';

const FIELDS = ['label', 'sectionId'] as const;

/** /add-table: a table or counter by its number; back to Tables / Billing after. */
export function AddTablePage() {
  const navigate = useNavigate();
  const create = useCreateTable();
  const { formRef, focusFirstError } = useFocusFirstError(FIELDS);
  const form = useForm({
    mode: 'controlled',
    initialValues: { label: '', sectionId: '' },
    validate: { label: validateLabel },
  });

  const submit = form.onSubmit(({ label, sectionId }) => {
    create.mutate(
      { label: label.trim(), sectionId: sectionIdOf(sectionId) },
      formFeedback({
        success: () => MESSAGES.table.added,
        onDone: () => void navigate(paths.billing),
        fields: FIELDS,
        setErrors: form.setErrors,
        focusFirstError,
        failureTitle: TABLE_TEXT.saveFailed,
      }),
    );
  }, focusFirstError);

  return (
    <Stack gap="lg" maw={560}>
      <PageHeader title={LABELS.table.addTitle} />
      <Paper withBorder p={{ base: 'md', sm: 'xl' }}>
        <form ref={formRef} onSubmit={submit} noValidate>
          <Stack gap="sm">
            <TextInput
              label={LABELS.table.tableNumber}
              withAsterisk
              autoFocus
              autoComplete="off"
              {...form.getInputProps('label')}
              name="label"
            />
            <SectionSelect
              value={form.values.sectionId}
              onChange={(value) => form.setFieldValue('sectionId', value)}
              error={form.errors.sectionId}
            />
            <Group justify="flex-end" mt="sm">
              <Button component={Link} to={paths.billing} variant="default">
                {TABLE_TEXT.cancel}
              </Button>
              <Button type="submit" loading={create.isPending}>
                {LABELS.table.addTable}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
