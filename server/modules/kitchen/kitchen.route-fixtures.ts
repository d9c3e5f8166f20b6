import { v7 as uuidv7 } from 'uuid';
import { kitchenStations, kotItems, kotTickets, kots, products, tables } from '../../db/schema';
import type { RouteFixture } from '../../test/route-fixtures';

/**
 * The kitchen's routes: /api/kitchen/…, /api/kots/… and a table's KOTs. Their ids name a table,
 * a KOT, a ticket, an item or a station: the foreign id is all five at once in the other branch
 * (one id, a row of each with it), so whichever a route reads, it exists there and not here.
 */
export const routeFixture: RouteFixture = {
  prefixes: ['/api/kitchen', '/api/kots', '/api/tables/{tableId}/kots'],
  foreignId: async ({ db, theirs }) => {
    const id = uuidv7();
    const branchId = theirs.branchId;
    await db.insert(tables).values({ branchId, id, label: `Their ${id}` });
    const [product] = await db
      .insert(products)
      .values({ branchId, name: `Their dish ${id}`, pricePaise: 100, subcategory: 'Mains' })
      .returning({ id: products.id });
    await db.insert(kitchenStations).values({ branchId, id, name: `Their station ${id}` });
    await db.insert(kots).values({
      branchId,
      id,
      businessDate: '2026-01-01',
      // Numbers are unique per branch and day: one the walk's other ids never take.
      number: 1 + Math.floor(Math.random() * 2 ** 30),
      opId: id,
      tableId: id,
      tableLabel: 'Theirs',
      sentByName: 'Them',
    });
    await db
      .insert(kotTickets)
      .values({ branchId, id, kotId: id, stationId: id, stationName: 'Their station' });
    await db.insert(kotItems).values({
      branchId,
      id,
      ticketId: id,
      lineKey: 'k',
      productId: product!.id,
      name: 'Their dish',
      quantity: 1,
      position: 1,
    });
    return id;
  },
  validBody: (_method, path) =>
    path.endsWith('/kots')
      ? { opId: uuidv7() }
      : path.endsWith('/state')
        ? { state: 'ready' }
        : path.includes('/stations')
          ? { name: `Station ${Math.floor(Math.random() * 1e6)}` }
          : path.endsWith('/routes')
            ? { routes: [] }
            : path.endsWith('/settings')
              ? {
                  autoSendOnLeave: false,
                  amberAfterMinutes: 10,
                  redAfterMinutes: 20,
                  voidReasons: ['Wrong item'],
                }
              : {},
};
