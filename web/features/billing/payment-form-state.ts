import { useState, type ChangeEvent } from 'react';
import { initialPaymentValues, type PaymentFormValues } from './payment-form';

/** A form's messages by field (payment-form.ts's names; a split row's `rows.<index>.amount`). */
export type PaymentErrors = Record<string, string>;

/** The fields typed as text. */
type TextName =
  | 'discount'
  | 'discountFlat'
  | 'responsible'
  | 'buyerName'
  | 'buyerGstin'
  | 'buyerAddress'
  | 'cashReceived';

/** What a method or status chosen puts right (one may set the other: withMethod, withStatus). */
export const CHOICE_FIELDS = ['method', 'status', 'responsible'] as const;

/** `errors` without those of `fields` (the same object when it had none of them). */
function withoutErrors(errors: PaymentErrors, fields: readonly string[]): PaymentErrors {
  if (!fields.some((field) => field in errors)) return errors;
  const left = { ...errors };
  for (const field of fields) delete left[field];
  return left;
}

/**
 * The payment sheet's values as typed and its messages, in plain React state. A change clears
 * the messages of the fields it touches: a field being put right no longer says it is wrong.
 */
export function usePaymentFormState() {
  const [values, setValues] = useState(initialPaymentValues);
  const [errors, setErrors] = useState<PaymentErrors>({});
  /** The values made from the current ones (payment-form.ts's `with…`), `fields`' messages gone. */
  const change = (next: (current: PaymentFormValues) => PaymentFormValues, ...fields: string[]) => {
    setValues(next);
    setErrors((current) => withoutErrors(current, fields));
  };
  /** A text field's name, value, message and change (for kit/field.tsx's TextField). */
  const text = (name: TextName) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      const { value } = event.currentTarget;
      change((current) => ({ ...current, [name]: value }), name);
    },
  });
  return { values, errors, setErrors, change, text };
}

export type PaymentFormState = ReturnType<typeof usePaymentFormState>;
