import { conflict, notFound } from '../../lib/errors';

/** The kitchen module's messages, each written once. */
export const KITCHEN_MESSAGES = {
  kotNotFound: 'KOT not found',
  ticketNotFound: 'Ticket not found',
  itemNotFound: 'Item not found',
  stationNotFound: 'Station not found',
  stationNameTaken: 'A station with this name already exists',
  tooManyStations: (most: number) => `A branch may have at most ${most} stations`,
} as const;

// Another branch's KOT, ticket, item or station answers like one that does not exist.
export const kotNotFound = () => notFound('kitchen.kot_not_found', KITCHEN_MESSAGES.kotNotFound);
export const ticketNotFound = () =>
  notFound('kitchen.ticket_not_found', KITCHEN_MESSAGES.ticketNotFound);
export const itemNotFound = () => notFound('kitchen.item_not_found', KITCHEN_MESSAGES.itemNotFound);
export const stationNotFound = () =>
  notFound('kitchen.station_not_found', KITCHEN_MESSAGES.stationNotFound);

/** A route names a station that is not a live one of the branch (`field`: which route). */
export const routeStationNotFound = (field: string) =>
  conflict('kitchen.station_not_found', KITCHEN_MESSAGES.stationNotFound, {
    [field]: KITCHEN_MESSAGES.stationNotFound,
  });

export const stationNameTaken = () =>
  conflict('kitchen.station_name_taken', KITCHEN_MESSAGES.stationNameTaken, {
    name: KITCHEN_MESSAGES.stationNameTaken,
  });

export const tooManyStations = (most: number) =>
  conflict('kitchen.too_many_stations', KITCHEN_MESSAGES.tooManyStations(most), {
    name: KITCHEN_MESSAGES.tooManyStations(most),
  });
