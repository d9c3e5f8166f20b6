import { printingKeys as shared } from '../../../lib/printing-queries';

/** Everything Settings → Printers reads: the shared printing queries and the stations. */
export const printingKeys = {
  ...shared,
  stations: ['printing', 'stations'] as const,
};
