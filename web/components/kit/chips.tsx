import { useId } from 'react';
import './kit.css';
import './chips.css';

export type ChipOption = { value: string; label: string };

/**
 * A single choice among a few, as one row of chips (a group of radios: arrows move the choice,
 * a screen reader says which is chosen). `label` names the group.
 */
export function Chips({
  label,
  ...choice
}: {
  label: string;
  options: readonly ChipOption[];
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="kit-chips" role="group" aria-label={label}>
      <ChipRadios {...choice} />
    </div>
  );
}

/**
 * The chips' radios, for a group drawn otherwise (kit/field.tsx's ChoiceField: a radio group
 * with its legend and error). `name` is the radios' form name (a generated one unless given).
 */
export function ChipRadios({
  name,
  options,
  value,
  onChange,
}: {
  name?: string;
  options: readonly ChipOption[];
  value: string;
  onChange: (value: string) => void;
}) {
  const generated = useId();
  return options.map((option) => (
    <label key={option.value} className="kit-chip">
      <input
        type="radio"
        name={name ?? generated}
        value={option.value}
        checked={option.value === value}
        onChange={() => onChange(option.value)}
      />
      <span>{option.label}</span>
    </label>
  ));
}
