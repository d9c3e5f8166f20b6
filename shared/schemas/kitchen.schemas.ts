import { z } from 'zod';
import { KOT_ITEM_STATES, KOT_REASONS } from '../kitchen';
import { reasonListSchema, requiredText, uuidSchema } from './common.schemas';
import { lineAddonSchema } from './tables.schemas';

/**
 * KOTs (kitchen order tickets), the kitchen display, stations, routes and the kitchen settings
 * (docs/kitchen.md). A send is exactly once per `opId` (made on the device, UUID v7).
 */

/** Longest station name and void reason. */
export const MAX_STATION_NAME = 40;
export const MAX_VOID_REASON = 60;
/** Most stations a branch may have, most void reasons, most routes in one PUT. */
export const MAX_STATIONS = 30;
export const MAX_VOID_REASONS = 20;
export const MAX_ROUTES = 500;
/** The display's colour thresholds are minutes between 1 and this. */
export const MAX_TICKET_MINUTES = 240;

const opIdSchema = z.uuid({
  error: (issue) => (issue.input === undefined ? 'Operation id is required' : 'Enter a valid id'),
});

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

/** POST /api/tables/:tableId/kots: send what the kitchen has not been sent yet. */
export const sendKotSchema = z.object({
  opId: opIdSchema,
  /** Sent because the waiter left the order screen (the branch's autoSendOnLeave). */
  auto: z.boolean({ error: 'Auto must be true or false' }).default(false),
});
export type SendKotBody = z.input<typeof sendKotSchema>;

export const kotIdParam = z.object({ kotId: uuidSchema });
export const ticketIdParam = z.object({ ticketId: uuidSchema });
export const itemIdParam = z.object({ itemId: uuidSchema });
export const stationIdParam = z.object({ stationId: uuidSchema });

/** GET /api/kitchen/tickets?station=<id>: one station's tickets (none: every station's). */
export const ticketsQuerySchema = z.object({ station: uuidSchema.optional() });

/** POST /api/kitchen/items/:itemId/state. */
export const itemStateSchema = z.object({
  state: z.enum(KOT_ITEM_STATES, { error: 'State must be new, preparing or ready' }),
});
export type ItemStateBody = z.input<typeof itemStateSchema>;

const minutesSchema = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(1, `${label} must be at least 1`)
    .max(MAX_TICKET_MINUTES, `${label} must be at most ${MAX_TICKET_MINUTES}`);

/** POST /api/kitchen/stations and PUT /api/kitchen/stations/:stationId. */
export const stationBodySchema = z.object({
  name: requiredText('Station name', MAX_STATION_NAME),
  /** Its place in lists (ties by name). */
  position: z
    .number({ error: 'Position must be a number' })
    .int('Position must be a whole number')
    .min(0, 'Position must be between 0 and 999')
    .max(999, 'Position must be between 0 and 999')
    .default(0),
});
export type StationBody = z.input<typeof stationBodySchema>;

/** PUT /api/kitchen/routes: every subcategory routed to a station (the others: the first station). */
export const routesBodySchema = z.object({
  routes: z
    .array(
      z.object({
        subcategory: requiredText('Subcategory', 60),
        stationId: uuidSchema,
      }),
      { error: 'Routes must be a list' },
    )
    .max(MAX_ROUTES, `At most ${MAX_ROUTES} routes`)
    .superRefine((routes, ctx) => {
      const seen = new Set<string>();
      routes.forEach((route, index) => {
        const key = route.subcategory.toLowerCase();
        if (seen.has(key)) {
          ctx.addIssue({
            code: 'custom',
            message: `${route.subcategory} is routed twice`,
            path: [index, 'subcategory'],
          });
        }
        seen.add(key);
      });
    }),
});
export type RoutesBody = z.input<typeof routesBodySchema>;

/** PUT /api/kitchen/settings. */
export const kitchenSettingsSchema = z
  .object({
    /** Send what changed to the kitchen when the waiter leaves the order screen. */
    autoSendOnLeave: z.boolean({ error: 'Auto send must be true or false' }),
    amberAfterMinutes: minutesSchema('Amber after'),
    redAfterMinutes: minutesSchema('Red after'),
    voidReasons: reasonListSchema(
      { one: 'Void reason', list: 'Void reasons' },
      { most: MAX_VOID_REASONS, longest: MAX_VOID_REASON },
    ),
  })
  .refine((settings) => settings.redAfterMinutes >= settings.amberAfterMinutes, {
    message: 'Red after must be at least amber after',
    path: ['redAfterMinutes'],
  });
export type KitchenSettingsBody = z.input<typeof kitchenSettingsSchema>;

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

