import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { ChipRadios, type ChipOption } from './chips';
import './kit.css';
import './chips.css';
import './field.css';

type FieldText = {
  /** The field's name, shown above it and read with it. */
  label: string;
  /** A line under the label ('Who will pay the due later'), read after the name. */
  hint?: ReactNode;
  /** What is wrong with the value, in words; marks the field invalid. */
  error?: string | null;
  /** Marked with an asterisk, and aria-required. */
  required?: boolean;
  /** More classes on the field's frame (its width in a screen's layout). */
  className?: string;
};

/** A field's ids: its control's, its hint's and its error's, and what describes the control. */
function useFieldIds({ hint, error }: Pick<FieldText, 'hint' | 'error'>) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ');
  return { id, hintId, errorId, describedBy: describedBy || undefined };
}

type Ids = ReturnType<typeof useFieldIds>;

/** Label, hint, the control, the error: one column. */
function Frame({
  ids,
  label,
  hint,
  error,
  required,
  className,
  children,
}: FieldText & { ids: Ids; children: ReactNode }) {
  return (
    <div className={className ? `kit-field ${className}` : 'kit-field'}>
      <label htmlFor={ids.id} className="kit-field-label">
        {label}
        {required && (
          <span className="kit-field-required" aria-hidden>
            *
          </span>
        )}
      </label>
      {hint && (
        <p id={ids.hintId} className="kit-field-hint">
          {hint}
        </p>
      )}
      {children}
      {error && (
        <p id={ids.errorId} className="kit-field-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** What every control of a field carries: its id, its description, invalid and required. */
function controlProps(ids: Ids, { error, required }: Pick<FieldText, 'error' | 'required'>) {
  return {
    id: ids.id,
    className: 'kit-input',
    'aria-describedby': ids.describedBy,
    'aria-invalid': error ? true : undefined,
    'aria-required': required || undefined,
  };
}

/**
 * A labelled text box, 48 px high: its hint and error under the label are read with it
 * (aria-describedby), and an error marks it invalid. The other props are the input's.
 */
export function TextField({
  label,
  hint,
  error,
  required,
  className,
  ...input
}: FieldText & Omit<InputHTMLAttributes<HTMLInputElement>, 'className' | 'required'>) {
  const ids = useFieldIds({ hint, error });
  return (
    <Frame {...{ ids, label, hint, error, required, className }}>
      <input {...input} {...controlProps(ids, { error, required })} />
    </Frame>
  );
}

/** A labelled text area (an address), two to four lines as the text grows; as TextField. */
export function TextAreaField({
  label,
  hint,
  error,
  required,
  className,
  ...textarea
}: FieldText & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'className' | 'required'>) {
  const ids = useFieldIds({ hint, error });
  return (
    <Frame {...{ ids, label, hint, error, required, className }}>
      <textarea rows={2} {...textarea} {...controlProps(ids, { error, required })} />
    </Frame>
  );
}

/** A labelled native select of `options` (the phone's own picker); as TextField. */
export function SelectField({
  label,
  hint,
  error,
  required,
  className,
  options,
  ...select
}: FieldText & { options: readonly ChipOption[] } & Omit<
    SelectHTMLAttributes<HTMLSelectElement>,
    'className' | 'required'
  >) {
  const ids = useFieldIds({ hint, error });
  return (
    <Frame {...{ ids, label, hint, error, required, className }}>
      <select {...select} {...controlProps(ids, { error, required })}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Frame>
  );
}

/**
 * An on/off choice (role switch) with its label beside it and a hint under it; the label and
 * the track take the tap.
 */
export function SwitchField({
  label,
  hint,
  checked,
  onChange,
}: Pick<FieldText, 'label' | 'hint'> & {
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const ids = useFieldIds({ hint });
  return (
    <div className="kit-switch">
      <input
        id={ids.id}
        type="checkbox"
        role="switch"
        checked={checked}
        aria-describedby={ids.describedBy}
        onChange={(event) => onChange(event.currentTarget.checked)}
      />
      <label htmlFor={ids.id} className="kit-field-label">
        {label}
      </label>
      {hint && (
        <p id={ids.hintId} className="kit-field-hint">
          {hint}
        </p>
      )}
    </div>
  );
}

/**
 * A choice among a few, as chips under a legend: a radio group named by it, its error read with
 * it and marking it invalid. `name` is the radios' form name (a form's first error finds it).
 */
export function ChoiceField({
  label,
  error,
  className,
  ...choice
}: Pick<FieldText, 'label' | 'error' | 'className'> & {
  name: string;
  options: readonly ChipOption[];
  value: string;
  onChange: (value: string) => void;
}) {
  const ids = useFieldIds({ error });
  return (
    <fieldset
      role="radiogroup"
      aria-labelledby={`${ids.id}-legend`}
      aria-describedby={ids.describedBy}
      aria-invalid={error ? true : undefined}
      className={className ? `kit-field ${className}` : 'kit-field'}
    >
      <legend id={`${ids.id}-legend`} className="kit-field-label">
        {label}
      </legend>
      <div className="kit-chips">
        <ChipRadios {...choice} />
      </div>
      {error && (
        <p id={ids.errorId} className="kit-field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
