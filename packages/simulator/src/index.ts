/**
 * The game providers' side of the provider API (docs/REPORTS.md): seeded bet and wallet traffic
 * over signed HTTP calls, as a real provider would send it. Never imports server code (lint
 * enforces it); the server imports it for the demo start. Connecting to a server's database (the
 * read-only directory of demo and development machines) is the separate
 * `@agent-bo/simulator/database` export; `loadDirectory` here only takes something that runs queries.
 */
export { Rng } from './rng.js';
export * from './catalogue.js';
export * from './directory.js';
export { ProviderClient, refusalKey, signBody, type CallOutcome, type ProviderOp } from './client.js';
export {
  ProviderWallets,
  databaseBooks,
  databaseSecrets,
  loadProviderWallets,
  startProviderSide,
  type JournalEntry,
  type ProviderSide,
  type ProviderSideOptions,
} from './provider-side.js';
export { runSimulation, type SimulationOptions } from './engine.js';
export { DEFAULT_RATES, Planner, type FateRates } from './planner.js';
export { formatSummary, type SimulationSummary } from './summary.js';
export {
  DEMO_TRAFFIC,
  demoTrafficWanted,
  describeDemoShoppers,
  describeDemoTraffic,
  loopbackUrl,
  playDemoShoppers,
  playDemoTraffic,
  startDemoTraffic,
  type DemoTrafficOptions,
  type DemoTrafficResult,
} from './demo.js';
export { runShoppers, type ShopperOptions, type ShopperSummary } from './shoppers.js';
