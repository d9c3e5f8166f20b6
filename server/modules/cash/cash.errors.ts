import { formatInr } from '../../../shared/money';
import { formatDisplayDate, type IsoDate } from '../../../shared/dates';
import { raisedDetail } from '../../lib/db-errors';
import { badRequest, conflict, notFound } from '../../lib/errors';

export const CASH_MESSAGES = {
  counterNotFound: 'Counter not found',
  counterNameTaken: (name: string) => `A counter named ${name} already exists`,
  shiftNotFound: 'Shift not found',
  counterBusy: (name: string) => `${name} already has an open shift`,
  shiftClosed: 'This shift is closed',
  approvalNeeded: (differencePaise: number, limitPaise: number) =>
    `The count is ${formatInr(Math.abs(differencePaise))} ${differencePaise < 0 ? 'short' : 'over'}: above ${formatInr(limitPaise)} a manager must approve it`,
  /** Staff count blind: the refusal names no figure, no direction (docs/cash.md). */
  approvalNeededBlind:
    'This count does not match closely enough: a manager must approve it with their PIN',
  shiftTotal: (kind: 'in' | 'out', maxPaise: number) =>
    `A shift's cash ${kind} adds up to at most ${formatInr(maxPaise)}: close this shift and open another`,
  dayClosed: (date: IsoDate) =>
    `${formatDisplayDate(date)} is closed: a manager can reopen it on Day Close`,
  dayFuture: 'A day can be closed once it has begun',
  shiftsOpen: (names: string[]) => `Close the open shifts first: ${names.join(', ')}`,
  dayNotClosed: (date: IsoDate) => `${formatDisplayDate(date)} is not closed`,
} as const;

export const counterNotFound = () =>
  notFound('cash.counter_not_found', CASH_MESSAGES.counterNotFound);
export const counterNameTaken = (name: string) =>
  conflict('cash.counter_name_taken', CASH_MESSAGES.counterNameTaken(name), {
    name: CASH_MESSAGES.counterNameTaken(name),
  });
export const shiftNotFound = () => notFound('cash.shift_not_found', CASH_MESSAGES.shiftNotFound);
export const counterBusy = (name: string) =>
  conflict('cash.counter_busy', CASH_MESSAGES.counterBusy(name));
export const shiftClosed = () => conflict('cash.shift_closed', CASH_MESSAGES.shiftClosed);
/** A manager sees the difference; staff (`blind`) learn only that a manager must approve. */
export const approvalNeeded = (differencePaise: number, limitPaise: number, blind: boolean) =>
  conflict(
    'cash.approval_needed',
    blind
      ? CASH_MESSAGES.approvalNeededBlind
      : CASH_MESSAGES.approvalNeeded(differencePaise, limitPaise),
  );
/** A cash entry that would take the shift's cash in (or out) past MAX_SHIFT_CASH_PAISE. */
export const shiftTotalTooLarge = (kind: 'in' | 'out', maxPaise: number) =>
  badRequest('cash.shift_total', CASH_MESSAGES.shiftTotal(kind, maxPaise), {
    amountPaise: CASH_MESSAGES.shiftTotal(kind, maxPaise),
  });
export const dayClosed = (date: IsoDate) => conflict('day.closed', CASH_MESSAGES.dayClosed(date));
export const dayFuture = () => conflict('day.future', CASH_MESSAGES.dayFuture);
export const shiftsOpen = (names: string[]) =>
  conflict('day.shifts_open', CASH_MESSAGES.shiftsOpen(names));
export const dayNotClosed = (date: IsoDate) =>
  conflict('day.not_closed', CASH_MESSAGES.dayNotClosed(date));

/**
 * The answer to the database refusing a write of a closed day (assert_day_open,
 * cash.functions.sql: 'day.closed' with the date in its DETAIL); null for any other error. The
 * error handler asks it of every failure, so every route that writes a day's money answers 409.
 */
export function dayClosedOf(error: unknown) {
  const date = raisedDetail(error, 'day.closed');
  return date === null ? null : dayClosed(date as IsoDate);
}
