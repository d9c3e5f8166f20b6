import {
  Button,
  Divider,
  Group,
  Paper,
  Radio,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconChefHat, IconPrinter } from '@tabler/icons-react';
import { Link } from '../../../lib/router';
import { TAX_REGIMES, type TaxRegime } from '../../../../shared/gst';
import type { BranchSettings } from '../../../../shared/schemas/branch-settings.schemas';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { ListSkeleton } from '../../../components/skeletons';
import { paths } from '../../../config/paths';
import { formFeedback } from '../../../lib/form-feedback';
import { useBranchToday } from '../../../lib/use-branch-today';
import { useFocusFirstError } from '../../../lib/use-focus-first-error';
import { FormSection, HINT_BELOW } from '../components/form-section';
import { useBranchSettings, useSaveBranchSettings } from './api/branch-settings';
import { ApprovalPinCard } from './approval-pin-card';
import { ComplimentaryCard } from './complimentary-card';
import {
  SETTINGS_FIELDS,
  gstinState,
  invoiceNumberExample,
  settingsBody,
  settingsFormValues,
  type SettingsFormValues,
} from './settings-form';
import { SETTINGS_TEXT } from './settings-text';

/** /settings (manager): what every printed bill shows at its top, and the tax profile. */
export function BranchSettingsPage() {
  const settings = useBranchSettings();
  const content = () => {
    if (settings.isPending) return <ListSkeleton label={SETTINGS_TEXT.loading} rows={6} />;
    if (settings.isError) {
      return (
        <QueryError
          title={SETTINGS_TEXT.loadFailed}
          error={settings.error}
          onRetry={() => void settings.refetch()}
        />
      );
    }
    return <BranchSettingsForm settings={settings.data} />;
  };
  return (
    <Stack gap="lg" maw={760}>
      <PageHeader
        title={SETTINGS_TEXT.title}
        subtitle={SETTINGS_TEXT.subtitle}
        actions={
          // The kitchen's own settings (stations, routes, timings, void reasons), the printers.
          <Group gap="xs">
            <Button
              component={Link}
              to={paths.kitchenSettings}
              variant="default"
              leftSection={<IconChefHat size={18} aria-hidden />}
            >
              Kitchen settings
            </Button>
            <Button
              component={Link}
              to={paths.printerSettings}
              variant="default"
              leftSection={<IconPrinter size={18} aria-hidden />}
            >
              Printers
            </Button>
          </Group>
        }
      />
      {content()}
      <ComplimentaryCard />
      <ApprovalPinCard />
    </Stack>
  );
}

