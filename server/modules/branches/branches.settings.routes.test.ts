import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BillPrint } from '../../../shared/schemas/billing.schemas';
import type { BranchSettings } from '../../../shared/schemas/branch-settings.schemas';
import type { TableOrder } from '../../../shared/schemas/tables.schemas';
import type { TaxProfileView } from '../../../shared/schemas/tax-profile.schemas';
import { auditLog, taxProfiles } from '../../db/schema';
import { callsAs, createTwoBranchApp, type TwoBranches } from '../../test/api-client';
import { createBranchFixture, loginAs } from '../../test/fixtures';

let two: TwoBranches<ReturnType<typeof callsAs>>;

beforeAll(async () => {
  two = await createTwoBranchApp(callsAs);
});
afterAll(() => two.t.close());

/** Karnataka (29), check character W. */
const GSTIN = '29ABCDE1234F1ZW';
/** A published valid GSTIN of Maharashtra (27). */
const OTHER_GSTIN = '27AAPFU0939F1ZV';

const settings = {
  name: 'Demo Cafe',
  address: '12 MG Road\nBengaluru',
  phone: '080 4123 4567',
  gstin: GSTIN.toLowerCase(),
  timeZone: 'Asia/Kolkata',
};

const profile = {
  ...settings,
  legalName: 'Demo Foods Private Limited',
  fssai: '11223344556677',
  regime: 'regular',
  pricesIncludeTax: true,
  roundOff: true,
  serviceChargePercent: 7.5,
  invoicePrefix: 'dc',
};