/** An item of a ticket: a snapshot of the order line when sent. */
export const kotItemSchema = z.object({
  id: z.string(),
  /** The order line's key (shared/menu.ts lineKeyOf). */
  lineKey: z.string(),
  productId: z.string(),
  /** The line's name as the order shows it (the variant's in brackets). */
  name: z.string(),
  variantName: z.string().nullable(),
  addons: z.array(lineAddonSchema),
  note: z.string(),
  quantity: z.number().int(),
  /** A reduction of what was sent before (a void): printed CANCELLED, struck through. */
  cancelled: z.boolean(),
  state: z.enum(KOT_ITEM_STATES),
  /** When it last changed state; null while new. */
  stateAt: z.string().nullable(),
});
export type KotItem = z.infer<typeof kotItemSchema>;

/** A KOT's part for one station, with its items in the order sent. */
export const kotPartSchema = z.object({
  id: z.string(),
  /** Null when the branch had no stations ("Kitchen"). */
  stationId: z.string().nullable(),
  stationName: z.string(),
  /** Bumped off the display; null while on it. */
  bumpedAt: z.string().nullable(),
  items: z.array(kotItemSchema),
});
export type KotPart = z.infer<typeof kotPartSchema>;

/** A KOT as printed and as the order screen reads it. */
export const kotSchema = z.object({
  id: z.string(),
  /** Per branch and business day: printed `KOT 12`. */
  number: z.number().int(),
  businessDate: z.string(),
  tableId: z.string(),
  /** The table's label when sent. */
  tableLabel: z.string(),
  sentBy: z.string().nullable(),
  sentByName: z.string(),
  sentAt: z.string(),
  reason: z.enum(KOT_REASONS),
  /** Times printed again (a reprint is marked REPRINT). */
  reprints: z.number().int(),
  tickets: z.array(kotPartSchema),
});
export type Kot = z.infer<typeof kotSchema>;

/** POST /api/tables/:tableId/kots: the KOT made (null: nothing to send) and the order's version. */
export const sendKotAnswerSchema = z.object({
  kot: kotSchema.nullable(),
  /** The table's version after the send (a send changes what the order answers). */
  version: z.number().int(),
});
export type SendKotAnswer = z.infer<typeof sendKotAnswerSchema>;

/** GET /api/tables/:tableId/kots: the current order's KOTs, oldest first. */
export const tableKotsSchema = z.object({ items: z.array(kotSchema) });
export type TableKots = z.infer<typeof tableKotsSchema>;

/** A ticket on the kitchen display. */
export const kotTicketSchema = kotPartSchema.extend({
  kotId: z.string(),
  kotNumber: z.number().int(),
  tableId: z.string(),
  /** The table's label now. */
  tableLabel: z.string(),
  sentByName: z.string(),
  sentAt: z.string(),
  reason: z.enum(KOT_REASONS),
});
export type KotTicket = z.infer<typeof kotTicketSchema>;

/** A live station (the display's filter, the routing screen). */
export const stationSchema = z.object({
  id: z.string(),
  name: z.string(),
  position: z.number().int(),
});
export type Station = z.infer<typeof stationSchema>;

/** GET /api/kitchen/tickets: the display's whole state. */
export const ticketsAnswerSchema = z.object({
  /** The open tickets (not bumped), oldest first. */
  tickets: z.array(kotTicketSchema),
  /** The last ticket bumped (for recall); null when none. */
  lastBumped: kotTicketSchema.nullable(),
  /** The branch's live stations (the display's filter). */
  stations: z.array(stationSchema),
  amberAfterMinutes: z.number().int(),
  redAfterMinutes: z.number().int(),
  /** The server's time: ages are counted from it, not from the tablet's clock. */
  serverTime: z.string(),
});
export type TicketsAnswer = z.infer<typeof ticketsAnswerSchema>;

/** GET /api/kitchen/stations (and every stations or routes change's answer). */
export const stationsAnswerSchema = z.object({
  stations: z.array(stationSchema),
  routes: z.array(z.object({ subcategory: z.string(), stationId: z.string() })),
  /** The branch's products' subcategories (what can be routed). */
  subcategories: z.array(z.string()),
});
export type StationsAnswer = z.infer<typeof stationsAnswerSchema>;

/** GET /api/kitchen/settings (the defaults of shared/kitchen.ts until saved). */
export const kitchenSettingsAnswerSchema = z.object({
  autoSendOnLeave: z.boolean(),
  amberAfterMinutes: z.number().int(),
  redAfterMinutes: z.number().int(),
  voidReasons: z.array(z.string()),
});
export type KitchenSettings = z.infer<typeof kitchenSettingsAnswerSchema>;

/** GET /api/kitchen/floor: per table with an open order, its kitchen's progress (quantities). */
export const kitchenFloorSchema = z.object({
  tables: z.array(
    z.object({
      tableId: z.string(),
      /** Sent and not ready yet (cancelled items left out). */
      cooking: z.number().int(),
      ready: z.number().int(),
    }),
  ),
});
export type KitchenFloor = z.infer<typeof kitchenFloorSchema>;
