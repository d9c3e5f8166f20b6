import { useState } from 'react';
import { Button, Group, NumberInput } from '@mantine/core';
import { MAX_GUESTS } from '../../../../shared/constants';
import { TABLE_TEXT } from '../table-text';
import { arrowFocus } from './choice-picker';

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
  const [typed, setTyped] = useState<string | number>(guests ?? '');
  const count = typeof typed === 'number' ? typed : Number.parseInt(typed, 10);
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
        <Group align="flex-end" gap="xs" wrap="nowrap">
          <NumberInput
            label={TABLE_TEXT.guestsTyped}
            value={typed}
            onChange={setTyped}
            min={1}
            max={MAX_GUESTS}
            allowDecimal={false}
            allowNegative={false}
            size="md"
            style={{ flex: 1 }}
          />
          <Button type="submit" size="md" disabled={!valid}>
            {TABLE_TEXT.setGuests}
          </Button>
        </Group>
      </form>
      {guests !== null && (
        <Button variant="default" size="md" onClick={() => onSave(null)}>
          {TABLE_TEXT.clearGuests}
        </Button>
      )}
    </div>
  );
}
