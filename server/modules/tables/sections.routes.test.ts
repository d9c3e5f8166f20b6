import { and, asc, eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Section, SectionList } from '../../../shared/schemas/sections.schemas';
import type { TableList, TableSummary } from '../../../shared/schemas/tables.schemas';
import { auditLog, tables } from '../../db/schema';
import { createBranchFixture, loginAs, type BranchFixture } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { addProduct, tablesAs } from './tables.test-support';

let t: TestApp;
let mine: BranchFixture;
let other: BranchFixture;
let manager: ReturnType<typeof tablesAs>;
let staff: ReturnType<typeof tablesAs>;
let kitchen: ReturnType<typeof tablesAs>;
let theirs: ReturnType<typeof tablesAs>;

beforeAll(async () => {
  t = await createTestApp();
  mine = await createBranchFixture(t.database.db);
  other = await createBranchFixture(t.database.db);
  manager = tablesAs(t.app, await loginAs(t.app, mine.manager.email));
  staff = tablesAs(t.app, await loginAs(t.app, mine.staff.email));
  kitchen = tablesAs(t.app, await loginAs(t.app, mine.kitchen.email));
  theirs = tablesAs(t.app, await loginAs(t.app, other.manager.email));
});
afterAll(() => t.close());

const fieldsOf = (response: { json(): unknown }) =>
  (response.json() as { error: { fields?: Record<string, string> } }).error.fields ?? {};

async function addSection(name: string, as = manager): Promise<Section> {
  const response = await as.call('POST', '/api/tables/sections', { name });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Section;
}

async function sectionNames(as = staff) {
  const response = await as.call('GET', '/api/tables/sections');
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as SectionList).items.map((s) => `${s.position}:${s.name}`);
}

async function tableList(as = staff): Promise<TableList> {
  const response = await as.list();
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as TableList;
}

