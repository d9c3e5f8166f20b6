import { useState } from 'react';
import { Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import { MAX_CASH_PAISE } from '../../../../shared/cash';
import { isRupeeAmount, paiseToRupeesString, rupeesToPaise } from '../../../../shared/money';
import {
  MAX_COUNTER_NAME,
  counterBodySchema,
  type CashSettings,
  type Counter,
} from '../../../../shared/schemas/cash.schemas';
import { QueryError } from '../../../components/query-error';
import { ListSkeleton } from '../../../components/skeletons';
import { ModalFormActions, SubjectModal } from '../../../components/subject-modal';
import { fieldErrors } from '../../../lib/field-errors';
import { formFeedback } from '../../../lib/form-feedback';
import { useCashSettings } from '../api/get-cash-settings';
import { useCounters } from '../api/get-counters';
import { useSaveCashSettings } from '../api/save-cash-settings';
import { useSaveCounter } from '../api/save-counter';
import { CASH_SCREEN_TEXT as TEXT } from '../cash-text';

/** The difference limit and the counters (add, rename): the manager's drawer settings. */
export function CashSettingsCard() {
  const settings = useCashSettings();
  return (
    <Stack gap="lg">
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4">
            {TEXT.settings}
          </Title>
          <Text size="sm" c="dimmed">
            {TEXT.settingsHint}
          </Text>
        </div>
        {settings.isPending ? (
          <ListSkeleton label={TEXT.settings} rows={1} />
        ) : settings.isError ? (
          <QueryError
            title={TEXT.settingsLoadFailed}
            error={settings.error}
            onRetry={() => void settings.refetch()}
          />
        ) : (
          <LimitForm settings={settings.data} />
        )}
      </Stack>
      <Counters />
    </Stack>
  );
}

function LimitForm({ settings }: { settings: CashSettings }) {
  const save = useSaveCashSettings();
  const form = useForm({
    mode: 'controlled',
    initialValues: { limit: paiseToRupeesString(settings.differenceLimitPaise) },
  });
  const submit = form.onSubmit(({ limit }) => {
    const text = limit.trim();
    const paise = text !== '' && isRupeeAmount(text) ? rupeesToPaise(text) : null;
    if (paise === null || paise > MAX_CASH_PAISE) {
      form.setErrors({ limit: TEXT.limitRequired });
      return;
    }
    save.mutate(
      { differenceLimitPaise: paise },
      formFeedback({
        success: () => TEXT.settingsSaved,
        fields: ['limit'],
        rename: () => 'limit',
        setErrors: form.setErrors,
        failureTitle: TEXT.settingsNotSaved,
      }),
    );
  });
  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          {...form.getInputProps('limit')}
          name="limit"
          label={TEXT.limit}
          description={TEXT.limitHint}
          inputMode="decimal"
          autoComplete="off"
          leftSection="₹"
          style={{ flex: '0 1 220px' }}
        />
        <Button type="submit" loading={save.isPending}>
          {TEXT.save}
        </Button>
      </Group>
    </form>
  );
}

function Counters() {
  const counters = useCounters();
  const [editing, setEditing] = useState<Counter | 'new' | null>(null);
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <div style={{ flex: '1 1 200px' }}>
          <Title order={3} size="h5">
            {TEXT.counters}
          </Title>
          <Text size="sm" c="dimmed">
            {TEXT.countersHint}
          </Text>
        </div>
        <Button
          variant="light"
          leftSection={<IconPlus size={18} aria-hidden />}
          onClick={() => setEditing('new')}
        >
          {TEXT.addCounter}
        </Button>
      </Group>
      {counters.isPending ? (
        <ListSkeleton label={TEXT.counters} rows={2} />
      ) : counters.isError ? (
        <QueryError
          title={TEXT.loadFailed}
          error={counters.error}
          onRetry={() => void counters.refetch()}
        />
      ) : (
        <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {counters.data.items.map((counter) => (
            <Group
              key={counter.id}
              component="li"
              justify="space-between"
              wrap="nowrap"
              gap="sm"
              py={6}
              style={{ borderBottom: '1px solid var(--tf-line)' }}
            >
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {counter.name}
              </Text>
              <Button
                size="compact-sm"
                variant="subtle"
                leftSection={<IconPencil size={16} aria-hidden />}
                aria-label={TEXT.renameLabel(counter.name)}
                onClick={() => setEditing(counter)}
              >
                {TEXT.rename}
              </Button>
            </Group>
          ))}
        </Stack>
      )}
      <SubjectModal
        subject={editing}
        onClose={() => setEditing(null)}
        title={(subject) => (subject === 'new' ? TEXT.addCounter : TEXT.renameTitle(subject.name))}
      >
        {(subject) => (
          <CounterForm
            counter={subject === 'new' ? null : subject}
            onClose={() => setEditing(null)}
          />
        )}
      </SubjectModal>
    </Stack>
  );
}

function CounterForm({ counter, onClose }: { counter: Counter | null; onClose: () => void }) {
  const save = useSaveCounter();
  const form = useForm({ mode: 'controlled', initialValues: { name: counter?.name ?? '' } });
  const submit = form.onSubmit((values) => {
    const parsed = counterBodySchema.safeParse(values);
    if (!parsed.success) {
      form.setErrors(fieldErrors(parsed.error.issues));
      return;
    }
    save.mutate(
      { id: counter?.id ?? null, body: parsed.data },
      formFeedback({
        success: (saved) =>
          counter ? TEXT.counterSaved(saved.name) : TEXT.counterAdded(saved.name),
        onDone: onClose,
        fields: ['name'],
        setErrors: form.setErrors,
        failureTitle: TEXT.counterNotSaved,
      }),
    );
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          {...form.getInputProps('name')}
          name="name"
          label={TEXT.counterName}
          placeholder={TEXT.counterPlaceholder}
          maxLength={MAX_COUNTER_NAME}
          autoComplete="off"
          withAsterisk
          data-autofocus
        />
        <ModalFormActions
          submitLabel={counter ? TEXT.save : TEXT.addCounter}
          onCancel={onClose}
          loading={save.isPending}
        />
      </Stack>
    </form>
  );
}
