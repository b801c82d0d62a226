#!/usr/bin/env node
/**
 * Bet search (POST /api/manage/bet/list) p50/p95/p99 on a site filled by the
 * large-scale seed: bench/report.mjs with --cases=search (same options, e.g. --data-dir=DIR --runs=100).
 */
process.argv.push('--cases=search');
await import('./report.mjs');