describe('GET and PUT /api/branch/settings', () => {
  it('the manager edits what bills print, with an audit row; staff read it and may not edit', async () => {
    const { manager, staff, theirs, mine } = two;
    const saved = await manager('PUT', '/api/branch/settings', settings);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ name: 'Demo Cafe', gstin: GSTIN });
    const read = await staff('GET', '/api/branch/settings');
    expect(read.json<BranchSettings>()).toEqual(saved.json());
    expect((await staff('PUT', '/api/branch/settings', profile)).statusCode).toBe(403);
    // Another branch's manager reads and edits only their own branch.
    expect((await theirs('GET', '/api/branch/settings')).json<BranchSettings>().name).not.toBe(
      'Demo Cafe',
    );
    const audits = await two.t.database.db.select().from(auditLog);
    expect(
      audits.filter((row) => row.action === 'branch.settings' && row.entityId === mine.branchId),
    ).toHaveLength(1);
  });

  it('refuses a malformed GSTIN naming the field, and an empty one clears it', async () => {
    const bad = await two.manager('PUT', '/api/branch/settings', { ...settings, gstin: '12' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.gstin).toMatch(/GSTIN/);
    const cleared = await two.manager('PUT', '/api/branch/settings', { ...settings, gstin: '' });
    expect(cleared.json<BranchSettings>().gstin).toBeNull();
  });

  it('saves the tax profile as a new row: normalised, with the state of the GSTIN, read by staff at /api/branch/tax-profile', async () => {
    const { manager, staff, mine } = two;
    const db = two.t.database.db;
    const rowsBefore = (await db.select().from(taxProfiles)).filter(
      (row) => row.branchId === mine.branchId,
    ).length;
    const saved = await manager('PUT', '/api/branch/settings', profile);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<BranchSettings>()).toEqual({
      name: 'Demo Cafe',
      address: '12 MG Road\nBengaluru',
      phone: '080 4123 4567',
      gstin: GSTIN,
      timeZone: 'Asia/Kolkata',
      legalName: 'Demo Foods Private Limited',
      state: { code: '29', name: 'Karnataka' },
      fssai: '11223344556677',
      regime: 'regular',
      pricesIncludeTax: true,
      roundOff: true,
      serviceChargeBps: 750,
      invoicePrefix: 'DC',
    });
    const rows = (await db.select().from(taxProfiles)).filter(
      (row) => row.branchId === mine.branchId,
    );
    expect(rows).toHaveLength(rowsBefore + 1);
    const current = await staff('GET', '/api/branch/tax-profile');
    expect(current.statusCode, current.body).toBe(200);
    expect(current.json<TaxProfileView>()).toEqual({
      tradeName: 'Demo Cafe',
      legalName: 'Demo Foods Private Limited',
      address: '12 MG Road\nBengaluru',
      phone: '080 4123 4567',
      gstin: GSTIN,
      state: { code: '29', name: 'Karnataka' },
      fssai: '11223344556677',
      regime: 'regular',
      pricesIncludeTax: true,
      roundOff: true,
      serviceChargeBps: 750,
      invoicePrefix: 'DC',
    });
    // A body with only the printing details keeps the profile's other fields.
    const kept = await manager('PUT', '/api/branch/settings', { ...settings, phone: '080 1' });
    expect(kept.json<BranchSettings>()).toMatchObject({
      phone: '080 1',
      regime: 'regular',
      serviceChargeBps: 750,
      invoicePrefix: 'DC',
      fssai: '11223344556677',
    });
  });

  it.each([
    [
      'a wrong GSTIN check character',
      { gstin: '29ABCDE1234F1Z5' },
      'gstin',
      /last character does not match the first 14/,
    ],
    ['no GSTIN with the regular regime', { gstin: '' }, 'gstin', /GSTIN is required/],
    [
      'no GSTIN with composition',
      { gstin: undefined, regime: 'composition' },
      'gstin',
      /GSTIN is required/,
    ],
    ['an unknown regime', { regime: 'vat' }, 'regime', /Tax regime/],
    ['a 13-digit FSSAI number', { fssai: '1122334455667' }, 'fssai', /FSSAI .*14 digits/],
    ['letters in the FSSAI number', { fssai: '1122334455667A' }, 'fssai', /FSSAI .*14 digits/],
    [
      'a service charge above 20 %',
      { serviceChargePercent: 20.01 },
      'serviceChargePercent',
      /Service charge/,
    ],
    [
      'a negative service charge',
      { serviceChargePercent: -1 },
      'serviceChargePercent',
      /Service charge/,
    ],
    [
      'a service charge with 3 decimals',
      { serviceChargePercent: 2.555 },
      'serviceChargePercent',
      /Service charge/,
    ],
    ['a 5-character invoice prefix', { invoicePrefix: 'ABCDE' }, 'invoicePrefix', /Invoice prefix/],
    ['a prefix with a slash', { invoicePrefix: 'D/C' }, 'invoicePrefix', /Invoice prefix/],
    ['round-off not a boolean', { roundOff: 'yes' }, 'roundOff', /Round-off/],
    [
      'prices include tax not a boolean',
      { pricesIncludeTax: 1 },
      'pricesIncludeTax',
      /Prices include tax/,
    ],
    ['a legal name too long', { legalName: 'x'.repeat(121) }, 'legalName', /Legal name/],
  ])(
    'refuses %s with 400 naming the field, and writes no profile',
    async (_, change, field, message) => {
      const db = two.t.database.db;
      const before = (await db.select().from(taxProfiles)).length;
      const response = await two.manager('PUT', '/api/branch/settings', { ...profile, ...change });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error.fields[field]).toMatch(message);
      expect((await db.select().from(taxProfiles)).length).toBe(before);
    },
  );

  it('refuses clearing the GSTIN of a registered profile when the body names no regime', async () => {
    await two.manager('PUT', '/api/branch/settings', profile);
    const response = await two.manager('PUT', '/api/branch/settings', { ...settings, gstin: '' });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'branches.gstin_required',
      fields: { gstin: expect.stringMatching(/GSTIN is required/) },
    });
  });

  it('accepts a service charge of 0 (none) and 20 %, and a lower-case prefix upper-cased', async () => {
    const none = await two.manager('PUT', '/api/branch/settings', {
      ...profile,
      serviceChargePercent: 0,
      invoicePrefix: 'ab12',
    });
    expect(none.json<BranchSettings>()).toMatchObject({
      serviceChargeBps: 0,
      invoicePrefix: 'AB12',
    });
    const most = await two.manager('PUT', '/api/branch/settings', {
      ...profile,
      serviceChargePercent: 20,
    });
    expect(most.json<BranchSettings>().serviceChargeBps).toBe(2000);
  });

  it('refuses a prefix another branch of the same GSTIN numbers its bills with (409 naming it, nothing written)', async () => {
    const db = two.t.database.db;
    // A branch billing MUM/2627/… under OTHER_GSTIN.
    await createBranchFixture(db, {
      taxProfile: { gstin: OTHER_GSTIN, regime: 'regular', invoicePrefix: 'MUM' },
    });
    const other = await createBranchFixture(db);
    const manager = callsAs(two.t.app, await loginAs(two.t.app, other.manager.email));
    const body = { ...profile, gstin: OTHER_GSTIN, invoicePrefix: 'mum' };
    const rows = async () =>
      (await db.select().from(taxProfiles)).filter((row) => row.branchId === other.branchId).length;
    const before = await rows();
    const taken = await manager('PUT', '/api/branch/settings', body);
    expect(taken.statusCode, taken.body).toBe(409);
    expect(taken.json().error).toMatchObject({
      code: 'branches.invoice_prefix_taken',
      fields: { invoicePrefix: expect.stringContaining('MUM/') },
    });
    expect(await rows()).toBe(before);
    // Another prefix under the same GSTIN, or the same prefix under another GSTIN, is free.
    const free = await manager('PUT', '/api/branch/settings', { ...body, invoicePrefix: 'MUM2' });
    expect(free.statusCode, free.body).toBe(200);
    const elsewhere = await manager('PUT', '/api/branch/settings', {
      ...body,
      gstin: GSTIN,
      invoicePrefix: 'MUM',
    });
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);
  });

  it("a manager of another branch never sees or changes this branch's profile", async () => {
    const { manager, theirs, other } = two;
    await manager('PUT', '/api/branch/settings', profile);
    const theirProfile = await theirs('GET', '/api/branch/tax-profile');
    expect(theirProfile.json<TaxProfileView>()).toMatchObject({
      tradeName: `Branch ${other.code.slice(1)}`,
      gstin: null,
      regime: 'unregistered',
    });
    expect((await theirs('GET', '/api/branch/settings')).json<BranchSettings>()).toMatchObject({
      gstin: null,
      fssai: null,
      invoicePrefix: 'B',
    });
    const changed = await theirs('PUT', '/api/branch/settings', {
      ...profile,
      name: 'Their Cafe',
      gstin: OTHER_GSTIN,
      invoicePrefix: 'TC',
    });
    expect(changed.json<BranchSettings>()).toMatchObject({
      name: 'Their Cafe',
      state: { code: '27', name: 'Maharashtra' },
    });
    expect((await manager('GET', '/api/branch/tax-profile')).json<TaxProfileView>()).toMatchObject({
      tradeName: 'Demo Cafe',
      gstin: GSTIN,
      invoicePrefix: 'DC',
    });
  });
});

