/** Timings of the live stream; tests shorten them through `buildApp({ config: { live } })`. */
export interface LiveConfig {
  /** How often each stream gets a comment (so proxies keep it open) and its session is checked again. */
  heartbeatMs: number;
  /** First wait before reconnecting a dropped LISTEN connection; doubles per failure up to `reconnectMaxMs`. */
  reconnectMinMs: number;
  reconnectMaxMs: number;
}

export const DEFAULT_LIVE: LiveConfig = { heartbeatMs: 15_000, reconnectMinMs: 500, reconnectMaxMs: 30_000 };

// The live stream's settings ride on AppConfig like every other module's, declared here so the
// module stays self-contained; server.ts runs with the defaults.
declare module '../../config.js' {
  interface AppConfig {
    live?: Partial<LiveConfig>;
  }
}
