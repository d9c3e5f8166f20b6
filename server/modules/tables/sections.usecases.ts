import type { z } from 'zod';
import {
  MAX_SECTIONS,
  type Section,
  type SectionList,
  type updateSectionBodySchema,
} from '../../../shared/schemas/sections.schemas';
import type { Db, DbOrTx } from '../../db/client';
import type { TableSection } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import { uniqueViolation } from '../../lib/db-errors';
import { publishBranchEvent } from '../../lib/events';
import {
  sectionNameTaken,
  sectionNotFound,
  tableSectionNotFound,
  tooManySections,
} from './sections.errors';
import * as repo from './sections.repository';

interface Actor {
  db: Db;
  clock: Clock;
  branchId: string;
  userId: string;
}

/** The branch's live sections, in their order (the billing screen's headings). */
export function listSections(db: DbOrTx, branchId: string): Promise<Section[]> {
  return repo.listSections(db, branchId);
}

export async function getSections({
  db,
  branchId,
}: {
  db: Db;
  branchId: string;
}): Promise<SectionList> {
  return { items: await listSections(db, branchId) };
}

/** A live section of the branch for a table's `sectionId` (null: none); else 404 naming it. */
export async function assertTableSection(db: DbOrTx, branchId: string, sectionId: string | null) {
  if (sectionId !== null && !(await repo.findSection(db, branchId, sectionId))) {
    throw tableSectionNotFound();
  }
}

/** A taken name among live sections answers 409 naming `name`. */
async function nameChecked<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (uniqueViolation(error) === 'table_sections_branch_name_unique') throw sectionNameTaken();
    throw error;
  }
}

/** Every card of a table in these sections shows them: its devices refetch the list. */
async function publishSectionsChanged(tx: DbOrTx, branchId: string, sectionIds: string[]) {
  for (const tableId of await repo.tableIdsIn(tx, branchId, sectionIds)) {
    await publishBranchEvent(tx, branchId, { type: 'table.changed', tableId });
  }
}

/** A new section, placed last. A retried request meets its own name: 409, nothing twice. */
export function addSection({ db, clock, branchId, userId, name }: Actor & { name: string }) {
  return nameChecked(() =>
    db.transaction(async (tx): Promise<Section> => {
      await repo.lockSections(tx, branchId);
      const live = await repo.listSections(tx, branchId);
      if (live.length >= MAX_SECTIONS) throw tooManySections();
      const at = clock();
      const section = await repo.insertSection(tx, {
        branchId,
        name,
        position: live.length,
        createdAt: at,
      });
      await recordAudit(tx, {
        branchId,
        userId,
        action: 'section.create',
        entity: 'table_section',
        entityId: section.id,
        data: { name },
        at,
      });
      return section;
    }),
  );
}

/** Renames a section and/or moves it to `position`; the others keep their order around it. */
export function updateSection({
  db,
  clock,
  branchId,
  userId,
  sectionId,
  input,
}: Actor & { sectionId: string; input: z.output<typeof updateSectionBodySchema> }) {
  return nameChecked(() =>
    db.transaction(async (tx): Promise<Section> => {
      await repo.lockSections(tx, branchId);
      const live = await repo.listSections(tx, branchId);
      const before = live.find((section) => section.id === sectionId);
      if (!before) throw sectionNotFound();
      const changed: Record<string, { from: unknown; to: unknown }> = {};
      if (input.name !== undefined && input.name !== before.name) {
        await repo.renameSection(tx, branchId, sectionId, input.name);
        changed.name = { from: before.name, to: input.name };
      }
      const from = live.indexOf(before);
      const to = Math.min(input.position ?? from, live.length - 1);
      // Positions are rewritten 0, 1, 2… in the new order (old rows may have gaps or ties).
      const order = live.filter((section) => section.id !== sectionId).map(({ id }) => id);
      order.splice(to, 0, sectionId);
      await repo.setPositions(tx, branchId, order, new Map(live.map((s) => [s.id, s.position])));
      if (to !== from) changed.position = { from, to };
      if (Object.keys(changed).length > 0) {
        await recordAudit(tx, {
          branchId,
          userId,
          action: 'section.update',
          entity: 'table_section',
          entityId: sectionId,
          data: changed,
          at: clock(),
        });
        await publishSectionsChanged(tx, branchId, changed.position ? order : [sectionId]);
      }
      return { id: sectionId, name: input.name ?? before.name, position: to };
    }),
  );
}

/** Archives a section: its tables are left without one (listed first on the billing screen). */
export function archiveSection({
  db,
  clock,
  branchId,
  userId,
  sectionId,
}: Actor & { sectionId: string }): Promise<void> {
  return db.transaction(async (tx) => {
    await repo.lockSections(tx, branchId);
    const live = await repo.listSections(tx, branchId);
    const section = live.find((one) => one.id === sectionId);
    if (!section) throw sectionNotFound();
    const tableIds = await repo.tableIdsIn(tx, branchId, [sectionId]);
    const at = clock();
    await repo.archiveSection(tx, branchId, sectionId, at);
    const rest = live.filter((one) => one.id !== sectionId).map(({ id }) => id);
    await repo.setPositions(tx, branchId, rest, new Map(live.map((s) => [s.id, s.position])));
    await recordAudit(tx, {
      branchId,
      userId,
      action: 'section.archive',
      entity: 'table_section',
      entityId: sectionId,
      data: { name: section.name, tables: tableIds.length },
      at,
    });
    for (const tableId of tableIds) {
      await publishBranchEvent(tx, branchId, { type: 'table.changed', tableId });
    }
  });
}

/** The demo seed (server/demo): its sections as given, no audit entry, no live event. */
export async function recordDemoSections(tx: DbOrTx, rows: TableSection[]): Promise<void> {
  await repo.insertSections(tx, rows);
}
