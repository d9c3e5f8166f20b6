// What the database must hold after the crash-safety test's kills (server/test/crash-safety.slow.test.ts),
// read straight from the database once the server is down: every answered request in full,
// nothing half-written, bill numbers 1..N. Each finding is a line of the answer.
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  describeLines,
  sameLines,
  type CrashDevice,
  type CrashWorld,
  type Lines,
} from './crash-safety.clients';
import { dailyTotalsMismatches } from './daily-totals';

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Key → summed value, for rows of (key, value). */
function sums(list: { key: string; value: number }[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const { key, value } of list) out.set(key, (out.get(key) ?? 0) + value);
  return out;
}

export async function crashSafetyProblems(
  db: Db,
  {
    branchId,
    world,
    devices,
    initialStock,
  }: {
    branchId: string;
    world: CrashWorld;
    devices: CrashDevice[];
    /** Ingredient id → quantity in the fixture (before any movement). */
    initialStock: Map<string, number>;
  },
): Promise<string[]> {
  const problems: string[] = [];
  const b = sql`${branchId}::uuid`;

  // Bills: each answered payment in full (lines, money, number), and no other bill.
  const bills = await rows<{
    id: string;
    idempotency_key: string;
    number: string;
    financial_year: string;
    table_id: string;
    status: string;
    subtotal_paise: number;
    discount_paise: number;
    total_paise: number;
    line_count: number;
    lines_total: number;
    payment_count: number;
    paid: number;
  }>(
    db,
    sql`
      select b.id, b.idempotency_key, b.number, b.financial_year, b.table_id, b.status,
        b.subtotal_paise, b.discount_paise, b.total_paise,
        (select count(*)::int from bill_lines l where l.branch_id = b.branch_id and l.bill_id = b.id) as line_count,
        (select coalesce(sum(l.line_total_paise), 0)::int from bill_lines l
          where l.branch_id = b.branch_id and l.bill_id = b.id) as lines_total,
        (select count(*)::int from bill_payments p where p.branch_id = b.branch_id and p.bill_id = b.id) as payment_count,
        (select coalesce(sum(p.amount_paise), 0)::int from bill_payments p
          where p.branch_id = b.branch_id and p.bill_id = b.id) as paid
      from bills b where b.branch_id = ${b}`,
  );
  const billLines = await rows<{ bill_id: string; product_id: string; quantity: number }>(
    db,
    sql`select bill_id, product_id, quantity from bill_lines where branch_id = ${b}`,
  );
  const linesOfBill = new Map<string, Lines>();
  for (const line of billLines) {
    const lines = linesOfBill.get(line.bill_id) ?? new Map<string, number>();
    lines.set(line.product_id, (lines.get(line.product_id) ?? 0) + line.quantity);
    linesOfBill.set(line.bill_id, lines);
  }
  const byKey = new Map(bills.map((bill) => [bill.idempotency_key, bill]));
  for (const bill of bills) {
    if (bill.line_count === 0) problems.push(`bill ${bill.number} has no lines`);
    if (bill.lines_total !== bill.subtotal_paise) {
      problems.push(`bill ${bill.number}: lines add up to ${bill.lines_total}, not its subtotal`);
    }
    const paidOk =
      bill.status === 'Settled' ? bill.paid === bill.total_paise : bill.paid < bill.total_paise;
    if (!paidOk) problems.push(`bill ${bill.number} (${bill.status}) has ${bill.paid} paid`);
    if (!world.bills.has(bill.idempotency_key)) {
      problems.push(`bill ${bill.number} was never answered to a device`);
    }
  }
  for (const [key, expected] of world.bills) {
    const bill = byKey.get(key);
    if (!bill) {
      problems.push(`answered payment ${key} (bill ${expected.number}) is missing`);
      continue;
    }
    const lines = linesOfBill.get(bill.id) ?? new Map<string, number>();
    const wrong = [
      bill.id !== expected.id && 'id',
      bill.number !== expected.number && 'number',
      bill.table_id !== expected.tableId && 'table',
      bill.status !== expected.status && 'status',
      bill.subtotal_paise !== expected.subtotalPaise && 'subtotal',
      bill.discount_paise !== expected.discountPaise && 'discount',
      bill.total_paise !== expected.totalPaise && 'total',
      bill.paid !== expected.paidPaise && `paid (${bill.paid} of ${expected.paidPaise})`,
      !sameLines(lines, expected.lines) &&
        `lines (${describeLines(lines)} instead of ${describeLines(expected.lines)})`,
    ].filter(Boolean);
    if (wrong.length) problems.push(`bill ${expected.number}: wrong ${wrong.join(', ')}`);
  }

  const [{ strays } = { strays: 0 }] = await rows<{ strays: number }>(
    db,
    sql`select (select count(*) from bill_lines l where l.branch_id = ${b} and not exists
          (select 1 from bills b where b.branch_id = l.branch_id and b.id = l.bill_id))::int
      + (select count(*) from bill_payments p where p.branch_id = ${b} and not exists
          (select 1 from bills b where b.branch_id = p.branch_id and b.id = p.bill_id))::int as strays`,
  );
  if (strays > 0) problems.push(`${strays} bill lines or payments belong to no bill`);

  // Bill numbers: 1..N per financial year, and the counter at N.
  const counters = new Map(
    (
      await rows<{ financial_year: string; last_number: number }>(
        db,
        sql`select financial_year, last_number from bill_counters where branch_id = ${b}`,
      )
    ).map((row) => [row.financial_year, row.last_number]),
  );
  const years = new Set([...bills.map((bill) => bill.financial_year), ...counters.keys()]);
  for (const year of years) {
    const serials = bills
      .filter((bill) => bill.financial_year === year)
      .map((bill) => Number(bill.number.slice(bill.number.lastIndexOf('/') + 1)))
      .sort((x, y) => x - y);
    const gapless = serials.every((serial, index) => serial === index + 1);
    if (!gapless) {
      problems.push(`bill numbers of ${year} are not 1..${serials.length}: ${serials.join(' ')}`);
    }
    if ((counters.get(year) ?? 0) !== serials.length) {
      problems.push(
        `bill counter of ${year} is at ${counters.get(year)} with ${serials.length} bills`,
      );
    }
  }

  // Stock taken by sales: per bill and ingredient, recipe × quantity; none for another bill.
  const sales = await rows<{ bill_id: string | null; ingredient_id: string; used: number }>(
    db,
    sql`select bill_id, ingredient_id, -quantity_delta as used from inventory_movements
        where branch_id = ${b} and action = 'sale'`,
  );
  const billIds = new Set(bills.map((bill) => bill.id));
  for (const sale of sales) {
    if (!sale.bill_id || !billIds.has(sale.bill_id)) {
      problems.push(`a sale movement points at no bill (${sale.bill_id})`);
    }
  }
  for (const expected of world.bills.values()) {
    const want = new Map<string, number>();
    for (const [productId, quantity] of expected.lines) {
      for (const row of world.product(productId).recipe) {
        want.set(row.ingredientId, (want.get(row.ingredientId) ?? 0) + row.quantityUsed * quantity);
      }
    }
    const got = sums(
      sales
        .filter((sale) => sale.bill_id === expected.id)
        .map((sale) => ({ key: sale.ingredient_id, value: sale.used })),
    );
    if (!sameLines(got, want)) {
      problems.push(
        `bill ${expected.number} took ${describeLines(got)} from stock, not ${describeLines(want)}`,
      );
    }
  }

  // Stock submissions: each answered one with all its purchases and their history rows.
  const submissions = await rows<{ id: string; idempotency_key: string }>(
    db,
    sql`select id, idempotency_key from stock_submissions where branch_id = ${b}`,
  );
  const purchases = await rows<{
    id: string;
    submission_id: string | null;
    ingredient_id: string;
    quantity: number;
    movements: number;
    moved: number;
  }>(
    db,
    sql`select p.id, p.submission_id, p.ingredient_id, p.quantity,
          count(m.id)::int as movements, coalesce(sum(m.quantity_delta), 0)::int as moved
        from stock_purchases p
        left join inventory_movements m on m.branch_id = p.branch_id and m.stock_purchase_id = p.id
          and m.action = 'add_stock'
        where p.branch_id = ${b}
        group by p.branch_id, p.id`,
  );
  const [{ orphans } = { orphans: 0 }] = await rows<{ orphans: number }>(
    db,
    sql`select count(*)::int as orphans from inventory_movements
        where branch_id = ${b} and action = 'add_stock' and stock_purchase_id is null`,
  );
  if (orphans > 0) problems.push(`${orphans} 'Add Stock' movements without their purchase`);
  for (const purchase of purchases) {
    if (purchase.movements !== 1 || purchase.moved !== purchase.quantity) {
      problems.push(
        `purchase ${purchase.id} has ${purchase.movements} history rows adding ${purchase.moved}`,
      );
    }
  }
  const submissionOfKey = new Map(submissions.map((row) => [row.idempotency_key, row.id]));
  if (submissions.length !== world.submissions.size) {
    problems.push(
      `${submissions.length} stock submissions stored, ${world.submissions.size} answered`,
    );
  }
  for (const [key, expected] of world.submissions) {
    const id = submissionOfKey.get(key);
    if (id !== expected.submissionId) {
      problems.push(`answered stock submission ${key} is stored as ${id ?? 'nothing'}`);
      continue;
    }
    const stored = purchases
      .filter((purchase) => purchase.submission_id === id)
      .map((purchase) => `${purchase.ingredient_id}+${purchase.quantity}`)
      .sort();
    const want = expected.entries.map((entry) => `${entry.ingredientId}+${entry.quantity}`).sort();
    if (JSON.stringify(stored) !== JSON.stringify(want)) {
      problems.push(`stock submission ${key} holds ${stored.join(' ')}, not ${want.join(' ')}`);
    }
  }
  const unknown = purchases.filter(
    (purchase) =>
      !purchase.submission_id || !submissions.some((s) => s.id === purchase.submission_id),
  );
  if (unknown.length) problems.push(`${unknown.length} purchases belong to no stock submission`);

  // Ingredient quantities: what the fixture had plus every movement, and what the devices did.
  const stock = await rows<{ id: string; quantity: number; moved: number }>(
    db,
    sql`select i.id, i.quantity, coalesce((select sum(m.quantity_delta) from inventory_movements m
          where m.branch_id = i.branch_id and m.ingredient_id = i.id), 0)::int as moved
        from ingredients i where i.branch_id = ${b}`,
  );
  for (const item of stock) {
    const initial = initialStock.get(item.id) ?? 0;
    if (item.quantity !== initial + item.moved) {
      problems.push(
        `ingredient ${item.id} holds ${item.quantity}; its history says ${initial + item.moved}`,
      );
    }
    const expected = initial + (world.stockChange.get(item.id) ?? 0);
    if (item.quantity !== expected) {
      problems.push(
        `ingredient ${item.id} holds ${item.quantity}; the devices' work says ${expected}`,
      );
    }
  }

  // Open orders: each table's lines and version as its device's answered taps made them.
  const tables = await rows<{ id: string; version: number }>(
    db,
    sql`select id, version from tables where branch_id = ${b}`,
  );
  const orderLines = await rows<{ table_id: string; product_id: string; quantity: number }>(
    db,
    sql`select table_id, product_id, quantity from order_lines where branch_id = ${b}`,
  );
  for (const device of devices) {
    const lines = new Map(
      orderLines
        .filter((line) => line.table_id === device.tableId)
        .map((line) => [line.product_id, line.quantity]),
    );
    if (!sameLines(lines, device.lines)) {
      problems.push(
        `${device.name}'s table holds ${describeLines(lines)}, not ${describeLines(device.lines)}`,
      );
    }
    const version = tables.find((table) => table.id === device.tableId)?.version;
    if (version !== device.version) {
      problems.push(`${device.name}'s table is at version ${version}, not ${device.version}`);
    }
  }
  const sharedLines = new Map(
    orderLines
      .filter((line) => line.table_id === world.menu.sharedTableId)
      .map((line) => [line.product_id, line.quantity]),
  );
  if (!sameLines(sharedLines, world.shared.lines)) {
    problems.push(
      `the shared table holds ${describeLines(sharedLines)}, not ${describeLines(world.shared.lines)}`,
    );
  }
  const sharedVersion = tables.find((table) => table.id === world.menu.sharedTableId)?.version;
  if (sharedVersion !== world.shared.version) {
    problems.push(`the shared table is at version ${sharedVersion}, not ${world.shared.version}`);
  }
  const ops = new Set(
    (
      await rows<{ op_id: string }>(
        db,
        sql`select op_id from order_ops where branch_id = ${b} and kind = 'tap'`,
      )
    ).map((row) => row.op_id),
  );
  // Every payment's key is recorded with its first bill, as a payment of its table.
  const [unrecorded] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from bills x
      where x.branch_id = ${b} and coalesce(x.split_part, 1) = 1 and not exists (
        select 1 from order_ops o where o.branch_id = x.branch_id
          and o.op_id = x.idempotency_key::uuid and o.kind = 'payment'
          and o.table_id = x.table_id and o.result_id = x.id)`,
  );
  if (unrecorded!.n > 0) problems.push(`${unrecorded!.n} bills whose payment op is not recorded`);
  const lostOps = [...world.ops].filter((op) => !ops.has(op));
  const strayOps = [...ops].filter((op) => !world.ops.has(op));
  if (lostOps.length) problems.push(`${lostOps.length} answered taps have no op id stored`);
  if (strayOps.length)
    problems.push(`${strayOps.length} op ids stored that no device had answered`);

  // The items' totals per day agree with the lines of the bills written, no more, no less.
  problems.push(...(await dailyTotalsMismatches(db, branchId)));

  return problems;
}
