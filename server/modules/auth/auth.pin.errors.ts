import { AppError, badRequest } from '../../lib/errors';

/** In words: 'in 1 minute', 'in 14 minutes' (rounded up: never 'in 0 minutes'). */
export function inMinutes(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return `in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}

/**
 * The approval PIN's messages, each written once. Their codes keep the `voids.` prefix they were
 * published with (docs/api.md): the PIN approved voids first.
 */
export const PIN_MESSAGES = {
  managerNotFound: 'Choose a manager who has set an approval PIN',
  pinWrong: (triesLeft: number) =>
    `Wrong PIN: ${triesLeft} ${triesLeft === 1 ? 'try' : 'tries'} left before it locks`,
  pinLocked: (msLeft: number) =>
    `Too many wrong PINs: this manager's PIN is locked for you. Try again ${inMinutes(msLeft)}.`,
} as const;

/** Another branch's manager, a manager without a PIN, staff, or nobody: the same answer. */
export const managerNotFound = () =>
  new AppError(404, 'voids.manager_not_found', PIN_MESSAGES.managerNotFound, {
    managerId: PIN_MESSAGES.managerNotFound,
  });

export const pinWrong = (triesLeft: number) =>
  badRequest('voids.pin_wrong', PIN_MESSAGES.pinWrong(triesLeft), {
    pin: PIN_MESSAGES.pinWrong(triesLeft),
  });

/** The PIN is locked for this person for `msLeft` more (PIN_MAX_FAILURES wrong in a row). */
export const pinLocked = (msLeft: number) =>
  new AppError(429, 'voids.pin_locked', PIN_MESSAGES.pinLocked(msLeft), {
    pin: PIN_MESSAGES.pinLocked(msLeft),
  });