describe('changing the profile never changes a bill already made', () => {
  it('a bill keeps its seller and amounts after the profile changes', async () => {
    const db = two.t.database.db;
    const branch = await createBranchFixture(db, {
      taxProfile: {
        tradeName: 'Old Name Cafe',
        gstin: GSTIN,
        regime: 'regular',
        pricesIncludeTax: false,
        roundOff: true,
        serviceChargeBps: 0,
        invoicePrefix: 'OLD',
      },
    });
    const manager = callsAs(two.t.app, await loginAs(two.t.app, branch.manager.email));
    const product = await manager('POST', '/api/products', {
      name: 'Paneer Tikka',
      pricePaise: 24000,
      subcategory: 'Starters',
      ingredients: [],
    });
    expect(product.statusCode, product.body).toBe(201);
    const table = await manager('POST', '/api/tables', { label: 'T1' });
    expect(table.statusCode, table.body).toBe(201);
    const tableId = table.json<{ id: string }>().id;
    const ordered = await manager('POST', `/api/tables/${tableId}/lines`, {
      opId: randomUUID(),
      productId: product.json<{ id: string }>().id,
      delta: 1,
    });
    expect(ordered.statusCode, ordered.body).toBe(200);
    // ₹240 + 5 % GST (₹6 + ₹6) = ₹252.
    const paid = await manager('POST', `/api/tables/${tableId}/payments`, {
      idempotencyKey: randomUUID(),
      expectedVersion: ordered.json<TableOrder>().version,
      status: 'Settled',
      payments: [{ method: 'Cash', amountPaise: 25200 }],
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const billId = paid.json<{ id: string }>().id;
    const before = (await manager('GET', `/api/bills/${billId}`)).json<BillPrint>();
    expect(before.seller).toMatchObject({
      tradeName: 'Old Name Cafe',
      regime: 'regular',
      invoicePrefix: 'OLD',
    });
    expect(before.totalPaise).toBe(25200);

    const changed = await manager('PUT', '/api/branch/settings', {
      ...profile,
      name: 'New Name Cafe',
      gstin: OTHER_GSTIN,
      regime: 'composition',
      pricesIncludeTax: true,
      serviceChargePercent: 10,
      invoicePrefix: 'NEW',
    });
    expect(changed.statusCode, changed.body).toBe(200);

    const after = (await manager('GET', `/api/bills/${billId}`)).json<BillPrint>();
    expect(after.seller).toEqual(before.seller);
    expect(after.tax).toEqual(before.tax);
    expect(after.lines).toEqual(before.lines);
    expect(after.number).toBe(before.number);
    expect(after.totalPaise).toBe(25200);
    expect((await manager('GET', '/api/branch/tax-profile')).json<TaxProfileView>()).toMatchObject({
      tradeName: 'New Name Cafe',
      regime: 'composition',
      invoicePrefix: 'NEW',
    });
  });
});
