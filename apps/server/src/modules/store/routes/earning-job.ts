import type { FastifyInstance } from 'fastify';
import { DEFAULT_STORE } from '../../../config.js';
import { earnAll } from '../earning.js';

/**
 * Runs the points earning job every `earningIntervalMs` (0: never): each process tries, one runs
 * at a time (the job's advisory lock). The timer does not keep the process alive; closing the app
 * stops it and waits for a run in progress, which needs the database.
 */
export function scheduleEarning(app: FastifyInstance) {
  const { earningIntervalMs } = { ...DEFAULT_STORE, ...app.config.store };
  if (earningIntervalMs <= 0) return;
  let running: Promise<void> | null = null;
  const run = async () => {
    try {
      await earnAll(app.db, { wait: false });
    } catch (err) {
      // The queue keeps what this run did not finish; the next run takes it again.
      app.log.error({ err }, 'points earning failed');
    } finally {
      running = null;
    }
  };
  const timer = setInterval(() => {
    running ??= run();
  }, earningIntervalMs).unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
