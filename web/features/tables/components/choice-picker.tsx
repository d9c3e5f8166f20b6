import { useState } from 'react';
import { arrowFocus } from '../../../components/kit/arrow-focus';
import { Button } from '../../../components/kit/button';
import { MAX_NOTE_LENGTH } from '../../../../shared/menu';
import { formatInr } from '../../../../shared/money';
import type { MenuAddonGroup } from '../../../../shared/schemas/menu.schemas';
import type { MenuItem } from '../../../../shared/schemas/products.schemas';
import {
  choicesProblem,
  defaultChoices,
  groupsOf,
  hasQuickNote,
  lineProductOf,
  toggleAddon,
  toggleQuickNote,
  type Choices,
} from '../choices';
import type { LineProduct } from '../order-lines';
import { TABLE_TEXT } from '../table-text';

/** A line's note ('no onion'), up to the server's length. */
export function NoteField({
  value,
  autoFocus,
  onChange,
}: {
  value: string;
  /** The dialog's first focus (kit/dialog.tsx). */
  autoFocus: boolean;
  onChange: (note: string) => void;
}) {
  return (
    <label className="tf-field">
      <span className="tf-field-label">{TABLE_TEXT.note}</span>
      <input
        className="tf-input"
        placeholder={TABLE_TEXT.notePlaceholder}
        value={value}
        maxLength={MAX_NOTE_LENGTH}
        autoComplete="off"
        data-autofocus={autoFocus || undefined}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
    </label>
  );
}

/** The quick notes as chips: a tap puts one in the note or takes it out. */
export function QuickNotes({
  notes,
  note,
  onChange,
}: {
  notes: readonly string[];
  note: string;
  onChange: (note: string) => void;
}) {
  if (notes.length === 0) return null;
  return (
    <div
      role="group"
      aria-label={TABLE_TEXT.quickNotes}
      className="tf-option-row"
      onKeyDown={arrowFocus}
    >
      {notes.map((quick) => (
        <button
          key={quick}
          type="button"
          className="tf-option"
          aria-pressed={hasQuickNote(note, quick)}
          onClick={() => onChange(toggleQuickNote(note, quick).slice(0, MAX_NOTE_LENGTH))}
        >
          {quick}
        </button>
      ))}
    </div>
  );
}

type Props = {
  item: MenuItem;
  groups: readonly MenuAddonGroup[];
  quickNotes: readonly string[];
  /**
   * Opened by a tap on a card that needs a choice: choosing a variant adds at once when nothing
   * else is required. Opened by 'Add with choices…': every choice waits for 'Add'.
   */
  quick: boolean;
  onAdd: (product: LineProduct) => void;
  onClose: () => void;
};

/**
 * The picker: variants as large buttons with their prices, each add-on group as chips (its min
 * and max kept by shared/menu.ts, required groups marked), a note with the branch's quick notes
 * one tap away; sold-out variants greyed. At most two more taps for the common case; the
 * keyboard alone works it (Tab, arrows, Enter or Space, Escape).
 */
