import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BranchSettings } from '../../../shared/schemas/billing.schemas';
import { auditLog } from '../../db/schema';
import { callsAs, createTwoBranchApp, type TwoBranches } from '../../test/api-client';

let two: TwoBranches<ReturnType<typeof callsAs>>;

beforeAll(async () => {
  two = await createTwoBranchApp(callsAs);
});
afterAll(() => two.t.close());

const settings = {
  name: 'Demo Cafe',
  address: '12 MG Road\nBengaluru',
  phone: '080 4123 4567',
  gstin: '29abcde1234f1z5',
  timeZone: 'Asia/Kolkata',
};

describe('GET and PUT /api/branch/settings', () => {
  it('the manager edits what bills print, with an audit row; staff read it and may not edit', async () => {
    const { manager, staff, theirs, mine } = two;
    const saved = await manager('PUT', '/api/branch/settings', settings);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ name: 'Demo Cafe', gstin: '29ABCDE1234F1Z5' });
    const read = await staff('GET', '/api/branch/settings');
    expect(read.json<BranchSettings>()).toEqual(saved.json());
    expect((await staff('PUT', '/api/branch/settings', settings)).statusCode).toBe(403);
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
});
