/**
 * What every part of the demo shares: the branch's code and zone, its 60 business days up to
 * `now`, and the two random streams (one for the data, one for ids, so adding a row somewhere
 * does not reshuffle all the data). Each part draws from them in the seed's fixed order; a part
 * built apart from the rest has streams of its own (`withStreams`).
 */
import { v7 as uuidv7 } from 'uuid';
import { addDays, businessDate, startOfBusinessDate, type IsoDate } from '../../shared/dates';
import { createRng, type Rng } from './demo-rng';

export const DEMO_BRANCH_CODE = 'DEMO01';
export const DEMO_TIME_ZONE = 'Asia/Kolkata';
/** Days of history, today included. */
export const DEMO_HISTORY_DAYS = 60;

export const MINUTE = 60_000;
export const DAY = 24 * 60 * MINUTE;

export interface DemoContext {
  now: Date;
  rng: Rng;
  /** A UUID v7 of this instant, from the id stream. */
  idAt: (at: Date) => string;
  /** An instant on a business date, `minutes` after local midnight. */
  at: (date: IsoDate, minutes: number) => Date;
  /** The first of the 60 business days. */
  firstDay: IsoDate;
  /** The 60 business days, oldest first, today last. */
  days: IsoDate[];
  /** When the branch was set up: the day before its first day, at 10:00. */
  setupTime: Date;
}

export function demoContext(now: Date): DemoContext {
  const today = businessDate(now, DEMO_TIME_ZONE);
  const firstDay = addDays(today, -(DEMO_HISTORY_DAYS - 1));
  const midnights = new Map<IsoDate, number>();
  const at = (date: IsoDate, minutes: number): Date => {
    let midnight = midnights.get(date);
    if (midnight === undefined) {
      midnight = startOfBusinessDate(date, DEMO_TIME_ZONE).getTime();
      midnights.set(date, midnight);
    }
    return new Date(midnight + minutes * MINUTE);
  };
  const days = Array.from({ length: DEMO_HISTORY_DAYS }, (_, d) => addDays(firstDay, d));
  return {
    now,
    ...streams(20240601, 7),
    at,
    firstDay,
    days,
    setupTime: at(addDays(firstDay, -1), 10 * 60),
  };
}

/**
 * `ctx` with random streams of its own (for the data and for ids), for a part built apart from
 * the rest (the stock, built once the sales are written): the others' streams stay as they were.
 */
export function withStreams(ctx: DemoContext, seed: number): DemoContext {
  return { ...ctx, ...streams(seed, seed + 1) };
}

function streams(dataSeed: number, idSeed: number): Pick<DemoContext, 'rng' | 'idAt'> {
  const idRng = createRng(idSeed);
  return {
    rng: createRng(dataSeed),
    idAt: (at) => uuidv7({ msecs: at.getTime(), random: idRng.bytes(16) }),
  };
}

/** Rows per INSERT: large enough to be quick on PGlite, far below the bind-parameter limit. */
const BATCH_SIZE = 500;

export async function insertInBatches<T>(
  rows: readonly T[],
  insert: (batch: T[]) => Promise<unknown>,
): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH_SIZE) {
    await insert(rows.slice(i, i + BATCH_SIZE));
  }
}

/** Rows by a key, in their order (Node 20 has no Map.groupBy). */
export function groupBy<T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) {
    const k = key(row);
    const group = groups.get(k);
    if (group) group.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}
