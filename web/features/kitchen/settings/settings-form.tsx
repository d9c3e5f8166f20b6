import {
  Button,
  NumberInput,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import type { KitchenSettings } from '../../../../shared/schemas/kitchen.schemas';
import { formFeedback } from '../../../lib/form-feedback';
import { useFocusFirstError } from '../../../lib/use-focus-first-error';
import { useSaveKitchenSettings } from '../api/kitchen-setup';
import { KITCHEN_SETTINGS_TEXT as TEXT } from '../kitchen-text';
import { reasonsOf } from './station-order';

const FIELDS = ['amberAfterMinutes', 'redAfterMinutes', 'autoSendOnLeave', 'voidReasons'] as const;

interface Values {
  amberAfterMinutes: number | string;
  redAfterMinutes: number | string;
  autoSendOnLeave: boolean;
  voidReasons: string;
}

const valuesOf = (settings: KitchenSettings): Values => ({
  amberAfterMinutes: settings.amberAfterMinutes,
  redAfterMinutes: settings.redAfterMinutes,
  autoSendOnLeave: settings.autoSendOnLeave,
  voidReasons: settings.voidReasons.join('\n'),
});

/** The display's amber and red minutes, sending on leaving the table, the void reasons. */
export function SettingsForm({ settings }: { settings: KitchenSettings }) {
  const save = useSaveKitchenSettings();
  const { formRef, focusFirstError } = useFocusFirstError(FIELDS);
  const form = useForm<Values>({ mode: 'controlled', initialValues: valuesOf(settings) });

  const submit = form.onSubmit((values) => {
    save.mutate(
      {
        amberAfterMinutes: Number(values.amberAfterMinutes),
        redAfterMinutes: Number(values.redAfterMinutes),
        autoSendOnLeave: values.autoSendOnLeave,
        voidReasons: reasonsOf(values.voidReasons),
      },
      formFeedback({
        success: () => TEXT.settingsSaved,
        onDone: (saved) => form.setValues(valuesOf(saved)),
        fields: FIELDS,
        // A reason's own message ('voidReasons.2') belongs to the list's field.
        rename: (field) => field.split('.')[0] ?? field,
        setErrors: form.setErrors,
        focusFirstError,
        failureTitle: TEXT.notSaved,
      }),
    );
  });

  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      <Stack gap="md">
        <div>
          <Title order={2} size="h4">
            {TEXT.timings}
          </Title>
          <Text size="sm" c="dimmed">
            {TEXT.timingsHint}
          </Text>
        </div>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <NumberInput
            {...form.getInputProps('amberAfterMinutes')}
            name="amberAfterMinutes"
            label={TEXT.amberAfter}
            min={1}
            max={240}
            allowDecimal={false}
          />
          <NumberInput
            {...form.getInputProps('redAfterMinutes')}
            name="redAfterMinutes"
            label={TEXT.redAfter}
            min={1}
            max={240}
            allowDecimal={false}
          />
        </SimpleGrid>
        <Switch
          {...form.getInputProps('autoSendOnLeave', { type: 'checkbox' })}
          name="autoSendOnLeave"
          label={TEXT.autoSend}
          description={TEXT.autoSendHint}
          size="md"
        />
        <Textarea
          {...form.getInputProps('voidReasons')}
          name="voidReasons"
          label={TEXT.voidReasons}
          description={TEXT.voidReasonsHint}
          autosize
          minRows={4}
        />
        <div>
          <Button type="submit" loading={save.isPending}>
            {TEXT.saveSettings}
          </Button>
        </div>
      </Stack>
    </form>
  );
}
