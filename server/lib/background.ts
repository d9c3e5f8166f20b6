import type { FastifyBaseLogger } from 'fastify';

/**
 * Work that must not make a request wait (or let its timing tell anything), run after the
 * answer: failures are logged, and the server waits for what is in flight before it closes.
 */
export class BackgroundTasks {
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly log: FastifyBaseLogger) {}

  run(name: string, task: () => Promise<void>): void {
    const promise = new Promise<void>((resolve) => setImmediate(resolve))
      .then(task)
      .catch((error: unknown) => this.log.error({ err: error }, `${name} failed`))
      .finally(() => this.running.delete(promise));
    this.running.add(promise);
  }

  /** Resolves when every task started so far has ended (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all(this.running);
  }
}
