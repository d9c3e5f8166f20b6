import { startServerProcess } from '../../server/test/server-process';

/**
 * The built server on an embedded database, as the browser tests run it: started by the global
 * set-up for the whole run, and by a test that stops and restarts a server of its own. The demo
 * is seeded, the app is the build in WEB_DIST (dist/web unless set); what the server prints
 * goes to the console.
 */
export interface RunningServer {
  url: string;
  stop(): Promise<void>;
}

export async function startServer({
  port,
  dataDir,
  env = {},
}: {
  port: number;
  dataDir: string;
  env?: Record<string, string>;
}): Promise<RunningServer> {
  const server = await startServerProcess(
    {
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SEED_DEMO: 'true',
      WEB_DIST: process.env.WEB_DIST ?? './dist/web',
      ...env,
    },
    { port, print: 'all' },
  );
  return { url: server.url, stop: () => server.stop() };
}
