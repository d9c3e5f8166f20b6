import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDeps } from '../app';
import { loadConfig, type Config } from '../config';
import type { Database } from '../db/client';
import type { MailTransport } from '../mail/mailer';
import { createTestDatabase } from './test-database';

/** A clock the test moves by hand: plan dates, idle time-outs, rate-limit windows. */
export interface TestClock {
  (): Date;
  set(instant: Date | string): void;
  advance(ms: number): void;
}

export function createTestClock(start: Date | string = '2026-11-22T06:30:00Z'): TestClock {
  let now = new Date(start);
  const clock = (() => new Date(now)) as TestClock;
  clock.set = (instant) => {
    now = new Date(instant);
  };
  clock.advance = (ms) => {
    now = new Date(now.getTime() + ms);
  };
  return clock;
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  clock: TestClock;
  config: Config;
  close(): Promise<void>;
}

export async function createTestApp(
  options: {
    env?: Record<string, string>;
    mailTransport?: MailTransport;
    clock?: TestClock;
    /** Where the app logs (e.g. captureLog().logger, with env LOG_LEVEL); none by default. */
    logger?: AppDeps['logger'];
  } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const clock = options.clock ?? createTestClock();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST: '.tmp/no-web',
    ...options.env,
  });
  const app = await buildApp({
    database,
    config,
    clock,
    mailTransport: options.mailTransport,
    logger: options.logger ?? false,
  });
  await app.ready();
  return {
    app,
    database,
    clock,
    config,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
