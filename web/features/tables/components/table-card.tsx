import { Link } from '../../../lib/router';
import { LABELS } from '../../../../shared/messages';
import { formatInr } from '../../../../shared/money';
import type { TableSummary } from '../../../../shared/schemas/tables.schemas';
import { Button } from '../../../components/kit/button';
import { Tile, TileStatus } from '../../../components/kit/tile';
import { paths } from '../../../config/paths';
import { formatOpenFor } from '../../../lib/open-time';
import { KOT_TEXT } from '../kot-text';
import { TABLE_TEXT } from '../table-text';
import { TABLE_STATES, tableStateOf } from '../table-state';
import { TableCardPeople } from './table-card-people';
import { TableMenuButton } from './table-menu-button';

type Props = {
  table: TableSummary;
  now: number;
  onPay: (table: TableSummary) => void;
  /** The manager may rename and remove tables. */
  canManage: boolean;
  /** Its items in the kitchen: cooking (sent, not ready) and ready (GET /api/kitchen/floor). */
  kitchen?: { cooking: number; ready: number };
};

/**
 * One table of the floor at a glance (issue 32): its number (a link to its order, the whole
 * tile), its state by colour and word, how long it has been open and 'Pay' with the bill's
 * grand total. Its items, kitchen counts and people are read aloud, and shown from tablets up.
 * 'Due' is the word of a bill nobody has paid yet, never of a table.
 */
export function TableCard({ table, now, onPay, canManage, kitchen }: Props) {
  const open = table.itemCount > 0;
  const stateName = tableStateOf(table, kitchen, now);
  const state = TABLE_STATES[stateName];
  // What the guest will pay: the bill's grand total (GST, service charge, round-off included).
  const amount = formatInr(table.billTotalPaise);
  const cooking = kitchen?.cooking ?? 0;
  const ready = kitchen?.ready ?? 0;
  return (
    <Tile
      tone={state.tone}
      className="tf-table-tile"
      data-open={open || undefined}
      data-state={stateName}
      aria-label={table.label}
    >
      {/* The spaces keep the words apart in the text read aloud; a flex row hides them. */}
      <div className="tf-table-tile-head">
        <Link
          to={paths.table(table.id)}
          className="kit-tile-link tf-table-tile-label"
          title={table.label}
        >
          {table.label}
        </Link>{' '}
        {open && table.openedAt && (
          <span className="tf-table-tile-time">{formatOpenFor(table.openedAt, now)}</span>
        )}
      </div>
      <div className="tf-table-tile-state">
        <TileStatus>{state.word}</TileStatus>
        {canManage && <TableMenuButton table={table} />}
      </div>
      {open && (
        <div className="tf-table-tile-details">
          <span>{TABLE_TEXT.items(table.itemCount)}</span>{' '}
          {(cooking > 0 || ready > 0) && (
            <span data-testid="table-kitchen">
              {cooking > 0 && KOT_TEXT.cooking(cooking)}
              {cooking > 0 && ready > 0 && ' · '}
              {ready > 0 && KOT_TEXT.ready(ready)}
            </span>
          )}{' '}
          <TableCardPeople table={table} />
        </div>
      )}
      {open && (
        <Button
          variant="primary"
          fullWidth
          className="tf-table-tile-pay"
          onClick={() => onPay(table)}
          aria-label={TABLE_TEXT.payFor(table.label, amount)}
        >
          {LABELS.table.pay} <span className="tf-table-tile-amount">{amount}</span>
        </Button>
      )}
    </Tile>
  );
}
