import { notifications } from '@mantine/notifications';
import { MESSAGES } from '../../../shared/messages';
import { ApiError } from '../../lib/api';
import { toFormErrors } from './branch-form';

export function notifySuccess(message: string) {
  notifications.show({ color: 'green', message });
}

/** The server's field messages that belong to fields of this form, under the form's names. */
export function formErrorsOf(error: unknown, formFields: readonly string[]) {
  const fields = error instanceof ApiError ? toFormErrors(error.fields ?? {}) : {};
  return Object.fromEntries(Object.entries(fields).filter(([name]) => formFields.includes(name)));
}

/**
 * Why a call failed, when it is something the user can act on (a taken code, a bad field, no
 * connection); null for a fault on our side, where a general sentence is all there is to say.
 */
export function userReason(error: unknown, formErrors: Record<string, string> = {}) {
  if (!(error instanceof ApiError)) return null;
  if (error.status === 0) return error.message;
  if (error.status >= 400 && error.status < 500) {
    return Object.values(formErrors)[0] ?? error.message;
  }
  return null;
}

/** A red toast: `title` with the reason under it, or `title` alone when there is none. */
export function notifyFailure(title: string, reason: string | null) {
  notifications.show(
    reason ? { color: 'red', title, message: reason } : { color: 'red', message: title },
  );
}

/** The general failure of the branch screens' actions (renew, deactivate, reset password). */
export function notifyActionFailure(error: unknown, title: string) {
  notifyFailure(title, userReason(error) ?? MESSAGES.common.unexpected);
}
