import {
  Alert,
  Button,
  Group,
  Modal,
  MultiSelect,
  NumberInput,
  Radio,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconInfoCircle } from '@tabler/icons-react';
import {
  MAX_COPIES,
  PRINTER_CONNECTIONS,
  type PrinterConnection,
} from '../../../../shared/printing';
import {
  MAX_PRINTER_HOST,
  MAX_PRINTER_NAME,
  type Printer,
} from '../../../../shared/schemas/printing.schemas';
import { formFeedback } from '../../../lib/form-feedback';
import { useFocusFirstError } from '../../../lib/use-focus-first-error';
import { useSavePrinter, useStationChoices } from '../api/printers';
import { deviceSupport } from '../device-printer';
import {
  PRINTER_FIELDS,
  printerBody,
  printerFormValues,
  type PrinterFormValues,
} from '../printer-form';
import { PRINTING_TEXT as TEXT } from '../printing-text';

/** Add a printer (`printer` null) or edit one, in a modal; `opened` false: closed. */
export function PrinterFormModal({
  opened,
  printer,
  onClose,
}: {
  opened: boolean;
  printer: Printer | null;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={printer ? TEXT.editTitle(printer.name) : TEXT.addTitle}
      size="lg"
    >
      {/* A new form each time it opens: it starts from the printer as saved. */}
      {opened && <PrinterForm printer={printer} onClose={onClose} />}
    </Modal>
  );
}

function PrinterForm({ printer, onClose }: { printer: Printer | null; onClose: () => void }) {
  const save = useSavePrinter();
  const stations = useStationChoices();
  const support = deviceSupport();
  const { formRef, focusFirstError } = useFocusFirstError(PRINTER_FIELDS);
  const form = useForm<PrinterFormValues>({
    mode: 'controlled',
    initialValues: printerFormValues(printer),
  });
  const values = form.getValues();
  // USB and serial only where this browser can reach them (a saved one stays choosable).
  const offered = PRINTER_CONNECTIONS.filter(
    (connection: PrinterConnection) =>
      connection === 'network' ||
      connection === 'browser' ||
      support[connection] ||
      printer?.connection === connection,
  );
  const missingDevices = TEXT.deviceOptionsMissing(!support.usb, !support.serial);

  const submit = form.onSubmit((current) => {
    const checked = printerBody(current);
    if (!checked.body) {
      form.setErrors(checked.errors);
      focusFirstError(checked.errors);
      return;
    }
    save.mutate(
      { id: printer?.id ?? null, body: checked.body },
      formFeedback({
        success: (saved) => (printer ? TEXT.saved(saved.name) : TEXT.added(saved.name)),
        onDone: onClose,
        fields: PRINTER_FIELDS,
        setErrors: form.setErrors,
        focusFirstError,
        failureTitle: TEXT.notSaved,
      }),
    );
  });

  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          {...form.getInputProps('name')}
          name="name"
          label={TEXT.name}
          placeholder={TEXT.namePlaceholder}
          maxLength={MAX_PRINTER_NAME}
          autoComplete="off"
          withAsterisk
          data-autofocus
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="paper-width-label">
            {TEXT.paperWidth}
          </Text>
          <SegmentedControl
            aria-labelledby="paper-width-label"
            value={values.paperWidth}
            onChange={(width) => form.setFieldValue('paperWidth', width as '58' | '80')}
            data={[
              { value: '58', label: TEXT.widthLabel(58) },
              { value: '80', label: TEXT.widthLabel(80) },
            ]}
            maw={260}
          />
          <Text size="xs" c="var(--tf-muted)">
            {TEXT.widthHint[Number(values.paperWidth)]}
          </Text>
        </Stack>
        <Radio.Group
          name="connection"
          label={TEXT.connection}
          value={values.connection}
          error={form.errors.connection}
          onChange={(connection) =>
            form.setFieldValue('connection', connection as PrinterConnection)
          }
        >
          <Stack gap="xs" mt={6}>
            {offered.map((connection) => (
              <Radio
                key={connection}
                value={connection}
                label={TEXT.connections[connection]}
                description={TEXT.connectionHint[connection]}
              />
            ))}
          </Stack>
        </Radio.Group>
        {missingDevices && (
          <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} aria-hidden />}>
            {missingDevices}
          </Alert>
        )}
        {values.connection === 'network' && (
          <Group align="flex-start" gap="sm" wrap="wrap">
            <TextInput
              {...form.getInputProps('host')}
              name="host"
              label={TEXT.host}
              placeholder={TEXT.hostPlaceholder}
              maxLength={MAX_PRINTER_HOST}
              inputMode="decimal"
              autoComplete="off"
              spellCheck={false}
              withAsterisk
              style={{ flex: '1 1 200px' }}
            />
            <TextInput
              {...form.getInputProps('port')}
              name="port"
              label={TEXT.port}
              description={TEXT.portHint}
              inputMode="numeric"
              autoComplete="off"
              style={{ flex: '0 1 180px' }}
            />
          </Group>
        )}
        <Switch
          {...form.getInputProps('printsBills', { type: 'checkbox' })}
          name="printsBills"
          label={TEXT.printsBills}
          description={TEXT.printsBillsHint}
        />
        <Switch
          {...form.getInputProps('printsKots', { type: 'checkbox' })}
          name="printsKots"
          label={TEXT.printsKots}
          description={TEXT.printsKotsHint}
        />
        {values.printsKots &&
          (stations.isError ? (
            <Text size="sm" c="var(--tf-muted)">
              {TEXT.stationsFailed}
            </Text>
          ) : (
            <MultiSelect
              {...form.getInputProps('kotStationIds')}
              name="kotStationIds"
              label={TEXT.stations}
              description={TEXT.stationsHint}
              placeholder={values.kotStationIds.length === 0 ? TEXT.stationsPlaceholder : undefined}
              data={(stations.data ?? []).map((station) => ({
                value: station.id,
                label: station.name,
              }))}
              disabled={stations.isPending}
              clearable
              comboboxProps={{ withinPortal: true }}
            />
          ))}
        <NumberInput
          {...form.getInputProps('copies')}
          name="copies"
          label={TEXT.copies}
          description={TEXT.copiesHint}
          min={1}
          max={MAX_COPIES}
          allowDecimal={false}
          allowNegative={false}
          maw={180}
        />
        <Switch
          {...form.getInputProps('cashDrawer', { type: 'checkbox' })}
          name="cashDrawer"
          label={TEXT.cashDrawer}
          description={TEXT.cashDrawerHint}
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            {TEXT.cancel}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {printer ? TEXT.save : TEXT.add}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
