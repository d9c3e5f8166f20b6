import { showToast, type ToastOptions } from '../components/kit/toast';
import { ApiError } from './api';
import { failureReason } from './failure-reason';

/**
 * The one way a screen tells the outcome of a save: a green toast when it worked; the server's
 * field messages under the form's own fields (focus on the first) when a field is at fault; a
 * red toast for anything else (no connection, a limit, a fault on our side). What was typed
 * stays in the form either way.
 */

/**
 * A toast of any kind (news from elsewhere: a table paid on another device, the kitchen's
 * ready): the kit's toast, drawn the same on every screen.
 */
export function notify(options: ToastOptions) {
  showToast(options);
}

/** A green toast. */
export function notifySuccess(message: string) {
  showToast({ tone: 'green', message });
}

/** A red toast: `title` with the reason under it, or `title` alone when there is none. */
export function notifyFailure(title: string, reason?: string | null) {
  showToast(reason ? { tone: 'red', title, message: reason } : { tone: 'red', message: title });
}

/** A red toast for a failed action with no form (deactivate, activate, ...). */
export function notifyActionFailure(error: unknown, title: string) {
  notifyFailure(title, failureReason(error));
}

/**
 * The server's field messages (`error.fields`) that belong to fields of this form. `rename`
 * maps an API field name to the form's (e.g. `amountPaise` to `amount`).
 */
export function serverFieldErrors(
  error: unknown,
  formFields: readonly string[],
  rename: (apiField: string) => string = (name) => name,
): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!(error instanceof ApiError)) return errors;
  for (const [apiField, message] of Object.entries(error.fields ?? {})) {
    const name = rename(apiField);
    if (formFields.includes(name)) errors[name] ??= message;
  }
  return errors;
}

export interface FormFeedbackOptions<T> {
  /**
   * The green toast's sentence, from what the server answered; left out when the mutation
   * says it itself (its component may be gone by the time the answer arrives).
   */
  success?: (result: T) => string;
  /** Runs after the success toast (close the modal, go to the list, ...). */
  onDone?: (result: T) => void;
  /** The form's field names: server messages for other fields become a toast instead. */
  fields: readonly string[];
  /** A Mantine form's `setErrors`. */
  setErrors: (errors: Record<string, string>) => void;
  /** Moves focus to the first field with an error (see `useFocusFirstError`). */
  focusFirstError?: (errors: Record<string, string>) => void;
  /** The red toast's title; a function may choose it from the error (e.g. a limit). */
  failureTitle: string | ((error: unknown) => string);
  /** Maps an API field name to the form's. */
  rename?: (apiField: string) => string;
}

/**
 * The `{ onSuccess, onError }` of a form's mutation, e.g.
 * `save.mutate(body, formFeedback({ success: () => 'Saved', onDone: close, fields, setErrors: form.setErrors, failureTitle: 'Not saved' }))`.
 */
export function formFeedback<T>(options: FormFeedbackOptions<T>) {
  return {
    onSuccess: (result: T) => {
      if (options.success) notifySuccess(options.success(result));
      options.onDone?.(result);
    },
    onError: (error: unknown) => {
      const errors = serverFieldErrors(error, options.fields, options.rename);
      if (Object.keys(errors).length > 0) {
        options.setErrors(errors);
        options.focusFirstError?.(errors);
        return;
      }
      const { failureTitle } = options;
      notifyActionFailure(
        error,
        typeof failureTitle === 'function' ? failureTitle(error) : failureTitle,
      );
    },
  };
}
