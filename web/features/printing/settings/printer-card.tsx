import { useState } from 'react';
import { Badge, Button, Group, Paper, Stack, Switch, Text } from '@mantine/core';
import { IconCash, IconPencil, IconPrinter, IconTrash } from '@tabler/icons-react';
import type { PrintJob, Printer } from '../../../../shared/schemas/printing.schemas';
import { PrintStateBadge } from '../../../components/print-status';
import { pairingOf, rememberPairing } from '../device-pairing';
import { PRINTING_TEXT as TEXT } from '../printing-text';

/** One printer: its name, paper, how it is reached, what it prints; test, edit, archive. */
export function PrinterCard({
  printer,
  stationNames,
  testJob,
  testing,
  onTest,
  onEdit,
  onArchive,
}: {
  printer: Printer;
  stationNames: ReadonlyMap<string, string>;
  /** The latest test page of this printer sent from this screen (network printers). */
  testJob: PrintJob | null;
  testing: boolean;
  onTest: () => void;
  onEdit: () => void;
  onArchive: () => void;
}) {
  const device = printer.connection === 'usb' || printer.connection === 'serial';
  const pairing = device ? pairingOf(printer.id) : null;
  // A print-window printer is this device's when the cashier says so (then it prints after a sale).
  const [usedHere, setUsedHere] = useState(() => pairingOf(printer.id)?.kind === 'browser');
  const reached =
    printer.connection === 'network'
      ? `${printer.host ?? ''}:${printer.port ?? ''}`
      : TEXT.connectionShort[printer.connection];
  const stations = printer.kotStationIds.map((id) => stationNames.get(id) ?? '—');
  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p="md"
      aria-label={printer.name}
      data-testid="printer-card"
    >
      <Stack gap={8}>
        <Group justify="space-between" wrap="wrap" gap="xs" align="flex-start">
          <Stack gap={2} miw={0} style={{ flex: '1 1 200px' }}>
            <Group gap={6} wrap="wrap">
              <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
                {printer.name}
              </Text>
              <Badge size="sm" variant="light" color="gray" c="#343a40">
                {TEXT.widthLabel(printer.paperWidth)}
              </Badge>
              <Badge size="sm" variant="light" color="blue" c="#1b4b8a">
                {TEXT.connectionShort[printer.connection]}
              </Badge>
            </Group>
            <Text size="sm" c="var(--tf-muted)" style={{ overflowWrap: 'anywhere' }}>
              {printer.connection === 'network' ? reached : TEXT.connectionHint[printer.connection]}
            </Text>
          </Stack>
          <Group gap={4} wrap="wrap">
            <Button
              size="compact-sm"
              variant="light"
              leftSection={<IconPrinter size={16} aria-hidden />}
              aria-label={TEXT.testPrintLabel(printer.name)}
              loading={testing}
              onClick={onTest}
            >
              {TEXT.testPrint}
            </Button>
            <Button
              size="compact-sm"
              variant="subtle"
              leftSection={<IconPencil size={16} aria-hidden />}
              aria-label={TEXT.editLabel(printer.name)}
              onClick={onEdit}
            >
              {TEXT.edit}
            </Button>
            <Button
              size="compact-sm"
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={16} aria-hidden />}
              aria-label={TEXT.archiveLabel(printer.name)}
              onClick={onArchive}
            >
              {TEXT.archive}
            </Button>
          </Group>
        </Group>
        <Group gap="md" wrap="wrap">
          <Text size="sm">
            <Text span fw={600}>
              {TEXT.prints}:
            </Text>{' '}
            {TEXT.printsWhat(printer.printsBills, printer.printsKots, stations)}
          </Text>
          <Text size="sm">{TEXT.copiesCount(printer.copies)}</Text>
          {printer.cashDrawer && (
            <Group gap={4} wrap="nowrap">
              <IconCash size={16} aria-hidden />
              <Text size="sm">{TEXT.drawer}</Text>
            </Group>
          )}
          {device && (
            <Text size="sm" c={pairing ? '#22672f' : 'var(--tf-muted)'}>
              {pairing ? TEXT.paired : TEXT.notPaired}
            </Text>
          )}
        </Group>
        {printer.connection === 'browser' && (printer.printsBills || printer.printsKots) && (
          <Switch
            label={TEXT.printHere}
            description={TEXT.thisDeviceHint(printer.printsBills, printer.printsKots)}
            checked={usedHere}
            onChange={(event) => {
              const on = event.currentTarget.checked;
              rememberPairing(printer.id, on ? { kind: 'browser' } : null);
              setUsedHere(on);
            }}
          />
        )}
        {testJob && (
          <Group gap={6} wrap="wrap" role="status" data-testid="test-state">
            <Text size="sm">{TEXT.testState}:</Text>
            <PrintStateBadge state={testJob.state} />
            {testJob.state === 'failed' && testJob.error && (
              <Text size="sm" c="var(--mantine-color-error)">
                {testJob.error}
              </Text>
            )}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
