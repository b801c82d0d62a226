import { availableParallelism } from 'node:os';

/**
 * Spec files run in parallel, each worker against a server and database of its own
 * (global-setup.ts), so no spec sees another's changes while they run; within a worker the files
 * still run one after another, and each owns or restores its data.
 *
 * At least two workers, one per two cores on a machine with more (`E2E_WORKERS` overrides). A
 * worker is a Chromium (browser, renderer, GPU and network processes), a server and a PostgreSQL;
 * alone it left a fifth of two cores idle while the page waited on the server and the server on
 * PostgreSQL, and a second worker fills that time. Measured on a two-core machine
 * (docs/PERFORMANCE.md, session 17): one worker 543 s, two 401 s; each test took 1.6 times as
 * long, the longest 18 s against the 60 s limit. On a machine whose every kernel crossing is slow
 * (session 15) two workers bought nothing and each test took twice as long, which is why no test
 * is a long journey: each checks one thing and stays short.
 */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS) || Math.max(2, Math.floor(availableParallelism() / 2)));
