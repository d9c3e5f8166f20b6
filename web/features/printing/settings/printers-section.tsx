import { useState } from 'react';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus, IconPrinter } from '@tabler/icons-react';
import { MAX_PRINTERS } from '../../../../shared/printing';
import type { PrintJob, Printer } from '../../../../shared/schemas/printing.schemas';
import { confirmAction } from '../../../components/confirm';
import { EmptyState } from '../../../components/empty-state';
import { notifyActionFailure, notifyFailure, notifySuccess } from '../../../lib/form-feedback';
import { usePrintJobs } from '../api/print-jobs';
import {
  testPageBytes,
  useArchivePrinter,
  useQueueTestPage,
  useStationChoices,
} from '../api/printers';
import { DevicePrinterError, choosePrinterDevice, writeToPairedDevice } from '../device-printer';
import { PRINTING_TEXT as TEXT } from '../printing-text';
import { openTestPageWindow } from '../test-page-window';
import { PrinterCard } from './printer-card';
import { PrinterFormModal } from './printer-form-modal';

/** The test page job a POST answered (the job, or an object holding it). */
const jobOf = (answer: PrintJob | { job: PrintJob }): PrintJob =>
  'job' in answer ? answer.job : answer;

/** The branch's printers: add, edit, archive, test print. */
export function PrintersSection({ printers }: { printers: readonly Printer[] }) {
  const [editing, setEditing] = useState<Printer | 'new' | null>(null);
  const archive = useArchivePrinter();
  const queueTest = useQueueTestPage();
  const jobs = usePrintJobs();
  const stations = useStationChoices();
  const [tests, setTests] = useState<Record<string, PrintJob>>({});
  const [writing, setWriting] = useState<string | null>(null);
  const stationNames = new Map((stations.data ?? []).map((station) => [station.id, station.name]));

  // The test page's job as it is now: the queue follows it live ('print.changed').
  const testJobOf = (printer: Printer) => {
    const sent = tests[printer.id];
    if (!sent) return null;
    return jobs.data?.items.find((job) => job.id === sent.id) ?? sent;
  };

  const remove = (printer: Printer) =>
    confirmAction({
      title: TEXT.archiveTitle(printer.name),
      message: TEXT.archiveMessage,
      confirmLabel: TEXT.archive,
      danger: true,
      onConfirm: () =>
        archive.mutate(printer.id, {
          onSuccess: () => notifySuccess(TEXT.archived(printer.name)),
          onError: (error) => notifyActionFailure(error, TEXT.notArchived),
        }),
    });

  const test = async (printer: Printer) => {
    if (printer.connection === 'network') {
      queueTest.mutate(printer.id, {
        onSuccess: (answer) => {
          setTests((current) => ({ ...current, [printer.id]: jobOf(answer) }));
          notifySuccess(TEXT.testQueued(printer.name));
        },
        onError: (error) => notifyActionFailure(error, TEXT.testFailed),
      });
      return;
    }
    if (printer.connection === 'browser') {
      if (!openTestPageWindow(printer)) notifyFailure(TEXT.testFailed);
      return;
    }
    // USB or serial: the browser asks which device (this click is the user's gesture), then
    // this device writes the test page's bytes to it.
    setWriting(printer.id);
    try {
      await choosePrinterDevice(printer.id, printer.connection);
      await writeToPairedDevice(printer.id, await testPageBytes(printer.id));
      notifySuccess(TEXT.deviceWritten(printer.name));
    } catch (error) {
      const reason =
        error instanceof DevicePrinterError || (error as Error).name === 'NotFoundError'
          ? error instanceof DevicePrinterError
            ? error.message
            : TEXT.noDevice
          : undefined;
      if (reason) notifyFailure(TEXT.testFailed, reason);
      else notifyActionFailure(error, TEXT.testFailed);
    } finally {
      setWriting(null);
    }
  };

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <div style={{ flex: '1 1 240px' }}>
          <Title order={2} size="h4">
            {TEXT.printers}
          </Title>
          <Text size="sm" c="var(--tf-muted)">
            {TEXT.printersHint}
          </Text>
        </div>
        {printers.length > 0 && (
          <Button
            leftSection={<IconPlus size={18} aria-hidden />}
            disabled={printers.length >= MAX_PRINTERS}
            onClick={() => setEditing('new')}
          >
            {TEXT.add}
          </Button>
        )}
      </Group>
      {printers.length === 0 ? (
        <EmptyState
          icon={IconPrinter}
          message={TEXT.noPrinters}
          hint={TEXT.noPrintersHint}
          action={{ label: TEXT.add, onClick: () => setEditing('new') }}
        />
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
          {printers.map((printer) => (
            <PrinterCard
              key={printer.id}
              printer={printer}
              stationNames={stationNames}
              testJob={testJobOf(printer)}
              testing={
                writing === printer.id ||
                (queueTest.isPending && queueTest.variables === printer.id)
              }
              onTest={() => void test(printer)}
              onEdit={() => setEditing(printer)}
              onArchive={() => remove(printer)}
            />
          ))}
        </Stack>
      )}
      <PrinterFormModal
        opened={editing !== null}
        printer={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
      />
    </Stack>
  );
}
