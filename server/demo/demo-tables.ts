/** The demo's tables and counters, and the few of them with an order in progress. */
import { lineKeyOf } from '../../shared/menu';
import type { NewOrderLine, NewProduct, NewTable } from '../db/schema';
import { MINUTE, type DemoContext } from './demo-context';
import { PRODUCTS } from './demo-menu';

const TABLE_LABELS = ['T1', 'T2', 'T3', 'T4', 'T5', 'T6', 'T7', 'T8', 'Counter 1', 'Counter 2'];

/** The branch's tables and counters, made when the branch was set up. */
export function buildTables(ctx: DemoContext, branchId: string): NewTable[] {
  const { idAt, setupTime } = ctx;
  return TABLE_LABELS.map((label) => ({
    branchId,
    id: idAt(setupTime),
    label,
    createdAt: setupTime,
  }));
}

/** Two tables and a counter with an order in progress, so billing has something to pay. */
export function buildOpenOrders(
  ctx: DemoContext,
  {
    branchId,
    tableRows,
    productRows,
  }: { branchId: string; tableRows: NewTable[]; productRows: NewProduct[] },
): NewOrderLine[] {
  const { now, idAt } = ctx;
  const openOrders: [label: string, items: [product: string, quantity: number][]][] = [
    [
      'T3',
      [
        ['Masala Chai', 2],
        ['Veg Sandwich', 1],
      ],
    ],
    [
      'T5',
      [
        ['Cold Coffee', 1],
        ['Samosa (2 pcs)', 2],
        ['Chocolate Brownie', 1],
      ],
    ],
    ['Counter 1', [['Filter Coffee', 1]]],
  ];
  return openOrders.flatMap(([label, items], t) => {
    const table = tableRows.find((row) => row.label === label)!;
    return items.map(([name, quantity], i): NewOrderLine => {
      const index = PRODUCTS.findIndex((p) => p.name === name);
      const when = new Date(now.getTime() - (25 - t * 8 - i) * MINUTE);
      return {
        branchId,
        id: idAt(when),
        tableId: table.id!,
        productId: productRows[index]!.id!,
        name,
        lineKey: lineKeyOf({
          productId: productRows[index]!.id!,
          variantId: null,
          addonIds: [],
          note: '',
        }),
        unitPricePaise: PRODUCTS[index]!.pricePaise,
        quantity,
        createdAt: when,
        updatedAt: when,
      };
    });
  });
}
