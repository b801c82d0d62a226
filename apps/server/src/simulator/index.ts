export { Rng } from './rng.js';
export * from './catalogue.js';
export * from './directory.js';
export { ProviderClient, refusalKey, type CallOutcome, type ProviderOp } from './client.js';
export { DEFAULT_RATES, Planner, formatSummary, runSimulation, type FateRates, type SimulationOptions, type SimulationSummary } from './engine.js';
export {
  DEMO_TRAFFIC,
  demoTrafficWanted,
  describeDemoTraffic,
  loopbackUrl,
  playDemoTraffic,
  startDemoTraffic,
  type DemoTrafficOptions,
  type DemoTrafficResult,
} from './demo.js';
