import { availableParallelism } from 'node:os';

/**
 * Spec files run in parallel, each worker against a server and database of its own
 * (global-setup.ts), so no spec sees another's changes while they run; within a worker the files
 * still run one after another, and each owns or restores its data.
 *
 * One worker per two cores by default (`E2E_WORKERS` overrides): a worker is a Chromium (its
 * browser, renderer, GPU and network processes), a server and a PostgreSQL, and one worker alone
 * keeps two cores busy. Measured on a two-core machine (docs/PERFORMANCE.md): two workers took
 * the whole suite 918 s and one worker 909 s, but with two every test took twice as long (the
 * members wizard journey 53 s against its 60 s limit, 27 s on one worker). A second worker on two
 * cores buys no speed, only tests that fail when the machine is busy.
 */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS) || Math.floor(availableParallelism() / 2));
