// The kitchen's stations, the routes of subcategories to them, and its settings (manager):
// docs/kitchen.md.
import {
  MAX_STATIONS,
  type KitchenSettings,
  type Station,
  type StationsAnswer,
} from '../../../shared/schemas/kitchen.schemas';
import type { Db, DbOrTx } from '../../db/client';
import { recordAudit } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import { uniqueViolation } from '../../lib/db-errors';
import { publishBranchEvent } from '../../lib/events';
import {
  routeStationNotFound,
  stationNameTaken,
  stationNotFound,
  tooManyStations,
} from './kitchen.errors';
import * as settingsRepo from './kitchen.settings.repository';

import { settingsOf } from './kitchen.usecases';

interface Actor {
  db: Db;
  clock: Clock;
  branchId: string;
  userId: string;
}

// ---------------------------------------------------------------------------------------------
// Stations, routes, settings (manager)
// ---------------------------------------------------------------------------------------------

export async function stationsAnswer(db: DbOrTx, branchId: string): Promise<StationsAnswer> {
  const [stations, routes, subcategories] = await Promise.all([
    settingsRepo.liveStations(db, branchId),
    settingsRepo.routes(db, branchId),
    settingsRepo.subcategories(db, branchId),
  ]);
  return { stations, routes, subcategories };
}

/** A taken name among the branch's live stations answers 409 naming `name`. */
async function nameChecked<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (uniqueViolation(error) === 'kitchen_stations_branch_name_unique') throw stationNameTaken();
    throw error;
  }
}

/** Tells the displays (their station filter) that the stations changed. */
const stationsChanged = (tx: DbOrTx, branchId: string) =>
  publishBranchEvent(tx, branchId, { type: 'kitchen.changed', tableIds: [] });

export function addStation({
  db,
  clock,
  branchId,
  userId,
  name,
  position,
}: Actor & { name: string; position: number }): Promise<Station> {
  return nameChecked(() =>
    db.transaction(async (tx) => {
      const at = clock();
      if ((await settingsRepo.liveStations(tx, branchId)).length >= MAX_STATIONS) {
        throw tooManyStations(MAX_STATIONS);
      }
      const station = await settingsRepo.insertStation(tx, {
        branchId,
        name,
        position,
        createdAt: at,
      });
      await recordAudit(tx, {
        branchId,
        userId,
        action: 'kitchen_station.create',
        entity: 'kitchen_station',
        entityId: station.id,
        data: { name, position },
        at,
      });
      await stationsChanged(tx, branchId);
      return station;
    }),
  );
}

export function updateStation({
  db,
  clock,
  branchId,
  userId,
  stationId,
  name,
  position,
}: Actor & { stationId: string; name: string; position: number }): Promise<Station> {
  return nameChecked(() =>
    db.transaction(async (tx) => {
      const before = await settingsRepo.findStation(tx, branchId, stationId);
      if (!before || before.archivedAt) throw stationNotFound();
      const station = await settingsRepo.updateStation(tx, branchId, stationId, { name, position });
      if (!station) throw stationNotFound();
      await recordAudit(tx, {
        branchId,
        userId,
        action: 'kitchen_station.update',
        entity: 'kitchen_station',
        entityId: stationId,
        data: {
          from: { name: before.name, position: before.position },
          to: { name, position },
        },
        at: clock(),
      });
      await stationsChanged(tx, branchId);
      return station;
    }),
  );
}

/** Archives a station (tickets keep its name); its subcategories go to the first station. */
export function archiveStation({
  db,
  clock,
  branchId,
  userId,
  stationId,
}: Actor & { stationId: string }): Promise<void> {
  return db.transaction(async (tx) => {
    const at = clock();
    const station = await settingsRepo.archiveStation(tx, branchId, stationId, at);
    if (!station) throw stationNotFound();
    await recordAudit(tx, {
      branchId,
      userId,
      action: 'kitchen_station.archive',
      entity: 'kitchen_station',
      entityId: stationId,
      data: { name: station.name },
      at,
    });
    await stationsChanged(tx, branchId);
  });
}

/** Replaces the branch's routes (subcategory → live station). */
export function saveRoutes({
  db,
  clock,
  branchId,
  userId,
  routes,
}: Actor & { routes: { subcategory: string; stationId: string }[] }): Promise<StationsAnswer> {
  return db.transaction(async (tx) => {
    const live = new Set(
      (await settingsRepo.liveStations(tx, branchId)).map((station) => station.id),
    );
    routes.forEach((route, index) => {
      if (!live.has(route.stationId)) throw routeStationNotFound(`routes.${index}.stationId`);
    });
    await settingsRepo.replaceRoutes(tx, branchId, routes);
    await recordAudit(tx, {
      branchId,
      userId,
      action: 'kitchen_routes.update',
      entity: 'kitchen_routes',
      entityId: null,
      data: { routes },
      at: clock(),
    });
    return stationsAnswer(tx, branchId);
  });
}

export function getKitchenSettings({ db, branchId }: { db: Db; branchId: string }) {
  return settingsOf(db, branchId);
}

export function saveKitchenSettings({
  db,
  clock,
  branchId,
  userId,
  settings,
}: Actor & { settings: KitchenSettings }): Promise<KitchenSettings> {
  return db.transaction(async (tx) => {
    const before = await settingsOf(tx, branchId);
    const at = clock();
    await settingsRepo.saveSettings(tx, branchId, settings, at);
    await recordAudit(tx, {
      branchId,
      userId,
      action: 'kitchen_settings.update',
      entity: 'kitchen_settings',
      entityId: null,
      data: { from: before, to: settings },
      at,
    });
    await publishBranchEvent(tx, branchId, { type: 'kitchen.changed', tableIds: [] });
    return settingsOf(tx, branchId);
  });
}
