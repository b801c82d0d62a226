/**
 * Spec files run in parallel, each worker against a server and database of its own
 * (global-setup.ts), so no spec sees another's changes while it runs; within a worker the files
 * still run one after another, and each owns or restores its data. Two workers by default: on a
 * two-core machine each is a browser, a server and a PostgreSQL, and a third finds no core free.
 */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS) || 2);
