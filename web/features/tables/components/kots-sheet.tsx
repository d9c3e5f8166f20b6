import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import type { Kot } from '../../../../shared/schemas/kitchen.schemas';
import { PrintStatus } from '../../../components/print-status';
import { QueryError } from '../../../components/query-error';
import { ListSkeleton } from '../../../components/skeletons';
import { useKotPrintJobs } from '../api/kot-print-jobs';
import { KOT_TEXT } from '../kot-text';

type Props = {
  kots: readonly Kot[] | undefined;
  error: unknown;
  pending: boolean;
  onRetry: () => void;
  printing: string | null;
  /** Every KOT listed was printed when sent: its one action is a reprint. */
  onReprint: (kot: Kot) => void;
};

const timeOf = (iso: string) =>
  new Date(iso).toLocaleTimeString('en-IN', { hour: '2-digit', minute: '2-digit' });

/** The current order's KOTs, oldest first: number, time, who sent it, items; Reprint. */
export function KotsList({ kots, error, pending, onRetry, printing, onReprint }: Props) {
  if (pending) return <ListSkeleton label={KOT_TEXT.kots} rows={3} />;
  if (!kots) {
    return <QueryError title={KOT_TEXT.kotsLoadFailed} error={error} onRetry={onRetry} />;
  }
  if (kots.length === 0) return <Text size="sm">{KOT_TEXT.noKots}</Text>;
  return (
    <Stack component="ol" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
      {kots.map((kot) => {
        return (
          <li key={kot.id} className="tf-kot-row">
            <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
              <div>
                <Text fw={700}>
                  {KOT_TEXT.kot(kot.number)}{' '}
                  <Text span size="sm" c="var(--tf-muted)" fw={500}>
                    {timeOf(kot.sentAt)} · {kot.sentByName}
                  </Text>
                </Text>
                {kot.reason !== 'send' && (
                  <Badge size="sm" variant="light" color={kot.reason === 'void' ? 'red' : 'gray'}>
                    {KOT_TEXT.reasons[kot.reason]}
                  </Badge>
                )}
                <KotPrintStatus kotId={kot.id} />
              </div>
              <Button
                size="sm"
                variant="default"
                leftSection={<IconPrinter size={16} aria-hidden />}
                loading={printing === kot.id}
                className="tf-kot-reprint-button"
                aria-label={KOT_TEXT.reprintLabel(kot.number)}
                onClick={() => onReprint(kot)}
              >
                {KOT_TEXT.reprint}
              </Button>
            </Group>
            <ul className="tf-kot-row-items">
              {kot.tickets.flatMap((ticket) =>
                ticket.items.map((item) => (
                  <li key={item.id} data-cancelled={item.cancelled || undefined}>
                    <span>
                      {item.quantity} × {item.name}
                      {item.cancelled && <strong> {KOT_TEXT.cancelled}</strong>}
                    </span>
                    {!item.cancelled && (
                      <span className="tf-kot-row-state" data-state={item.state}>
                        {KOT_TEXT.lineStates[item.state === 'new' ? 'sent' : item.state]}
                      </span>
                    )}
                  </li>
                )),
              )}
            </ul>
          </li>
        );
      })}
    </Stack>
  );
}

/** The KOT's parts on the network printers: printed, queued, failed (live). */
function KotPrintStatus({ kotId }: { kotId: string }) {
  const jobs = useKotPrintJobs(kotId);
  return <PrintStatus jobs={jobs.data} />;
}
