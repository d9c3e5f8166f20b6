import { useCallback, useEffect, useRef, useState } from 'react';
import { IconChefHat, IconListDetails } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { Kot } from '../../../../shared/schemas/kitchen.schemas';
import type { PrintJobs } from '../../../../shared/schemas/printing.schemas';
import { Button } from '../../../components/kit/button';
import { lazyPiece, usePreloadWhenIdle } from '../../../components/kit/lazy';
import { Sheet } from '../../../components/kit/sheet';
import { Skeleton } from '../../../components/kit/skeleton';
import { api } from '../../../lib/api';
import { notifyActionFailure, notifySuccess } from '../../../lib/form-feedback';
import {
  sendToKitchen,
  useKitchenSettingsForOrders,
  useReprintKot,
  useSendToKitchen,
} from '../api/kots';
import type { LineKitchen } from '../kitchen-lines';
import { KOT_TEXT } from '../kot-text';
import { TABLE_TEXT } from '../table-text';
import '../kitchen.css';

/** The KOTs' list and a KOT's printout: after the screen's first view (kit/lazy.tsx). */
const KotsList = lazyPiece(
  async () => (await import('./kots-sheet')).KotsList,
  () => <Skeleton label={TABLE_TEXT.loadingSheet} rows={2} />,
);
const KotPrint = lazyPiece(async () => (await import('./kot-print')).KotPrint);

type Props = {
  tableId: string;
  label: string;
  /** Items of the order not sent to the kitchen yet. */
  unsent: number;
  /** The server cannot be reached: sending waits. */
  offline: boolean;
  kots: { data: readonly Kot[] | undefined; error: unknown; pending: boolean; refetch: () => void };
  /** After a KOT was sent from here (the app prints it on this device's printers). */
  onSent?: (kot: Kot) => void;
  /** This device prints KOTs with its print window: each KOT sent from here prints at once. */
  printOnSend?: boolean;
};

/**
 * The order's kitchen actions, at the foot of the order: "Send to kitchen (n)" with how many
 * items are not sent (disabled when none, or while the server cannot be reached), a toast "KOT
 * 12 sent"; and "KOTs", the current order's KOTs, each printed (again: REPRINT) from there.
 */
