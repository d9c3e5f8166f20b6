import { notifications } from '@mantine/notifications';
import { MESSAGES } from '../../../shared/messages';
import { ApiError } from '../../lib/api';
import { STAFF_TEXT } from './staff-messages';

export function notifySuccess(message: string) {
  notifications.show({ color: 'green', message });
}

/** A failure that belongs to no field: the server's sentence in a red toast. */
export function notifyFailure(error: unknown) {
  const limit = error instanceof ApiError && error.code === 'staff.limit_reached';
  notifications.show({
    color: 'red',
    title: limit ? STAFF_TEXT.limitTitle : STAFF_TEXT.failedTitle,
    message: error instanceof Error ? error.message : MESSAGES.common.unexpected,
  });
}

/**
 * Puts the server's field messages under the form's own fields; anything else (the staff limit,
 * a lost connection) becomes a toast. What was typed stays in the form either way.
 */
function showFailure(
  error: unknown,
  formFields: readonly string[],
  setErrors: (errors: Record<string, string>) => void,
) {
  const fields = error instanceof ApiError ? (error.fields ?? {}) : {};
  const mine = Object.entries(fields).filter(([name]) => formFields.includes(name));
  if (mine.length > 0) setErrors(Object.fromEntries(mine));
  else notifyFailure(error);
}

/**
 * The mutation callbacks every staff form shares: on success a green toast and the modal
 * closes; on failure the server's field messages go under the fields (focus on the first) and
 * anything else becomes a toast.
 */
export function formFeedback<T>({
  success,
  onDone,
  fields,
  setErrors,
  focusFirstError,
}: {
  success: (result: T) => string;
  onDone: () => void;
  fields: readonly string[];
  setErrors: (errors: Record<string, string>) => void;
  focusFirstError: (errors: Record<string, string>) => void;
}) {
  return {
    onSuccess: (result: T) => {
      notifySuccess(success(result));
      onDone();
    },
    onError: (error: unknown) =>
      showFailure(error, fields, (errors) => {
        setErrors(errors);
        focusFirstError(errors);
      }),
  };
}
