/**
 * The demo's floor and kitchen (docs/kitchen.md): its tables in sections (Ground floor, Terrace,
 * Counter), two stations (Kitchen, Bar) with the drinks routed to the Bar, the kitchen display's
 * account, and who opened each order in progress with its guests. Built after every other part,
 * so the ids drawn here leave the rest of the demo as it was.
 */
import type { NewOrderLine, NewTable, NewUser, TableSection } from '../db/schema';
import { kitchenStations, subcategoryStations } from '../db/schema';
import type { DbOrTx } from '../db/client';
import { recordDemoSections } from '../modules/tables/sections.usecases';
import type { DemoContext } from './demo-context';
import { COLD, HOT } from './demo-menu';
import { KITCHEN } from './demo-platform';

/** Each section and the tables in it, in the billing screen's order. */
const SECTIONS: [name: string, labels: string[]][] = [
  ['Ground floor', ['T1', 'T2', 'T3', 'T4', 'T5']],
  ['Terrace', ['T6', 'T7', 'T8']],
  ['Counter', ['Counter 1', 'Counter 2']],
];

const STATIONS = ['Kitchen', 'Bar'];
/** The drinks are made at the Bar; everything else goes to the first station (Kitchen). */
const BAR_SUBCATEGORIES = [HOT, COLD];

/** Guests at each table with an order in progress (a counter's customer is not counted). */
const GUESTS: Record<string, number> = { T3: 2, T5: 4 };

export interface DemoFloor {
  sections: TableSection[];
  stations: (typeof kitchenStations.$inferInsert)[];
  routes: (typeof subcategoryStations.$inferInsert)[];
  kitchenUser: NewUser;
  tables: NewTable[];
}

export function buildFloor(
  ctx: DemoContext,
  {
    branchId,
    tables,
    orderLines,
    openers,
    passwordHash,
    plan,
  }: {
    branchId: string;
    tables: NewTable[];
    orderLines: NewOrderLine[];
    /** Who opens the orders in progress, in turn (the demo's waiters). */
    openers: string[];
    passwordHash: string;
    plan: { activeDate: string; deactiveDate: string };
  },
): DemoFloor {
  const { idAt, setupTime } = ctx;
  const sections = SECTIONS.map(([name], position): TableSection => ({
    branchId,
    id: idAt(setupTime),
    name,
    position,
    archivedAt: null,
    createdAt: setupTime,
  }));
  const stations = STATIONS.map((name, position) => ({
    branchId,
    id: idAt(setupTime),
    name,
    position,
    createdAt: setupTime,
  }));
  const routes = BAR_SUBCATEGORIES.map((subcategory) => ({
    branchId,
    subcategory,
    stationId: stations[1]!.id,
  }));
  const kitchenUser: NewUser = {
    id: idAt(setupTime),
    role: 'kitchen',
    branchId,
    name: KITCHEN.name,
    email: KITCHEN.email,
    passwordHash,
    // Usable at once, like the other demo logins.
    mustChangePassword: false,
    isActive: true,
    activeDate: plan.activeDate,
    deactiveDate: plan.deactiveDate,
    createdAt: setupTime,
    updatedAt: setupTime,
  };
  const openTables = [...new Set(orderLines.map((line) => line.tableId))];
  const withFloor = tables.map((table): NewTable => {
    const section = SECTIONS.findIndex(([, labels]) => labels.includes(table.label));
    const open = openTables.indexOf(table.id!);
    const firstLine = orderLines.find((line) => line.tableId === table.id);
    return {
      ...table,
      sectionId: section < 0 ? null : sections[section]!.id,
      ...(open < 0
        ? {}
        : {
            openedBy: openers[open % openers.length]!,
            openedAt: firstLine!.createdAt,
            guests: GUESTS[table.label] ?? null,
          }),
    };
  });
  return { sections, stations, routes, kitchenUser, tables: withFloor };
}

/** The sections (before the tables that name them), the stations and their routes. */
export async function writeFloor(
  tx: DbOrTx,
  rows: Pick<DemoFloor, 'sections' | 'stations' | 'routes'>,
): Promise<void> {
  await recordDemoSections(tx, rows.sections);
  // The kitchen module has no demo writer of its own: its two small tables, as they are.
  if (rows.stations.length > 0) await tx.insert(kitchenStations).values(rows.stations);
  if (rows.routes.length > 0) await tx.insert(subcategoryStations).values(rows.routes);
}
