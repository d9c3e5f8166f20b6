import { AppError, badRequest, conflict, notFound } from '../../lib/errors';

/** In words: 'in 1 minute', 'in 14 minutes' (rounded up: never 'in 0 minutes'). */
export function inMinutes(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return `in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}

/** The voids module's messages, each written once. */
export const VOID_MESSAGES = {
  opIdUsed: 'This request id was already used for another change: reload and try again.',
  managerNotFound: 'Choose a manager who has set an approval PIN',
  pinWrong: (triesLeft: number) =>
    `Wrong PIN: ${triesLeft} ${triesLeft === 1 ? 'try' : 'tries'} left before it locks`,
  pinLocked: (msLeft: number) =>
    `Too many wrong PINs: this manager's PIN is locked for you. Try again ${inMinutes(msLeft)}.`,
  lineNotFound: 'This item is no longer on the order',
  notSent: (name: string) =>
    `${name} has not been sent to the kitchen: take it off the order without a void`,
  moreThanSent: (name: string, sent: number) =>
    `Only ${sent} of ${name} ${sent === 1 ? 'was' : 'were'} sent to the kitchen: void at most ${sent}`,
  reasonUnknown: 'Choose a reason from the list',
} as const;

/** Another branch's manager, a manager without a PIN, staff, or nobody: the same answer. */
export const managerNotFound = () =>
  new AppError(404, 'voids.manager_not_found', VOID_MESSAGES.managerNotFound, {
    managerId: VOID_MESSAGES.managerNotFound,
  });

export const pinWrong = (triesLeft: number) =>
  badRequest('voids.pin_wrong', VOID_MESSAGES.pinWrong(triesLeft), {
    pin: VOID_MESSAGES.pinWrong(triesLeft),
  });

/** The PIN is locked for this person for `msLeft` more (PIN_MAX_FAILURES wrong in a row). */
export const pinLocked = (msLeft: number) =>
  new AppError(429, 'voids.pin_locked', VOID_MESSAGES.pinLocked(msLeft), {
    pin: VOID_MESSAGES.pinLocked(msLeft),
  });

export const voidLineNotFound = () => notFound('voids.line_not_found', VOID_MESSAGES.lineNotFound);

/** What was not sent is a plain take-off; a void takes off at most what the kitchen was sent. */
export const voidMoreThanSent = (name: string, sent: number) => {
  const message = sent === 0 ? VOID_MESSAGES.notSent(name) : VOID_MESSAGES.moreThanSent(name, sent);
  return conflict('voids.more_than_sent', message, { quantity: message });
};

export const voidReasonUnknown = () =>
  badRequest('voids.reason_unknown', VOID_MESSAGES.reasonUnknown, {
    reason: VOID_MESSAGES.reasonUnknown,
  });

/** The void's opId was already used for another change of an order (never the same void). */
export const opIdUsed = () =>
  conflict('voids.op_id_used', VOID_MESSAGES.opIdUsed, { opId: VOID_MESSAGES.opIdUsed });
