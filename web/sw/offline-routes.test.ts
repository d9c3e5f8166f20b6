import { describe, expect, it } from 'vitest';
import {
  BRANCH_DATA,
  changesSession,
  isAppPage,
  isOfflineRead,
  orderOfTap,
} from './offline-routes';

const ORIGIN = 'https://pos.example.in';
const at = (path: string, origin = ORIGIN) => new URL(path, origin);
const TABLE = '0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';

describe('isOfflineRead', () => {
  it("keeps the reads of the waiters' screens, the kitchen display and printing", () => {
    for (const path of [
      '/api/auth/session',
      '/api/tables',
      `/api/tables/${TABLE}/order`,
      `/api/tables/${TABLE}/kots`,
      '/api/products/menu',
      '/api/branch/tax-profile',
      '/api/receipt-settings',
      '/api/printers',
      '/api/kitchen/tickets?station=all',
      '/api/kitchen/floor',
    ]) {
      expect(isOfflineRead('GET', at(path), ORIGIN), path).toBe(true);
    }
  });

  it('leaves the live events, reports, management, writes and other origins to the network', () => {
    expect(isOfflineRead('GET', at('/api/events'), ORIGIN)).toBe(false);
    expect(isOfflineRead('GET', at('/api/reports/orders?from=2026-11-01'), ORIGIN)).toBe(false);
    expect(isOfflineRead('GET', at('/api/staff'), ORIGIN)).toBe(false);
    expect(isOfflineRead('GET', at(`/api/tables/${TABLE}/order/extra`), ORIGIN)).toBe(false);
    expect(isOfflineRead('POST', at(`/api/tables/${TABLE}/lines`), ORIGIN)).toBe(false);
    expect(isOfflineRead('GET', at('/api/tables', 'https://elsewhere.example'), ORIGIN)).toBe(
      false,
    );
  });

  it('keeps every path of the branch data it fetches ahead', () => {
    for (const path of BRANCH_DATA) expect(isOfflineRead('GET', at(path), ORIGIN), path).toBe(true);
  });
});

describe('changesSession', () => {
  it('is a sign-in, its second step, a sign-out or a new password; never a read', () => {
    expect(changesSession('POST', at('/api/auth/login'), ORIGIN)).toBe(true);
    expect(changesSession('POST', at('/api/auth/login/two-factor'), ORIGIN)).toBe(true);
    expect(changesSession('POST', at('/api/auth/logout'), ORIGIN)).toBe(true);
    expect(changesSession('GET', at('/api/auth/session'), ORIGIN)).toBe(false);
    expect(changesSession('POST', at(`/api/tables/${TABLE}/payments`), ORIGIN)).toBe(false);
  });
});

describe('isAppPage', () => {
  it("is a navigation to a page, not to the API or the build's files", () => {
    expect(isAppPage('navigate', at('/usersidebar/billing'), ORIGIN)).toBe(true);
    expect(isAppPage('navigate', at(`/table/${TABLE}`), ORIGIN)).toBe(true);
    expect(isAppPage('navigate', at('/api/bills/x/print'), ORIGIN)).toBe(false);
    expect(isAppPage('navigate', at('/assets/app.js'), ORIGIN)).toBe(false);
    expect(isAppPage('cors', at('/usersidebar/billing'), ORIGIN)).toBe(false);
  });
});

describe('orderOfTap', () => {
  it("names the order read a tap's answer stands for, and nothing for other requests", () => {
    expect(orderOfTap('POST', at(`/api/tables/${TABLE}/lines`), ORIGIN)).toBe(
      `/api/tables/${TABLE}/order`,
    );
    expect(orderOfTap('GET', at(`/api/tables/${TABLE}/lines`), ORIGIN)).toBeNull();
    expect(orderOfTap('POST', at(`/api/tables/${TABLE}/payments`), ORIGIN)).toBeNull();
    expect(
      orderOfTap('POST', at(`/api/tables/${TABLE}/lines`, 'https://x.example'), ORIGIN),
    ).toBeNull();
  });
});
