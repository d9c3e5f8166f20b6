import { IconPrinter } from '@tabler/icons-react';
import type { Kot } from '../../../../shared/schemas/kitchen.schemas';
import { Button } from '../../../components/kit/button';
import { Skeleton } from '../../../components/kit/skeleton';
import { lazyMantine } from '../../../components/lazy-mantine';
import { useKotPrintJobs } from '../api/kot-print-jobs';
import { KOT_TEXT } from '../kot-text';
import { LoadFailed } from '../../../components/kit/notice';

/** The print jobs' badges (a manager's detail, Mantine's): loaded with the list. */
const PrintStatus = lazyMantine(
  async () => (await import('../../../components/print-status')).PrintStatus,
);

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
  if (pending) return <Skeleton label={KOT_TEXT.kots} rows={3} />;
  if (!kots) return <LoadFailed title={KOT_TEXT.kotsLoadFailed} error={error} onRetry={onRetry} />;
  if (kots.length === 0) return <p className="tf-kot-none">{KOT_TEXT.noKots}</p>;
  return (
    <ol className="tf-kot-rows">
      {kots.map((kot) => {
        const busy = printing === kot.id;
        return (
          <li key={kot.id} className="tf-kot-row">
            <div className="tf-kot-row-head">
              <div>
                <p className="tf-kot-row-title">
                  {KOT_TEXT.kot(kot.number)}{' '}
                  <span className="tf-kot-row-meta">
                    {timeOf(kot.sentAt)} · {kot.sentByName}
                  </span>
                </p>
                {kot.reason !== 'send' && (
                  <span className="tf-kot-row-reason" data-reason={kot.reason}>
                    {KOT_TEXT.reasons[kot.reason]}
                  </span>
                )}
                <KotPrintStatus kotId={kot.id} />
              </div>
              <Button
                icon={<IconPrinter size={16} aria-hidden />}
                disabled={busy}
                aria-busy={busy || undefined}
                className="tf-kot-reprint-button"
                aria-label={KOT_TEXT.reprintLabel(kot.number)}
                onClick={() => onReprint(kot)}
              >
                {KOT_TEXT.reprint}
              </Button>
            </div>
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
    </ol>
  );
}

/** The KOT's parts on the network printers: printed, queued, failed (live). */
function KotPrintStatus({ kotId }: { kotId: string }) {
  const jobs = useKotPrintJobs(kotId);
  return jobs.data && jobs.data.length > 0 ? <PrintStatus jobs={jobs.data} /> : null;
}