export function ChoicePicker({ item, groups, quickNotes, quick, onAdd, onClose }: Props) {
  const [choices, setChoices] = useState<Choices>(() => defaultChoices(item));
  const [message, setMessage] = useState<string | null>(null);
  const offered = groupsOf(item, groups);
  const problem = choicesProblem(item, groups, choices);
  const product = lineProductOf(item, groups, choices);
  // Before a variant is chosen the price is not known: the cheapest one on sale, as "from".
  const cheapest = item.variants
    .filter((variant) => !variant.soldOut)
    .reduce<MenuItem['variants'][number] | null>(
      (low, variant) => (low && low.pricePaise <= variant.pricePaise ? low : variant),
      null,
    );
  const addLabel =
    choices.variantId === null && cheapest
      ? TABLE_TEXT.addFrom(
          formatInr(
            lineProductOf(item, groups, { ...choices, variantId: cheapest.id }).unitPricePaise,
          ),
        )
      : TABLE_TEXT.addPrice(formatInr(product.unitPricePaise));

  const add = (next: Choices) => {
    const why = choicesProblem(item, groups, next);
    if (why) {
      setMessage(why);
      return;
    }
    onAdd(lineProductOf(item, groups, next));
    onClose();
  };

  const chooseVariant = (variantId: string) => {
    const variant = item.variants.find((v) => v.id === variantId)!;
    if (variant.soldOut) {
      setMessage(TABLE_TEXT.soldOutRefused(`${item.name} (${variant.name})`));
      return;
    }
    const next = { ...choices, variantId };
    setChoices(next);
    setMessage(null);
    // The common case: a size is all there is to choose (nothing else touched yet).
    const pristine = choices.addonIds.length === 0 && choices.note.trim() === '';
    if (quick && pristine && choicesProblem(item, groups, next) === null) add(next);
  };

  return (
    <form
      className="tf-picker"
      onSubmit={(event) => {
        event.preventDefault();
        add(choices);
      }}
    >
      {item.variants.length > 0 && (
        <fieldset className="tf-picker-group">
          <legend>
            {TABLE_TEXT.chooseVariant}{' '}
            <span
              className="tf-picker-rule"
              data-required
              data-met={choices.variantId !== null || undefined}
            >
              {TABLE_TEXT.required}
            </span>
          </legend>
          <div className="tf-variants" onKeyDown={arrowFocus}>
            {item.variants.map((variant, index) => {
              const chosen = choices.variantId === variant.id;
              return (
                <button
                  key={variant.id}
                  type="button"
                  className="tf-variant"
                  aria-pressed={chosen}
                  aria-disabled={variant.soldOut || undefined}
                  data-autofocus={
                    chosen || (choices.variantId === null && index === 0) ? true : undefined
                  }
                  onClick={() => chooseVariant(variant.id)}
                >
                  <span className="tf-variant-name">{variant.name}</span>
                  <span className="tf-variant-price">
                    {variant.soldOut ? TABLE_TEXT.soldOut : formatInr(variant.pricePaise)}
                  </span>
                </button>
              );
            })}
          </div>
        </fieldset>
      )}
      {offered.map((group) => {
        const required = group.minChoices > 0;
        const chosen = group.options.filter((option) => choices.addonIds.includes(option.id));
        const met = required && chosen.length >= group.minChoices;
        return (
          <fieldset key={group.id} className="tf-picker-group">
            <legend>
              {group.name}{' '}
              <span
                className="tf-picker-rule"
                data-required={required || undefined}
                data-met={met || undefined}
              >
                {TABLE_TEXT.groupRule(group.minChoices, group.maxChoices)}
              </span>
            </legend>
            <div className="tf-option-row" onKeyDown={arrowFocus}>
              {group.options.map((option) => (
                <button
                  key={option.id}
                  type="button"
                  className="tf-option"
                  aria-pressed={choices.addonIds.includes(option.id)}
                  onClick={() => {
                    setChoices({
                      ...choices,
                      addonIds: toggleAddon(group, choices.addonIds, option.id),
                    });
                    setMessage(null);
                  }}
                >
                  {option.name}
                  {option.pricePaise > 0 && (
                    <span className="tf-option-price"> +{formatInr(option.pricePaise)}</span>
                  )}
                </button>
              ))}
            </div>
          </fieldset>
        );
      })}
      <div className="tf-picker-group">
        <NoteField
          value={choices.note}
          autoFocus={item.variants.length === 0 && offered.length === 0}
          onChange={(note) => setChoices({ ...choices, note })}
        />
        <QuickNotes
          notes={quickNotes}
          note={choices.note}
          onChange={(note) => setChoices({ ...choices, note })}
        />
      </div>
      <div className="tf-picker-foot">
        {(message ?? problem) && (
          <p
            className="tf-picker-message"
            data-error={message ? true : undefined}
            role={message ? 'alert' : undefined}
          >
            {message ?? problem}
          </p>
        )}
        <Button
          type="submit"
          variant="primary"
          fullWidth
          aria-disabled={problem !== null || undefined}
        >
          {addLabel}
        </Button>
      </div>
    </form>
  );
}
