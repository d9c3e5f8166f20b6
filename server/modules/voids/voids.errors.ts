import { badRequest, conflict, notFound } from '../../lib/errors';

/** The voids module's messages, each written once (the PIN's are auth's: auth.pin.errors.ts). */
export const VOID_MESSAGES = {
  opIdUsed: 'This request id was already used for another change: reload and try again.',
  lineNotFound: 'This item is no longer on the order',
  notSent: (name: string) =>
    `${name} has not been sent to the kitchen: take it off the order without a void`,
  moreThanSent: (name: string, sent: number) =>
    `Only ${sent} of ${name} ${sent === 1 ? 'was' : 'were'} sent to the kitchen: void at most ${sent}`,
  reasonUnknown: 'Choose a reason from the list',
} as const;

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
