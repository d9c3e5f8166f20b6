import type { Station } from '../../../../shared/schemas/kitchen.schemas';

/**
 * The stations renumbered after moving the one at `from` to `to` (positions 0, 1, 2 …): only
 * those whose position changes, each with its name, as PUT /api/kitchen/stations/:id takes it.
 */
export function movedStations(
  stations: readonly Station[],
  from: number,
  to: number,
): { id: string; body: { name: string; position: number } }[] {
  if (from === to || from < 0 || to < 0 || from >= stations.length || to >= stations.length) {
    return [];
  }
  const order = [...stations];
  const [moved] = order.splice(from, 1);
  order.splice(to, 0, moved!);
  return order.flatMap((station, position) =>
    station.position === position
      ? []
      : [{ id: station.id, body: { name: station.name, position } }],
  );
}

/** The next station's position: after the last. */
export const nextPosition = (stations: readonly Station[]) =>
  stations.reduce((most, station) => Math.max(most, station.position + 1), 0);

/** The void reasons typed one a line: trimmed, empty lines dropped. */
export const reasonsOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
