import type { TableSummary } from '../../../../shared/schemas/tables.schemas';
import { SECTIONS_TEXT } from '../sections-text';

/** The tile's guests (covers) and the waiter who opened the order, when known. */
export function TableCardPeople({ table }: { table: TableSummary }) {
  if (table.guests === null && table.openedByName === null) return null;
  return (
    <>
      {table.guests !== null && (
        <span data-testid="table-guests">{SECTIONS_TEXT.guests(table.guests)}</span>
      )}{' '}
      {table.openedByName !== null && (
        <span data-testid="table-opened-by" title={SECTIONS_TEXT.openedBy(table.openedByName)}>
          <span className="kit-visually-hidden">{SECTIONS_TEXT.openedBy('')}</span>
          {table.openedByName}
        </span>
      )}
    </>
  );
}
