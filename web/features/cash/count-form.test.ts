import { describe, expect, it } from 'vitest';
import { CASH_TEXT } from '../../../shared/schemas/cash.schemas';
import {
  COUNT_TEXT,
  countField,
  countOf,
  emptyCountValues,
  lineTotalPaise,
  runningTotalPaise,
} from './count-form';

describe('count form', () => {
  it('starts empty, and an empty form is a count of nothing', () => {
    const values = emptyCountValues();
    expect(values.notes['500']).toBe('');
    expect(values.coins).toBe('');
    expect(runningTotalPaise(values)).toBe(0);
    expect(countOf(values).count).toEqual({
      notes: { 500: 0, 200: 0, 100: 0, 50: 0, 20: 0, 10: 0 },
      coinsPaise: 0,
    });
  });

  it('adds the notes by their value and the coins in rupees, to the paisa', () => {
    const values = emptyCountValues();
    values.notes['500'] = 4;
    values.notes['100'] = '3';
    values.notes['10'] = ' 7 ';
    values.coins = '45.50';
    expect(lineTotalPaise(500, 4)).toBe(200_000);
    expect(runningTotalPaise(values)).toBe(200_000 + 30_000 + 7_000 + 4_550);
    expect(countOf(values).count).toEqual({
      notes: { 500: 4, 200: 0, 100: 3, 50: 0, 20: 0, 10: 7 },
      coinsPaise: 4_550,
    });
  });

  it('says which fields are not counts, and the running total leaves them out', () => {
    const values = emptyCountValues();
    values.notes['200'] = '2.5';
    values.notes['50'] = '-1';
    values.notes['20'] = 2;
    values.coins = '3.555';
    expect(runningTotalPaise(values)).toBe(4_000);
    const { errors } = countOf(values);
    expect(errors).toMatchObject({
      'notes.200': CASH_TEXT.notes(200),
      'notes.50': CASH_TEXT.notes(50),
    });
    expect(errors?.coins).toBe(COUNT_TEXT.coins);
    expect(errors?.['notes.20']).toBeUndefined();
  });

  it('refuses a stack of notes beyond any drawer, and coins above the limit', () => {
    const values = emptyCountValues();
    values.notes['10'] = '100001';
    values.coins = '10000000.01';
    expect(countOf(values).errors).toEqual({
      'notes.10': CASH_TEXT.notes(10),
      coins: COUNT_TEXT.coinsTooMuch,
    });
  });

  it('puts the API’s count fields under the form’s', () => {
    expect(countField('closingCount.notes.500')).toBe('notes.500');
    expect(countField('openingCount.coinsPaise')).toBe('coins');
    expect(countField('note')).toBe('note');
  });
});