export function KitchenActions({
  tableId,
  label,
  unsent,
  offline,
  kots,
  onSent,
  printOnSend = false,
}: Props) {
  const send = useSendToKitchen(tableId);
  const reprint = useReprintKot(tableId);
  const [listOpen, setListOpen] = useState(false);
  usePreloadWhenIdle(KotsList, KotPrint);
  const [printing, setPrinting] = useState<{ kot: Kot; reprint: boolean } | null>(null);
  const count = kots.data?.length ?? 0;
  const blocked = unsent === 0 || offline || send.isPending;

  const onSend = () =>
    send.mutate(undefined, {
      onSuccess: (kot) => {
        notifySuccess(kot ? KOT_TEXT.sent(kot.number) : KOT_TEXT.sentNothing);
        if (!kot) return;
        onSent?.(kot);
        if (printOnSend) setPrinting({ kot, reprint: false });
      },
      onError: (error) => notifyActionFailure(error, KOT_TEXT.notSent),
    });

  // One action for every KOT of the list: the server counts the reprint and queues it, marked
  // REPRINT, on the network printers of its stations; where none prints it (or this device
  // prints its KOTs itself) this device's print window prints the copy. A toast says where.
  const onReprint = (kot: Kot) => {
    reprint.mutate(kot.id, {
      onSuccess: async (copy) => {
        const jobs = await api<PrintJobs>(`/print-jobs?kotId=${encodeURIComponent(kot.id)}`)
          .then((answer) => answer.items)
          .catch(() => []);
        const queued = jobs.filter((job) => job.reprint && job.state === 'queued');
        const printers = [...new Set(queued.map((job) => job.printerName))];
        if (printOnSend || printers.length === 0) setPrinting({ kot: copy, reprint: true });
        notifySuccess(
          printers.length > 0
            ? KOT_TEXT.reprintedOn(kot.number, printers.join(', '))
            : KOT_TEXT.reprintedHere(kot.number),
        );
      },
      onError: (error) => notifyActionFailure(error, KOT_TEXT.notReprinted),
    });
  };
  const donePrinting = useCallback(() => setPrinting(null), []);

  return (
    <div className="tf-kitchen-actions">
      <Button
        className="tf-kitchen-send"
        icon={<IconChefHat size={18} aria-hidden />}
        disabled={blocked}
        aria-busy={send.isPending || undefined}
        aria-describedby={offline && unsent > 0 ? 'kitchen-waits' : undefined}
        data-testid="send-to-kitchen"
        onClick={onSend}
      >
        {unsent > 0 ? KOT_TEXT.sendCount(unsent) : KOT_TEXT.send}
      </Button>
      <Button
        className="tf-kitchen-kots"
        icon={<IconListDetails size={18} aria-hidden />}
        aria-label={KOT_TEXT.kotsLabel(count)}
        onClick={() => setListOpen(true)}
      >
        {KOT_TEXT.kots}
        {count > 0 ? ` ${count}` : ''}
      </Button>
      {offline && unsent > 0 && (
        <p id="kitchen-waits" className="tf-kitchen-waits">
          {KOT_TEXT.sendOffline}
        </p>
      )}
      <Sheet
        opened={listOpen}
        onClose={() => setListOpen(false)}
        title={KOT_TEXT.kotsTitle(label)}
        closeLabel={TABLE_TEXT.closePicker}
      >
        {listOpen && (
          <KotsList
            kots={kots.data}
            error={kots.error}
            pending={kots.pending}
            onRetry={kots.refetch}
            printing={reprint.isPending ? (reprint.variables ?? null) : null}
            onReprint={onReprint}
          />
        )}
      </Sheet>
      {printing && (
        <KotPrint kot={printing.kot} reprint={printing.reprint} onPrinted={donePrinting} />
      )}
    </div>
  );
}

/** A line's kitchen state under its name: Not sent, Sent, Preparing, Ready (and what is left). */
export function LineKitchenBadge({ kitchen }: { kitchen: LineKitchen }) {
  const word = KOT_TEXT.lineStates[kitchen.state];
  return (
    <span className="tf-line-kitchen" data-state={kitchen.state} data-testid="line-kitchen">
      <IconChefHat size={12} aria-hidden />{' '}
      <span className="kit-visually-hidden">{KOT_TEXT.kitchenPrefix}</span>
      {word}
      {kitchen.state !== 'unsent' && kitchen.unsent > 0 && ` · ${KOT_TEXT.toSend(kitchen.unsent)}`}
    </span>
  );
}

/**
 * Sends what is not sent yet when the waiter leaves the order screen, where the branch's
 * kitchen settings say so (`autoSendOnLeave`). Reads the latest count at the moment of leaving.
 */
export function useAutoSendOnLeave(
  tableId: string,
  unsent: number,
  label: string,
  onSent?: (kot: Kot) => void,
) {
  const queryClient = useQueryClient();
  const settings = useKitchenSettingsForOrders();
  const latest = useRef({ unsent, label, on: false, onSent });
  useEffect(() => {
    latest.current = { unsent, label, on: settings.data?.autoSendOnLeave ?? false, onSent };
  }, [unsent, label, settings.data, onSent]);
  useEffect(
    () => () => {
      const { on, unsent: left, label: table, onSent: sent } = latest.current;
      if (!on || left === 0) return;
      sendToKitchen(queryClient, tableId, true).then(
        (kot) => {
          if (!kot) return;
          notifySuccess(KOT_TEXT.autoSent(kot.number, table));
          sent?.(kot);
        },
        (error: unknown) => notifyActionFailure(error, KOT_TEXT.notSent),
      );
    },
    [queryClient, tableId],
  );
}
