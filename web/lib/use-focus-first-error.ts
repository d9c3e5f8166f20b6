import { useRef } from 'react';

/**
 * A form ref, and a function that moves focus to the first field (in `order`) with an error: the
 * element named so, or marked `data-field` with the name (the date fields, DayMonthYearInput).
 */
export function useFocusFirstError(order: readonly string[]) {
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstError = (errors: Record<string, unknown>) => {
    const first = order.find((name) => errors[name]);
    const selector = `[name="${first}"], [data-field="${first}"]`;
    if (first) formRef.current?.querySelector<HTMLElement>(selector)?.focus();
  };
  return { formRef, focusFirstError };
}
