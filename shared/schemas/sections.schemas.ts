import { z } from 'zod';
import { requiredText, uuidSchema } from './common.schemas';

/**
 * Floor sections (Ground floor, Terrace, Counter): the billing screen groups its tables under
 * them, in their order (docs/kitchen.md, "Covers, sections, the waiter"). Managed by the
 * manager (`kitchen.manage`), read by whoever takes orders (`tables.use`).
 */

/** Longest section name. */
export const MAX_SECTION_NAME = 40;
/** Most live sections a branch may have: a floor, not a catalogue. */
export const MAX_SECTIONS = 30;

const sectionName = requiredText('Section name', MAX_SECTION_NAME);

/** POST /api/tables/sections: a new section, placed last. */
export const createSectionBodySchema = z.object({ name: sectionName });
export type CreateSectionBody = z.input<typeof createSectionBodySchema>;

/**
 * PUT /api/tables/sections/:sectionId: rename, and/or move to `position` (0 first; past the
 * end: last). The others keep their order around it.
 */
export const updateSectionBodySchema = z.object({
  name: sectionName.optional(),
  position: z
    .number({ error: 'Position must be a number' })
    .int('Position must be a whole number')
    .min(0, 'Position must be 0 or more')
    .max(MAX_SECTIONS, `Position must be at most ${MAX_SECTIONS}`)
    .optional(),
});
export type UpdateSectionBody = z.input<typeof updateSectionBodySchema>;

export const sectionIdParam = z.object({ sectionId: uuidSchema });

export const sectionSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** 0 first: the order the billing screen shows the sections in. */
  position: z.number().int(),
});
export type Section = z.infer<typeof sectionSchema>;

/** The live sections, in their order. */
export const sectionListSchema = z.object({ items: z.array(sectionSchema) });
export type SectionList = z.infer<typeof sectionListSchema>;
