import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { createTestDatabase } from '../../test/test-database';
import { formatInvoiceNumber } from '../../../shared/gst';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

describe('bill numbers', () => {
  it('are written alike by the payment in the database and by formatInvoiceNumber', async () => {
    // 'DC/2627/' leaves 8 digits of the 16 characters.
    const numbers = [1, 9, 10, 123, 99_999, 999_999, 1_000_000, 1_234_567, 99_999_999];
    for (let i = 0; i < 40; i++) numbers.push(Math.floor(Math.random() * 20_000_000) + 1);
    const result = await database.db.execute(
      sql`select format_bill_number('DC', '2026-27', n) as number
        from unnest(${`{${numbers.join(',')}}`}::integer[]) with ordinality as x(n, i) order by i`,
    );
    const rows = (result as unknown as { rows: { number: string }[] }).rows;
    expect(rows.map((row) => row.number)).toEqual(
      numbers.map((n) => formatInvoiceNumber('DC', '2026-27', n)),
    );
  });
});
