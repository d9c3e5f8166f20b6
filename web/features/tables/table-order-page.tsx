import { useCallback, useDeferredValue, useMemo, useState, type ReactNode } from 'react';
import { IconArrowLeft, IconToolsKitchen2, IconUsers } from '@tabler/icons-react';
import { Link, useParams } from '../../lib/router';
import { can } from '../../../shared/permissions';
import { LABELS } from '../../../shared/messages';
import { formatInr } from '../../../shared/money';
import type { Kot } from '../../../shared/schemas/kitchen.schemas';
import type { MenuAddonGroup } from '../../../shared/schemas/menu.schemas';
import type { MenuItem } from '../../../shared/schemas/products.schemas';
import type { OrderLine, TableOrder } from '../../../shared/schemas/tables.schemas';
import { Sheet } from '../../components/kit/sheet';
import { Skeleton } from '../../components/kit/skeleton';
import { lazyPiece, usePreloadWhenIdle } from '../../components/kit/lazy';
import { lazyMantine } from '../../components/lazy-mantine';
import { paths } from '../../config/paths';
import { notifyFailure } from '../../lib/form-feedback';
import { useSession } from '../../lib/session';
import { useMenu } from './api/get-menu';
import { useTableKots } from './api/kots';
import { useTableOrder, useTableOrderShown } from './api/get-table-order';
import { changeLine, changeLines, useTapOutbox } from './api/order-sync';
import { useSetGuests } from './api/set-guests';
import { useSetSoldOut } from './api/set-sold-out';
import { cardAction, defaultChoices, isSoldOut, lineProductOf } from './choices';
import { KitchenActions, LineKitchenBadge, useAutoSendOnLeave } from './components/kitchen-actions';
import { LoadFailed } from '../../components/kit/notice';
import { OrderBar } from './components/order-bar';
import { OrderUnavailable } from './components/order-unavailable';
import { MenuPanel } from './components/menu-panel';
import { OrderPanel } from './components/order-panel';
import { ProductActions } from './components/product-card';
import { itemStatesByLine, lineKitchen, unsentCount } from './kitchen-lines';
import { keyOfLine, keyOfProduct, noteChanges, type LineProduct } from './order-lines';
import { billAmountText, useBillTotal } from '../../lib/bill-total';
import { TABLE_TEXT } from './table-text';
import { usePhone } from './use-phone';
import { voidableLine } from './voids/voidable';
import type { NcTarget } from './complimentary/complimentary-dialog';
import { useVoidRequests } from './voids/void-requests';
import './tables.css';

/** Voids and complimentary items are rare: their dialogs (Mantine's) load when first opened. */
const VoidDialog = lazyMantine(async () => (await import('./voids/void-dialog')).VoidDialog);
const ComplimentaryDialog = lazyMantine(
  async () => (await import('./complimentary/complimentary-dialog')).ComplimentaryDialog,
);

/**
 * The sheets' contents (a product's choices, the guests, a line's note) load after the screen's
 * first view, before the first tap needs them (`usePreloadWhenIdle`).
 */
const sheetLoading = () => <Skeleton label={TABLE_TEXT.loadingSheet} rows={2} />;
const ChoicePicker = lazyPiece(
  async () => (await import('./components/choice-picker')).ChoicePicker,
  sheetLoading,
);
const GuestsEditor = lazyPiece(
  async () => (await import('./components/guests-editor')).GuestsEditor,
  sheetLoading,
);
const NoteEditor = lazyPiece(
  async () => (await import('./components/note-editor')).NoteEditor,
  sheetLoading,
);

/** The picker open for a product: `quick` when a card's tap opened it (a variant adds at once). */
type Picking = { item: MenuItem; quick: boolean };

const NO_GROUPS: readonly MenuAddonGroup[] = [];
const NO_LINES: readonly OrderLine[] = [];

/** True from the first time `open` is true on: a lazy dialog is drawn from then (its closing). */
function useOpenedOnce(open: boolean) {
  const [once, setOnce] = useState(open);
  if (open && !once) setOnce(true);
  return once || open;
}

