import { useRef } from 'react';

/** A form ref, and a function that moves focus to the first field (in `order`) with an error. */
export function useFocusFirstError(order: readonly string[]) {
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstError = (errors: Record<string, unknown>) => {
    const first = order.find((name) => errors[name]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };
  return { formRef, focusFirstError };
}
