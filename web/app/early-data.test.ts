import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { earlyPathsOf, startEarlyData } from './early-data';

const realFetch = globalThis.fetch;
let calls: string[];

beforeEach(() => {
  calls = [];
  const server = vi.fn((input: RequestInfo | URL) => {
    const url = String(input);
    calls.push(url);
    return Promise.resolve(
      url.includes('missing')
        ? new Response('{}', { status: 404 })
        : new Response(JSON.stringify({ url, n: calls.length }), { status: 200 }),
    );
  });
  vi.stubGlobal('window', globalThis);
  globalThis.fetch = server as unknown as typeof fetch;
});

afterEach(() => {
  globalThis.fetch = realFetch;
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

it('asks for the session on every screen of the app and for the data of the waiters’ screens', () => {
  expect(earlyPathsOf('/staff')).toEqual(['/auth/session']);
  expect(earlyPathsOf('/usersidebar/billing/')).toEqual(['/auth/session', '/tables']);
  expect(earlyPathsOf('/table/01ab')).toEqual([
    '/auth/session',
    '/tables/01ab/order',
    '/products/menu',
  ]);
  // The provisional bill of a table is another screen.
  expect(earlyPathsOf('/table/01ab/bill')).toEqual(['/auth/session']);
});

it('answers the app’s first GET of each address with the early answer, once', async () => {
  startEarlyData(['/auth/session', '/tables']);
  expect(calls).toEqual(['/api/auth/session', '/api/tables']);

  const first = await (
    await fetch('/api/tables', { headers: { accept: 'application/json' } })
  ).json();
  expect(first).toEqual({ url: '/api/tables', n: 2 });
  expect(calls).toHaveLength(2);
  // The second GET of the same address goes to the server.
  await fetch('/api/tables');
  expect(calls).toEqual(['/api/auth/session', '/api/tables', '/api/tables']);
});

it('leaves other requests alone: other addresses and anything but a GET', async () => {
  startEarlyData(['/auth/session']);
  await fetch('/api/tables');
  await fetch('/api/auth/session', { method: 'POST' });
  expect(calls).toEqual(['/api/auth/session', '/api/tables', '/api/auth/session']);
});

it('asks again when the early answer was not a success', async () => {
  startEarlyData(['/missing']);
  const response = await fetch('/api/missing');
  expect(response.status).toBe(404);
  expect(calls).toEqual(['/api/missing', '/api/missing']);
});

it('drops early answers the app did not ask for within 15 seconds', async () => {
  vi.useFakeTimers({ now: 0 });
  startEarlyData(['/tables']);
  vi.setSystemTime(15_001);
  await fetch('/api/tables');
  expect(calls).toEqual(['/api/tables', '/api/tables']);
});