describe('floor sections', () => {
  it('the manager adds sections, placed last in order; staff read them; the addition is audited', async () => {
    const ground = await addSection('  Ground floor ');
    await addSection('Terrace');
    await addSection('Counter');
    expect(ground).toMatchObject({ name: 'Ground floor', position: 0 });
    expect(await sectionNames()).toEqual(['0:Ground floor', '1:Terrace', '2:Counter']);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, ground.id), eq(auditLog.action, 'section.create')))
      .orderBy(asc(auditLog.createdAt), asc(auditLog.id));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ userId: mine.manager.id, data: { name: 'Ground floor' } });
  });

  it('refuses a missing, blank, too long or control-character name naming the field', async () => {
    for (const payload of [{}, { name: '  ' }, { name: 'x'.repeat(41) }, { name: 'A\u0000B' }]) {
      const response = await manager.call('POST', '/api/tables/sections', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(fieldsOf(response))).toEqual(['name']);
    }
    const bad = await manager.call('PUT', `/api/tables/sections/${uuidv7()}`, { position: -1 });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(fieldsOf(bad))).toEqual(['position']);
  });

  it('refuses a name a live section of the branch has (any case) with 409, not one of another branch', async () => {
    const taken = await manager.call('POST', '/api/tables/sections', { name: 'terrace' });
    expect(taken.statusCode).toBe(409);
    expect(fieldsOf(taken)).toEqual({ name: 'A section with this name already exists' });
    expect(
      (await theirs.call('POST', '/api/tables/sections', { name: 'Terrace' })).statusCode,
    ).toBe(201);
  });

  it('renames and moves a section; the others keep their order around it', async () => {
    const list = (await (await staff.call('GET', '/api/tables/sections')).json()) as SectionList;
    const counter = list.items.find((s) => s.name === 'Counter')!;
    const moved = await manager.call('PUT', `/api/tables/sections/${counter.id}`, {
      name: 'Bar counter',
      position: 0,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ name: 'Bar counter', position: 0 });
    expect(await sectionNames()).toEqual(['0:Bar counter', '1:Ground floor', '2:Terrace']);
    // Past the end: last.
    await manager.call('PUT', `/api/tables/sections/${counter.id}`, { position: 30 });
    expect(await sectionNames()).toEqual(['0:Ground floor', '1:Terrace', '2:Bar counter']);
    const taken = await manager.call('PUT', `/api/tables/sections/${counter.id}`, {
      name: 'TERRACE',
    });
    expect(taken.statusCode).toBe(409);
  });

  it('puts a table in a section when adding and renaming it; the list answers the sections and each table its section', async () => {
    const [ground, terrace] = (
      (await (await staff.call('GET', '/api/tables/sections')).json()) as SectionList
    ).items;
    const added = await staff.call('POST', '/api/tables', { label: 'G1', sectionId: ground!.id });
    expect(added.statusCode, added.body).toBe(201);
    const g1 = added.json() as TableSummary;
    expect(g1).toMatchObject({ sectionId: ground!.id, openedByName: null, guests: null });
    const plain = (await staff.addTable('P1')).json() as TableSummary;
    expect(plain.sectionId).toBeNull();

    const moved = await manager.call('PATCH', `/api/tables/${g1.id}`, {
      label: 'T1',
      sectionId: terrace!.id,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ label: 'T1', sectionId: terrace!.id });
    // Left out: the section stays.
    await manager.call('PATCH', `/api/tables/${g1.id}`, { label: 'T1 ' });
    const list = await tableList();
    expect(list.sections.map((s) => s.name)).toEqual(['Ground floor', 'Terrace', 'Bar counter']);
    expect(list.items.find((i) => i.id === g1.id)).toMatchObject({ sectionId: terrace!.id });
    expect(list.items.find((i) => i.id === plain.id)).toMatchObject({ sectionId: null });
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, g1.id), eq(auditLog.action, 'table.section')))
      .orderBy(asc(auditLog.createdAt), asc(auditLog.id));
    expect(audit.map((row) => row.data)).toEqual([{ from: ground!.id, to: terrace!.id }]);
    // Null: out of its section.
    const out = await manager.call('PATCH', `/api/tables/${g1.id}`, {
      label: 'T1',
      sectionId: null,
    });
    expect(out.json()).toMatchObject({ sectionId: null });
  });

  it("refuses another branch's, an archived or an unknown section for a table with 404 naming sectionId", async () => {
    const theirSection = (
      (await (await theirs.call('GET', '/api/tables/sections')).json()) as SectionList
    ).items[0]!;
    for (const sectionId of [theirSection.id, uuidv7()]) {
      const response = await staff.call('POST', '/api/tables', { label: 'X9', sectionId });
      expect(response.statusCode).toBe(404);
      expect(Object.keys(fieldsOf(response))).toEqual(['sectionId']);
    }
    const table = (await staff.addTable('X9')).json() as TableSummary;
    const renamed = await manager.call('PATCH', `/api/tables/${table.id}`, {
      label: 'X9',
      sectionId: theirSection.id,
    });
    expect(renamed.statusCode).toBe(404);
    expect(Object.keys(fieldsOf(renamed))).toEqual(['sectionId']);
    const notUuid = await staff.call('POST', '/api/tables', { label: 'X10', sectionId: 'terrace' });
    expect(notUuid.statusCode).toBe(400);
    expect(Object.keys(fieldsOf(notUuid))).toEqual(['sectionId']);
  });

  it("answers 404 for another branch's section, as if it did not exist", async () => {
    const theirSection = (
      (await (await theirs.call('GET', '/api/tables/sections')).json()) as SectionList
    ).items[0]!;
    const put = await manager.call('PUT', `/api/tables/sections/${theirSection.id}`, {
      name: 'Mine',
    });
    expect(put.statusCode).toBe(404);
    const del = await manager.call('DELETE', `/api/tables/sections/${theirSection.id}`);
    expect(del.statusCode).toBe(404);
    expect(await sectionNames(theirs)).toEqual(['0:Terrace']);
  });

  it('staff and the kitchen account may not manage sections; the kitchen account may not read them either', async () => {
    const section = (await (await staff.call('GET', '/api/tables/sections')).json()) as SectionList;
    const id = section.items[0]!.id;
    expect((await staff.call('POST', '/api/tables/sections', { name: 'Roof' })).statusCode).toBe(
      403,
    );
    expect(
      (await staff.call('PUT', `/api/tables/sections/${id}`, { position: 2 })).statusCode,
    ).toBe(403);
    expect((await staff.call('DELETE', `/api/tables/sections/${id}`)).statusCode).toBe(403);
    expect((await kitchen.call('GET', '/api/tables/sections')).statusCode).toBe(403);
    expect((await kitchen.list()).statusCode).toBe(403);
  });

  it('archives a section: it leaves the list, its tables are left without one, the name is free again', async () => {
    const before = (await tableList()).sections;
    const terrace = before.find((s) => s.name === 'Terrace')!;
    const table = (
      await staff.call('POST', '/api/tables', { label: 'Roof 1', sectionId: terrace.id })
    ).json() as TableSummary;
    const archived = await manager.call('DELETE', `/api/tables/sections/${terrace.id}`);
    expect(archived.statusCode, archived.body).toBe(200);
    const list = await tableList();
    expect(list.sections.map((s) => `${s.position}:${s.name}`)).toEqual([
      '0:Ground floor',
      '1:Bar counter',
    ]);
    expect(list.items.find((i) => i.id === table.id)!.sectionId).toBeNull();
    expect((await manager.call('DELETE', `/api/tables/sections/${terrace.id}`)).statusCode).toBe(
      404,
    );
    expect(
      (await manager.call('PUT', `/api/tables/sections/${terrace.id}`, { name: 'x' })).statusCode,
    ).toBe(404);
    await addSection('Terrace');
  });

  it('the list answers the guests and the waiter who opened the order', async () => {
    const table = (await staff.addTable('W1')).json() as TableSummary;
    await t.database.db
      .update(tables)
      .set({ openedBy: mine.staff.id, openedAt: new Date(), guests: 3 })
      .where(eq(tables.id, table.id));
    const dosa = await addProduct(t.database.db, mine.branchId, 'Masala Dosa', 12000);
    await staff.line(table.id, dosa, 2);
    const item = (await tableList()).items.find((i) => i.id === table.id)!;
    expect(item).toMatchObject({ guests: 3, itemCount: 2, totalPaise: 24000 });
    expect(item.openedByName).toMatch(/^Staff /);
    const free = (await tableList()).items.find((i) => i.label === 'P1')!;
    expect(free).toMatchObject({ guests: null, openedByName: null });
  });
});
