import { IconMinus, IconPlus } from '@tabler/icons-react';
import './kit.css';
import './stepper.css';

/**
 * A number with − and + (48 px each): the buttons carry their own names ('Remove one Masala
 * Dosa'), and the number is a polite live region, so a screen reader says the new value.
 */
export function Stepper({
  value,
  onDecrease,
  onIncrease,
  decreaseLabel,
  increaseLabel,
  testId,
}: {
  value: number;
  onDecrease: () => void;
  onIncrease: () => void;
  decreaseLabel: string;
  increaseLabel: string;
  /** The number's test id. */
  testId?: string;
}) {
  return (
    <div className="kit-stepper">
      <button type="button" aria-label={decreaseLabel} onClick={onDecrease}>
        <IconMinus size={18} aria-hidden />
      </button>
      <span className="kit-stepper-value" aria-live="polite" data-testid={testId}>
        {value}
      </span>
      <button type="button" aria-label={increaseLabel} onClick={onIncrease}>
        <IconPlus size={18} aria-hidden />
      </button>
    </div>
  );
}
