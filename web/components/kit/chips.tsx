import { useId } from 'react';
import './kit.css';
import './chips.css';

/**
 * A single choice among a few, as one row of chips (a group of radios: arrows move the choice,
 * a screen reader says which is chosen). `label` names the group.
 */
export function Chips({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: readonly { value: string; label: string }[];
  value: string;
  onChange: (value: string) => void;
}) {
  const name = useId();
  return (
    <div className="kit-chips" role="group" aria-label={label}>
      {options.map((option) => (
        <label key={option.value} className="kit-chip">
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={option.value === value}
            onChange={() => onChange(option.value)}
          />
          <span>{option.label}</span>
        </label>
      ))}
    </div>
  );
}
