import {
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconGift } from '@tabler/icons-react';
import type { ComplimentarySettings } from '../../../../shared/schemas/complimentary.schemas';
import { QueryError } from '../../../components/query-error';
import { ListSkeleton } from '../../../components/skeletons';
import { formFeedback } from '../../../lib/form-feedback';
import { useFocusFirstError } from '../../../lib/use-focus-first-error';
import {
  useComplimentarySettings,
  useSaveComplimentarySettings,
} from './api/complimentary-settings';
import {
  complimentaryBody,
  complimentaryFormValues,
  type ComplimentaryFormValues,
} from './complimentary-form';

const FIELDS = ['reasons', 'limitRupees'] as const;

export const NC_SETTINGS_TEXT = {
  title: 'Complimentary items',
  explain:
    'Staff meals and items on the house (NC): the reasons staff choose from, and the menu value on one order above which staff need a manager’s approval PIN. They print at ₹0.00 and are not taxed.',
  reasons: 'Reasons',
  reasonsHint: 'One reason a line, up to 20',
  limit: 'Approval limit (₹)',
  limitHint: 'Above this menu value on one order, staff need a manager’s PIN',
  limitInvalid: 'Enter an amount in rupees, e.g. 500',
  save: 'Save complimentary settings',
  saved: 'Complimentary settings saved.',
  notSaved: 'The complimentary settings could not be saved',
  loading: 'Loading complimentary settings...',
  loadFailed: 'The complimentary settings could not be loaded.',
} as const;
const text = NC_SETTINGS_TEXT;

/** Settings (manager): the reasons for complimentary items and the approval limit. */
export function ComplimentaryCard() {
  const settings = useComplimentarySettings();
  const content = () => {
    if (settings.isPending) return <ListSkeleton label={text.loading} rows={3} />;
    if (settings.isError) {
      return (
        <QueryError
          title={text.loadFailed}
          error={settings.error}
          onRetry={() => void settings.refetch()}
        />
      );
    }
    return <ComplimentaryForm settings={settings.data} />;
  };
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'xl' }}
      component="section"
      aria-labelledby="complimentary-title"
    >
      <Stack gap="md">
        <Group gap="xs" wrap="nowrap">
          <IconGift size={22} aria-hidden />
          <Title order={2} size="h4" id="complimentary-title">
            {text.title}
          </Title>
        </Group>
        <Text size="sm" c="dimmed">
          {text.explain}
        </Text>
        {content()}
      </Stack>
    </Paper>
  );
}

function ComplimentaryForm({ settings }: { settings: ComplimentarySettings }) {
  const save = useSaveComplimentarySettings();
  const { formRef, focusFirstError } = useFocusFirstError(FIELDS);
  const form = useForm<ComplimentaryFormValues>({
    mode: 'controlled',
    initialValues: complimentaryFormValues(settings),
    validate: {
      limitRupees: (_, values) => (complimentaryBody(values) ? null : text.limitInvalid),
    },
  });
  const submit = form.onSubmit((values) => {
    const body = complimentaryBody(values);
    if (!body) return;
    save.mutate(
      body,
      formFeedback({
        success: () => text.saved,
        onDone: (saved) => form.setValues(complimentaryFormValues(saved)),
        fields: FIELDS,
        // A reason's own message ('reasons.2') belongs to the list; the limit is in rupees here.
        rename: (field) =>
          field === 'limitPaise' ? 'limitRupees' : (field.split('.')[0] ?? field),
        setErrors: form.setErrors,
        focusFirstError,
        failureTitle: text.notSaved,
      }),
    );
  }, focusFirstError);
  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Textarea
            {...form.getInputProps('reasons')}
            name="reasons"
            label={text.reasons}
            description={text.reasonsHint}
            autosize
            minRows={5}
          />
          <TextInput
            {...form.getInputProps('limitRupees')}
            name="limitRupees"
            label={text.limit}
            description={text.limitHint}
            inputMode="decimal"
            leftSection="₹"
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {text.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