/**
 * /table/{tableId}: take the table's order. Made for the devices waiters hold (docs/menu.md, "The
 * order screen"): the table's name, item count and total stay at the top; on a tablet or a
 * desktop the order stays in view beside the menu, on a phone it is one tap away (the bar at the
 * bottom). Each tap shows at once and is saved as one change of one line (api/order-sync.ts);
 * 'Pay' calls `onPay` (composed by the app with the payment modal). Drawn with the kit
 * (web/components/kit/), no UI library in its first load. A tap's own frame draws only the card
 * and the line it changed (they read the order at once: api/get-table-order.ts); the rest of the
 * screen follows once that frame is painted, and its cards and lines are memoised with stable
 * callbacks, so it draws again neither the 150 cards of a menu nor the lines of a long order.
 */
export function TableOrderPage({
  onPay,
  onPrintBill,
  floorActions,
  onKotSent,
  printKotOnSend,
}: {
  onPay: (order: TableOrder) => void;
  /** After a KOT was sent from this device (the app prints it on the device's printers). */
  onKotSent?: (kot: Kot) => void;
  /** This device prints KOTs in its print window: a KOT sent from here prints at once. */
  printKotOnSend?: boolean;
  /** The header's 'Move / Merge / Split' (the floor's, composed by the app). */
  floorActions?: (order: TableOrder) => ReactNode;
  /** 'Print bill': the table's provisional bill (composed by the app with billing's page). */
  onPrintBill?: (order: TableOrder) => void;
}) {
  const { tableId = '' } = useParams();
  // The query (loading, errors), and its data once a tap's frame is painted: that frame draws
  // only what the tap changed (the card's quantity, the order's lines: their own hooks).
  const order = useTableOrder(tableId);
  const current = useTableOrderShown(tableId);
  const lines = current?.lines ?? NO_LINES;
  // What the guest will pay (the bill's grand total by shared/tax.ts), as the card says.
  const bill = useBillTotal(lines);
  const menu = useMenu();
  const outbox = useTapOutbox();
  const session = useSession();
  const setSoldOut = useSetSoldOut();
  const setGuests = useSetGuests(tableId);
  const [guestsOpen, setGuestsOpen] = useState(false);
  usePreloadWhenIdle(ChoicePicker, GuestsEditor, NoteEditor);
  const phone = usePhone();
  const [picking, setPicking] = useState<Picking | null>(null);
  const [moreFor, setMoreFor] = useState<MenuItem | null>(null);
  const [editing, setEditing] = useState<OrderLine | null>(null);
  const [orderOpen, setOrderOpen] = useState(false);
  // A void (docs/kitchen.md): a sent line taken off with a manager's PIN, from its Void button
  // or a take-off tap the server refused (void_required).
  const [voidKey, setVoidKey] = useState<string | null>(null);
  useVoidRequests(tableId, setVoidKey);
  // Complimentary items (docs/complimentary.md): a line's, or the whole order.
  const [ncTarget, setNcTarget] = useState<NcTarget | null>(null);
  const voidShown = useOpenedOnce(voidKey !== null);
  const ncShown = useOpenedOnce(ncTarget !== null);

  const unsentOps = outbox.unsent.get(tableId);
  const unsent = useMemo(
    () => new Set(unsentOps?.map((op) => keyOfProduct(op.product))),
    [unsentOps],
  );
  const change = useCallback(
    (product: LineProduct, delta: number) => changeLine(tableId, product, delta),
    [tableId],
  );
  const canSoldOut = Boolean(session.data && can(session.data.user.role, 'menu.soldOut'));
  // The kitchen (docs/kitchen.md): what is not sent yet, each line's state, send on leaving.
  const kots = useTableKots(tableId);
  const unsentItems = unsentCount(lines);
  const itemStates = useMemo(() => itemStatesByLine(kots.data?.items ?? []), [kots.data]);
  useAutoSendOnLeave(tableId, unsentItems, current?.label ?? '', onKotSent);
  const groups = menu.data?.addonGroups ?? NO_GROUPS;

  // The menu's and the lines' callbacks, the same from one tap to the next (memoised cards).
  /** A card's tap, or Enter in the search. */
  const tap = useCallback(
    (item: MenuItem) => {
      if (isSoldOut(item)) {
        notifyFailure(TABLE_TEXT.soldOutRefused(item.name), TABLE_TEXT.soldOutHint);
        return;
      }
      if (cardAction(item, groups) === 'picker') setPicking({ item, quick: true });
      else changeLine(tableId, lineProductOf(item, groups, defaultChoices(item)), 1);
    },
    [tableId, groups],
  );
  const choose = useCallback((item: MenuItem) => setPicking({ item, quick: false }), []);
  const lineBadge = useCallback(
    (line: OrderLine) => <LineKitchenBadge kitchen={lineKitchen(line, itemStates)} />,
    [itemStates],
  );
  const onVoid = useCallback((line: OrderLine) => setVoidKey(line.key), []);
  const onComplimentary = useCallback((line: OrderLine) => setNcTarget({ line: line.key }), []);
  // Move / Merge / Split (Mantine's, heavier to draw) follows the order a render later: the
  // screen's render after a tap leaves it as it was and stays small.
  const floorOrder = useDeferredValue(current);
  const floor = useMemo(
    () => (floorOrder ? floorActions?.(floorOrder) : null),
    [floorActions, floorOrder],
  );
  const skipToOrder = useCallback(() => {
    const pay = document.getElementById('tf-pay');
    if (pay && !pay.hasAttribute('disabled')) pay.focus();
    else document.getElementById('orders-title')?.focus();
  }, []);

  if (!current) return <OrderUnavailable order={order} />;

  const itemCount = current.lines.reduce((sum, line) => sum + line.quantity, 0);
  const amount = billAmountText(bill, formatInr);
  const summary = TABLE_TEXT.summary(itemCount, amount);
  // As the menu is now (sold out meanwhile on another device) and the line as it is now.
  const pickingItem = picking
    ? (menu.data?.items.find((item) => item.id === picking.item.id) ?? picking.item)
    : null;
  const moreItem = moreFor
    ? (menu.data?.items.find((item) => item.id === moreFor.id) ?? moreFor)
    : null;
  const editingLine = editing
    ? current.lines.find((line) => keyOfLine(line) === keyOfLine(editing))
    : undefined;
  const quickNotes = menu.data?.quickNotes ?? [];
  const voiding = voidableLine(current.lines, voidKey);

  const products = () => {
    if (menu.isPending) return <Skeleton label="Loading products..." rows={4} />;
    if (menu.isError && !menu.data) {
      return (
        <LoadFailed
          title={TABLE_TEXT.menuLoadFailed}
          error={menu.error}
          onRetry={() => void menu.refetch()}
        />
      );
    }
    if (menu.data.items.length === 0) {
      return (
        <div className="tf-notice">
          <IconToolsKitchen2 size={30} stroke={1.6} aria-hidden />
          <p className="tf-notice-title">{TABLE_TEXT.noProducts}</p>
        </div>
      );
    }
    return (
      <MenuPanel
        menu={menu.data}
        tableId={tableId}
        onTap={tap}
        onChoices={choose}
        onMore={setMoreFor}
        onSkipToOrder={phone ? undefined : skipToOrder}
      />
    );
  };

  const panel = (
    <OrderPanel
      tableId={tableId}
      bill={bill}
      unsent={unsent}
      payWaits={outbox.offline && unsent.size > 0}
      onChange={change}
      onEditNote={setEditing}
      onPay={(paid) => {
        setOrderOpen(false);
        onPay(paid);
      }}
      onPrintBill={onPrintBill}
      kitchen={
        <KitchenActions
          tableId={tableId}
          label={current.label}
          unsent={unsentItems}
          offline={outbox.offline}
          onSent={onKotSent}
          printOnSend={printKotOnSend}
          kots={{
            data: kots.data?.items,
            error: kots.error,
            pending: kots.isPending,
            refetch: () => void kots.refetch(),
          }}
        />
      }
      lineKitchen={lineBadge}
      onVoid={onVoid}
      onComplimentary={onComplimentary}
      onWholeOrderComplimentary={() => setNcTarget('order')}
    />
  );

  return (
    <div className="tf-order-screen" data-phone={phone || undefined}>
      <header className="tf-order-head">
        <Link
          to={paths.billing}
          className="tf-order-back"
          aria-label={LABELS.table.backToTables}
          title={LABELS.table.backToTables}
        >
          <IconArrowLeft size={20} aria-hidden />
        </Link>
        <h1 className="tf-order-name">{current.label}</h1>
        <button
          type="button"
          className="tf-order-guests"
          aria-label={TABLE_TEXT.guestsLabel(current.guests)}
          onClick={() => setGuestsOpen(true)}
        >
          <IconUsers size={18} aria-hidden />
          <span aria-hidden className="tf-order-guests-words">
            {TABLE_TEXT.guestCount(current.guests)}
          </span>
          {/* A phone keeps the table's name whole: the icon and the number alone. */}
          {current.guests !== null && (
            <span aria-hidden className="tf-order-guests-number">
              {current.guests}
            </span>
          )}
        </button>
        <p className="tf-order-summary" aria-live="polite" data-testid="order-summary">
          {summary}
        </p>
        {floor}
      </header>
      <div className="tf-order-body">
        <section aria-label={TABLE_TEXT.products} className="tf-order-menu">
          {products()}
        </section>
        {!phone && <aside className="tf-order-side">{panel}</aside>}
      </div>
      {phone && (
        <OrderBar
          label={current.label}
          itemCount={itemCount}
          amount={amount}
          summary={summary}
          open={orderOpen}
          onOpen={setOrderOpen}
        >
          {panel}
        </OrderBar>
      )}
      <Sheet
        opened={picking !== null}
        onClose={() => setPicking(null)}
        title={picking?.item.name}
        closeLabel={TABLE_TEXT.closePicker}
      >
        {picking && pickingItem && (
          <ChoicePicker
            key={picking.item.id}
            item={pickingItem}
            groups={groups}
            quickNotes={quickNotes}
            quick={picking.quick}
            onAdd={(product) => change(product, 1)}
            onClose={() => setPicking(null)}
          />
        )}
      </Sheet>
      <ProductActions
        item={moreItem}
        onClose={() => setMoreFor(null)}
        onChoices={choose}
        onSoldOut={
          canSoldOut
            ? (item, soldOut, variantId) =>
                setSoldOut.mutate({
                  productId: item.id,
                  name: variantId
                    ? `${item.name} (${item.variants.find((v) => v.id === variantId)?.name ?? ''})`
                    : item.name,
                  body: { soldOut, variantId },
                })
            : undefined
        }
      />
      <Sheet
        opened={guestsOpen}
        onClose={() => setGuestsOpen(false)}
        title={TABLE_TEXT.guestsTitle}
        closeLabel={TABLE_TEXT.closePicker}
      >
        <GuestsEditor
          guests={current.guests}
          onSave={(guests) => {
            setGuests.mutate(guests);
            setGuestsOpen(false);
          }}
        />
      </Sheet>
      {voidShown && (
        <VoidDialog tableId={tableId} line={voiding} onClose={() => setVoidKey(null)} />
      )}
      {ncShown && (
        <ComplimentaryDialog
          tableId={tableId}
          lines={current.lines}
          target={ncTarget}
          onClose={() => setNcTarget(null)}
        />
      )}
      <Sheet
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={TABLE_TEXT.editNoteTitle}
        closeLabel={TABLE_TEXT.closePicker}
      >
        {editing && (
          <NoteEditor
            line={editingLine ?? editing}
            quickNotes={quickNotes}
            onSave={(note) => {
              if (editingLine) changeLines(tableId, noteChanges(editingLine, note));
              setEditing(null);
            }}
            onComplimentary={() => {
              setEditing(null);
              setNcTarget({ line: keyOfLine(editingLine ?? editing) });
            }}
          />
        )}
      </Sheet>
    </div>
  );
}
