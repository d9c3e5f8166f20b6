import { describe, expect, it } from 'vitest';
import { ENTRY_TEXT, emptyEntryValues, entryBody, entryField } from './entry-form';

const KEY = 'entry-key-0001';

describe('cash in and out form', () => {
  it('starts at the first reason of its kind', () => {
    expect(emptyEntryValues('in').reason).toBe('Float top-up');
    expect(emptyEntryValues('out').reason).toBe('Petty expense');
  });

  it('sends the amount in paise, the note only when one was typed', () => {
    expect(
      entryBody('out', { reason: 'Petty expense', amount: '120.50', note: '  ' }, KEY),
    ).toEqual({
      body: { kind: 'out', amountPaise: 12_050, reason: 'Petty expense', idempotencyKey: KEY },
    });
    expect(
      entryBody('in', { reason: 'Other', amount: '500', note: ' Change for the day ' }, KEY).body,
    ).toMatchObject({ amountPaise: 50_000, note: 'Change for the day' });
  });

  it('asks for a reason and an amount above nothing', () => {
    expect(entryBody('out', { reason: '', amount: '0', note: '' }, KEY).errors).toEqual({
      reason: ENTRY_TEXT.reason,
      amount: ENTRY_TEXT.amount,
    });
    expect(entryBody('out', { reason: 'Other', amount: '12,00', note: '' }, KEY).errors).toEqual({
      amount: ENTRY_TEXT.amount,
    });
    expect(
      entryBody('out', { reason: 'Other', amount: '10000000.01', note: '' }, KEY).errors,
    ).toEqual({ amount: ENTRY_TEXT.tooMuch });
  });

  it('puts the API’s amount under the amount field', () => {
    expect(entryField('amountPaise')).toBe('amount');
    expect(entryField('note')).toBe('note');
  });
});
