import { MAX_SECTIONS } from '../../../shared/schemas/sections.schemas';
import { AppError, conflict, notFound } from '../../lib/errors';

/** The floor sections' messages, each written once. */
export const SECTION_MESSAGES = {
  notFound: 'Section not found',
  nameTaken: 'A section with this name already exists',
  tooMany: `A branch may have at most ${MAX_SECTIONS} sections`,
} as const;

// Another branch's section (or an archived one) answers like one that does not exist.
export const sectionNotFound = () => notFound('sections.not_found', SECTION_MESSAGES.notFound);

/** A table's `sectionId` names no live section of the branch. */
export const tableSectionNotFound = () =>
  new AppError(404, 'sections.not_found', SECTION_MESSAGES.notFound, {
    sectionId: SECTION_MESSAGES.notFound,
  });

export const sectionNameTaken = () =>
  conflict('sections.name_taken', SECTION_MESSAGES.nameTaken, { name: SECTION_MESSAGES.nameTaken });

export const tooManySections = () =>
  conflict('sections.too_many', SECTION_MESSAGES.tooMany, { name: SECTION_MESSAGES.tooMany });
