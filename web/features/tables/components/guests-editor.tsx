import { useState } from 'react';
import { Button } from '../../../components/kit/button';
import { MAX_GUESTS } from '../../../../shared/constants';
import { TABLE_TEXT } from '../table-text';
import { arrowFocus } from '../../../components/kit/arrow-focus';

/** The counts offered as one-tap buttons; more are typed. */
const QUICK_COUNTS = Array.from({ length: 12 }, (_, index) => index + 1);

/**
 * How many guests sit at the table: one tap on 1–12, or a number typed (up to MAX_GUESTS);
 * 'Not said' clears it.
 */
export function GuestsEditor({
  guests,
  onSave,
}: {
  guests: number | null;
  onSave: (guests: number | null) => void;
}) {
  const [typed, setTyped] = useState(guests === null ? '' : String(guests));
  const count = /^\d+$/.test(typed) ? Number(typed) : Number.NaN;
  const valid = Number.isInteger(count) && count >= 1 && count <= MAX_GUESTS;
  return (
    <div className="tf-picker">
      <div
        role="group"
        aria-label={TABLE_TEXT.guests}
        className="tf-guest-counts"
        onKeyDown={arrowFocus}
      >
        {QUICK_COUNTS.map((value) => (
          <button
            key={value}
            type="button"
            className="tf-option"
            aria-pressed={guests === value}
            data-autofocus={guests === value || (guests === null && value === 2) || undefined}
            onClick={() => onSave(value)}
          >
            {value}
          </button>
        ))}
      </div>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (valid) onSave(count);
        }}
      >
        <div className="tf-guests-typed">
          <label className="tf-field">
            <span className="tf-field-label">{TABLE_TEXT.guestsTyped}</span>
            <input
              className="tf-input"
              type="number"
              inputMode="numeric"
              min={1}
              max={MAX_GUESTS}
              step={1}
              value={typed}
              onChange={(event) => setTyped(event.currentTarget.value)}
            />
          </label>
          <Button type="submit" variant="primary" disabled={!valid}>
            {TABLE_TEXT.setGuests}
          </Button>
        </div>
      </form>
      {guests !== null && <Button onClick={() => onSave(null)}>{TABLE_TEXT.clearGuests}</Button>}
    </div>
  );
}
