#!/usr/bin/env node
/**
 * Dashboard statistics (POST /api/manage/dashboard/stats) p50/p95/p99 on a site filled by the
 * large-scale seed: bench/report.mjs with --cases=dashboard (same options, e.g. --data-dir=DIR --runs=100).
 */
process.argv.push('--cases=dashboard');
await import('./report.mjs');
