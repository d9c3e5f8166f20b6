import { useState } from 'react';
import { Alert, NativeSelect, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { QueryError } from '../../../components/query-error';
import { ListSkeleton } from '../../../components/skeletons';
import { ModalFormActions, SubjectModal } from '../../../components/subject-modal';
import { notifyActionFailure, notifySuccess } from '../../../lib/form-feedback';
import { printersQuery } from '../../../lib/printing-queries';
import { usePrintDayReport } from '../api/print-day-report';
import { CASH_SCREEN_TEXT as TEXT } from '../cash-text';

/** Sends the day's report to one of the branch's network printers (`date` null: closed). */
export function PrintOnPrinterModal({
  date,
  onClose,
}: {
  date: string | null;
  onClose: () => void;
}) {
  return (
    <SubjectModal subject={date} onClose={onClose} title={() => TEXT.printOnPrinter}>
      {(day) => <PrinterChoice date={day} onClose={onClose} />}
    </SubjectModal>
  );
}

function PrinterChoice({ date, onClose }: { date: string; onClose: () => void }) {
  const printers = useQuery(printersQuery);
  const print = usePrintDayReport();
  const network = (printers.data?.items ?? []).filter((p) => p.connection === 'network');
  const [printerId, setPrinterId] = useState('');
  const chosen = printerId || network[0]?.id || '';

  if (printers.isPending) return <ListSkeleton label={TEXT.choosePrinter} rows={2} />;
  if (printers.isError) {
    return (
      <QueryError
        title={TEXT.notPrinted}
        error={printers.error}
        onRetry={() => void printers.refetch()}
      />
    );
  }
  if (network.length === 0) return <Alert color="yellow">{TEXT.noNetworkPrinters}</Alert>;
  const name = network.find((p) => p.id === chosen)?.name ?? '';
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        print.mutate(
          { date, printerId: chosen },
          {
            onSuccess: () => {
              notifySuccess(TEXT.printSent(name));
              onClose();
            },
            onError: (error) => notifyActionFailure(error, TEXT.notPrinted),
          },
        );
      }}
    >
      <Stack gap="md">
        <NativeSelect
          label={TEXT.choosePrinter}
          size="md"
          value={chosen}
          onChange={(event) => setPrinterId(event.currentTarget.value)}
          data={network.map((p) => ({ value: p.id, label: p.name }))}
        />
        <ModalFormActions submitLabel={TEXT.send} onCancel={onClose} loading={print.isPending} />
      </Stack>
    </form>
  );
}
