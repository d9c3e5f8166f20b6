// The one command line of a server process, for `npm start` (scripts/start.mjs) and for tests,
// browser tests and benches (server/test/server-process.ts): node with tsx as its loader.
//
// On the embedded PGlite the young generation of V8's heap is kept small: its default (16 MB
// semi-spaces) let 8 devices tapping and paying take the server from 320 to 415 MB resident,
// over the 400 MB it may take; with 2 MB it stays some 50 MB lower (docs/performance-notes.md,
// "PGlite's memory"). On PostgreSQL memory is not the limit and the default stays.

/**
 * @param {Record<string, string | undefined>} env the server's environment
 * @returns {string[]} node's arguments
 */
export function serverNodeArgs(env) {
  const pglite = !env.DATABASE_URL;
  return [...(pglite ? ['--max-semi-space-size=2'] : []), '--import', 'tsx', 'server/main.ts'];
}