function BranchSettingsForm({ settings }: { settings: BranchSettings }) {
  const save = useSaveBranchSettings();
  const today = useBranchToday();
  const { formRef, focusFirstError } = useFocusFirstError(SETTINGS_FIELDS);
  const form = useForm<SettingsFormValues>({
    mode: 'controlled',
    initialValues: settingsFormValues(settings),
    validate: (values) => settingsBody(values, settings.timeZone).errors ?? {},
  });

  const submit = form.onSubmit((values) => {
    const { body } = settingsBody(values, settings.timeZone);
    if (!body) return;
    save.mutate(
      body,
      formFeedback({
        success: () => SETTINGS_TEXT.saved,
        // The server's tidy form (GSTIN and prefix upper-case, spaces trimmed).
        onDone: (saved) => form.setValues(settingsFormValues(saved)),
        fields: SETTINGS_FIELDS,
        setErrors: form.setErrors,
        focusFirstError,
        failureTitle: SETTINGS_TEXT.notSaved,
      }),
    );
  }, focusFirstError);

  const { values } = form;
  const registered = values.regime !== 'unregistered';
  const state = gstinState(values.gstin);
  const example = invoiceNumberExample(values.invoicePrefix, today);

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <form ref={formRef} onSubmit={submit} noValidate>
        <Stack gap="xl">
          <FormSection title={SETTINGS_TEXT.billHeader} hint={SETTINGS_TEXT.billHeaderHint}>
            <TextInput
              {...form.getInputProps('name')}
              name="name"
              label={SETTINGS_TEXT.name}
              withAsterisk
              autoComplete="organization"
            />
            <Textarea
              {...form.getInputProps('address')}
              name="address"
              label={SETTINGS_TEXT.address}
              withAsterisk
              autosize
              minRows={2}
              autoComplete="street-address"
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput
                {...form.getInputProps('phone')}
                name="phone"
                type="tel"
                label={SETTINGS_TEXT.phone}
                withAsterisk
                autoComplete="tel"
              />
              <TextInput
                label={SETTINGS_TEXT.timeZone}
                description={SETTINGS_TEXT.timeZoneHint}
                inputWrapperOrder={HINT_BELOW}
                value={settings.timeZone}
                readOnly
                variant="filled"
              />
            </SimpleGrid>
          </FormSection>

          <Divider />

          <FormSection title={SETTINGS_TEXT.taxTitle} hint={SETTINGS_TEXT.taxHint}>
            <Radio.Group
              {...form.getInputProps('regime')}
              name="regime"
              label={SETTINGS_TEXT.regime}
              withAsterisk
            >
              <Stack gap="xs" mt="xs">
                {TAX_REGIMES.map((regime: TaxRegime) => (
                  <Radio.Card key={regime} value={regime} radius="md" p="sm">
                    <Group wrap="nowrap" align="flex-start" gap="sm">
                      <Radio.Indicator mt={2} />
                      <div>
                        <Text fw={600} size="sm">
                          {SETTINGS_TEXT.regimes[regime].label}
                        </Text>
                        <Text size="sm" c="dimmed">
                          {SETTINGS_TEXT.regimes[regime].description}
                        </Text>
                      </div>
                    </Group>
                  </Radio.Card>
                ))}
              </Stack>
            </Radio.Group>

            <TextInput
              {...form.getInputProps('legalName')}
              name="legalName"
              label={SETTINGS_TEXT.legalName}
              description={SETTINGS_TEXT.legalNameHint}
              inputWrapperOrder={HINT_BELOW}
              autoComplete="off"
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput
                {...form.getInputProps('gstin')}
                name="gstin"
                label={registered ? SETTINGS_TEXT.gstin : SETTINGS_TEXT.gstinOptional}
                withAsterisk={registered}
                description={
                  state ? SETTINGS_TEXT.gstinState(state.name, state.code) : SETTINGS_TEXT.gstinHint
                }
                inputWrapperOrder={HINT_BELOW}
                autoComplete="off"
                maxLength={15}
                styles={{ input: { textTransform: 'uppercase' } }}
              />
              <TextInput
                {...form.getInputProps('fssai')}
                name="fssai"
                label={SETTINGS_TEXT.fssai}
                description={SETTINGS_TEXT.fssaiHint}
                inputWrapperOrder={HINT_BELOW}
                inputMode="numeric"
                autoComplete="off"
                maxLength={14}
              />
            </SimpleGrid>

            <Switch
              {...form.getInputProps('pricesIncludeTax', { type: 'checkbox' })}
              name="pricesIncludeTax"
              label={SETTINGS_TEXT.pricesIncludeTax}
              description={SETTINGS_TEXT.pricesIncludeTaxHint}
            />
            <Switch
              {...form.getInputProps('roundOff', { type: 'checkbox' })}
              name="roundOff"
              label={SETTINGS_TEXT.roundOff}
              description={SETTINGS_TEXT.roundOffHint}
            />

            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput
                {...form.getInputProps('serviceChargePercent')}
                name="serviceChargePercent"
                label={SETTINGS_TEXT.serviceCharge}
                description={SETTINGS_TEXT.serviceChargeHint}
                inputWrapperOrder={HINT_BELOW}
                inputMode="decimal"
                autoComplete="off"
                placeholder="0"
                rightSection="%"
              />
              <TextInput
                {...form.getInputProps('invoicePrefix')}
                name="invoicePrefix"
                label={SETTINGS_TEXT.invoicePrefix}
                description={
                  example ? SETTINGS_TEXT.invoicePreview(example) : SETTINGS_TEXT.invoicePrefixHint
                }
                inputWrapperOrder={HINT_BELOW}
                withAsterisk
                autoComplete="off"
                maxLength={4}
                styles={{ input: { textTransform: 'uppercase' } }}
              />
            </SimpleGrid>
          </FormSection>

          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              {SETTINGS_TEXT.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
