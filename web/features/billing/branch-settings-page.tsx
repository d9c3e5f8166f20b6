import { Button, Group, Paper, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  branchSettingsBodySchema,
  type BranchSettings,
} from '../../../shared/schemas/billing.schemas';
import { PageHeader } from '../../components/page-header';
import { QueryError } from '../../components/query-error';
import { ListSkeleton } from '../../components/skeletons';
import { fieldErrors } from '../../lib/field-errors';
import { formFeedback } from '../../lib/form-feedback';
import { useFocusFirstError } from '../../lib/use-focus-first-error';
import { useBranchSettings, useSaveBranchSettings } from './api/branch-settings';
import { BILLING_TEXT } from './billing-text';

const FIELDS = ['name', 'address', 'phone', 'gstin'] as const;
type Values = Record<(typeof FIELDS)[number], string>;

const valuesOf = (settings: BranchSettings): Values => ({
  name: settings.name,
  address: settings.address ?? '',
  phone: settings.phone ?? '',
  gstin: settings.gstin ?? '',
});

/** /settings (manager): what every printed bill shows at its top. */
export function BranchSettingsPage() {
  const settings = useBranchSettings();
  const content = () => {
    if (settings.isPending) return <ListSkeleton label="Loading settings..." rows={4} />;
    if (settings.isError) {
      return (
        <QueryError
          title={BILLING_TEXT.settingsLoadFailed}
          error={settings.error}
          onRetry={() => void settings.refetch()}
        />
      );
    }
    return <BranchSettingsForm settings={settings.data} />;
  };
  return (
    <Stack gap="lg" maw={640}>
      <PageHeader title={BILLING_TEXT.settingsTitle} subtitle={BILLING_TEXT.settingsSubtitle} />
      {content()}
    </Stack>
  );
}

function BranchSettingsForm({ settings }: { settings: BranchSettings }) {
  const save = useSaveBranchSettings();
  const { formRef, focusFirstError } = useFocusFirstError(FIELDS);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: valuesOf(settings),
    validate: (values) =>
      fieldErrors(
        branchSettingsBodySchema.safeParse({ ...values, timeZone: settings.timeZone }).error
          ?.issues ?? [],
      ),
  });

  const submit = form.onSubmit((values) => {
    save.mutate(
      { ...values, timeZone: settings.timeZone },
      formFeedback({
        success: () => BILLING_TEXT.settingsSaved,
        // The server's tidy form (GSTIN upper-case, spaces trimmed).
        onDone: (saved) => form.setValues(valuesOf(saved)),
        fields: FIELDS,
        setErrors: form.setErrors,
        focusFirstError,
        failureTitle: BILLING_TEXT.settingsNotSaved,
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
            label={BILLING_TEXT.name}
            withAsterisk
            autoComplete="organization"
          />
          <Textarea
            {...form.getInputProps('address')}
            name="address"
            label={BILLING_TEXT.address}
            withAsterisk
            autosize
            minRows={2}
            autoComplete="street-address"
          />
          <TextInput
            {...form.getInputProps('phone')}
            name="phone"
            type="tel"
            label={BILLING_TEXT.phoneLabel}
            withAsterisk
            autoComplete="tel"
          />
          <TextInput
            {...form.getInputProps('gstin')}
            name="gstin"
            label={BILLING_TEXT.gstinLabel}
            description={BILLING_TEXT.gstinHint}
            autoComplete="off"
            maxLength={15}
            styles={{ input: { textTransform: 'uppercase' } }}
          />
          <TextInput
            label={BILLING_TEXT.timeZone}
            description={BILLING_TEXT.timeZoneHint}
            value={settings.timeZone}
            readOnly
            variant="filled"
          />
          <Group justify="flex-end" mt="sm">
            <Button type="submit" loading={save.isPending}>
              {BILLING_TEXT.saveSettings}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
