import v8 from 'node:v8';
import type { SiteId } from '@agent-bo/shared';

/** Which driver each message channel uses (lib/messaging), and the drivers' own settings. */
export interface MessagingConfig {
  email: { driver: 'outbox' } | { driver: 'smtp'; url: string; from: string };
  sms: { driver: 'outbox' } | { driver: 'http'; url: string; token: string | null; timeoutMs: number };
}

export const DEFAULT_MESSAGING: MessagingConfig = { email: { driver: 'outbox' }, sms: { driver: 'outbox' } };

/**
 * Sign-in abuse control (PRODUCT.md: slowed, then refused for a while), without letting anyone
 * lock someone else out (modules/auth/throttle.ts).
 */
export interface ThrottleConfig {
  /** Failures older than this are forgotten. */
  windowSeconds: number;
  /** Per (site, accountNo, client address): answers are slowed from this many failures… */
  accountSlowAfter: number;
  /** …and this address's attempts at this account are refused (SIGNIN_LOCKED) from this many, for `lockSeconds`. */
  accountLockAfter: number;
  /** Per (site, accountNo) over all addresses: slowed from this many failures; never locked. */
  accountAllSlowAfter: number;
  /** Per client address over all accounts: slowed from this many failures… */
  ipSlowAfter: number;
  /** …and from this many, refused for `lockSeconds` at every account it has already failed on (never at others). */
  ipLockAfter: number;
  lockSeconds: number;
  /** Delay at the first slowed attempt; doubles per further failure up to `maxDelayMs`. */
  baseDelayMs: number;
  maxDelayMs: number;
  /**
   * Messages that carry a code (issue 33), per window: at most this many to one account number
   * or phone number asked for (counted whether or not it exists, so the limit tells nothing)…
   */
  codeSendsPerKey: number;
  /** …and this many asked from one client address over every account (CODE_ASKS_PER_ADDRESS; 0: no limit per address). */
  codeSendsPerAddress: number;
}

export const DEFAULT_THROTTLE: ThrottleConfig = {
  windowSeconds: 15 * 60,
  accountSlowAfter: 3,
  accountLockAfter: 6,
  accountAllSlowAfter: 10,
  ipSlowAfter: 10,
  ipLockAfter: 30,
  lockSeconds: 15 * 60,
  baseDelayMs: 250,
  maxDelayMs: 4000,
  codeSendsPerKey: 5,
  codeSendsPerAddress: 20,
};

/**
 * The per-address sign-in limits from SIGNIN_FAILURES_PER_ADDRESS: slowed from `n` failures,
 * refused from three times as many; 0 turns both off (a count no address reaches).
 */
export function addressFailureLimits(n: number): Pick<ThrottleConfig, 'ipSlowAfter' | 'ipLockAfter'> {
  if (n === 0) return { ipSlowAfter: 1_000_000_000, ipLockAfter: 1_000_000_000 };
  return { ipSlowAfter: n, ipLockAfter: n * 3 };
}

/** Front-end error reports (`POST error_log/report`): abuse limits and retention. */
export interface ClientErrorConfig {
  /** Reports per window per client IP (ERROR_REPORT_RATE_LIMIT); false: no limit on the route. */
  rateLimit: { max: number; timeWindowMs: number } | false;
  /** Rows kept per site: the newest ones; older rows are pruned when reports arrive. */
  maxRowsPerSite: number;
  /** Rows older than this many days are pruned when reports arrive. */
  maxAgeDays: number;
}

export const DEFAULT_CLIENT_ERRORS: ClientErrorConfig = {
  rateLimit: { max: 30, timeWindowMs: 60_000 },
  maxRowsPerSite: 5000,
  maxAgeDays: 30,
};

/** The game client's public reads (`/api/client`). */
export interface ClientApiConfig {
  /** Requests per window per client address on these routes, whether or not the global limit is on; false: none. */
  rateLimit: { max: number; timeWindowMs: number } | false;
}

export const DEFAULT_CLIENT_API: ClientApiConfig = {
  rateLimit: { max: 120, timeWindowMs: 60_000 },
};

/** Removal of uploaded images that no content refers to (modules/uploads/orphans.ts). */
export interface ImageCleanupConfig {
  /** How often each process tries (one at a time over all processes); 0: never. */
  intervalMs: number;
  /** An image uploaded (again) more recently than this is kept: its editor may not have saved yet. */
  graceMs: number;
}

export const DEFAULT_IMAGE_CLEANUP: ImageCleanupConfig = {
  intervalMs: 60 * 60_000,
  graceMs: 24 * 60 * 60_000,
};

/** The points store (modules/store). */
export interface StoreConfig {
  /** How often each process tries the points earning job (one at a time over all processes); 0: never. */
  earningIntervalMs: number;
  /** How long a game client's player token lasts. */
  playerSessionTtlMinutes: number;
}

export const DEFAULT_STORE: StoreConfig = {
  earningIntervalMs: 5_000,
  playerSessionTtlMinutes: 30,
};

/** How recharges and withdrawals are batched (modules/ledger/credit-batch.ts). */
export interface LedgerBatchConfig {
  /** Moves per batch at most: a batch holds all its accounts locked until it commits. */
  maxItems: number;
  /** Batches of one process running at once. */
  maxInFlight: number;
}

export const DEFAULT_LEDGER_BATCH: LedgerBatchConfig = { maxItems: 64, maxInFlight: 1 };

/** When /readyz answers 503 for load (@fastify/under-pressure samples) and how long its database check may take. */
export interface ReadinessConfig {
  /** Mean event-loop delay (ms) over the last sample above which the process is not ready; 0: not checked. */
  maxEventLoopDelayMs: number;
  /** V8 heap in use (bytes) above which the process is not ready; 0: not checked. */
  maxHeapUsedBytes: number;
  /** Resident set size (bytes) above which the process is not ready; 0: not checked. */
  maxRssBytes: number;
  /** The `select 1` of /readyz fails after this long (a pool with no free client counts as down). */
  dbTimeoutMs: number;
  /** How often the load figures are sampled. */
  sampleIntervalMs: number;
}

/** The memory the OS grants this process (a container's limit), or null when there is none. */
export function memoryLimitBytes(): number | null {
  const limit = typeof process.constrainedMemory === 'function' ? process.constrainedMemory() : undefined;
  // No limit reads as undefined or 0, or as a huge number (cgroup "max") on some versions.
  if (!limit || !Number.isFinite(limit) || limit >= Number.MAX_SAFE_INTEGER) return null;
  return limit;
}

/**
 * Defaults: an event-loop delay of 1 s; 90 % of V8's heap limit (an allocation failure is near);
 * 90 % of the container's memory limit when there is one (the OOM killer is near), else no RSS check.
 */
export const DEFAULT_READINESS: ReadinessConfig = {
  maxEventLoopDelayMs: 1000,
  maxHeapUsedBytes: Math.floor(v8.getHeapStatistics().heap_size_limit * 0.9),
  maxRssBytes: Math.floor((memoryLimitBytes() ?? 0) * 0.9),
  dbTimeoutMs: 2000,
  sampleIntervalMs: 1000,
};

export interface SessionCacheConfig {
  /** Callers kept at most per process. */
  max: number;
  /** How long one is kept at most (a lost notification could not outlive it). */
  ttlMs: number;
}

export const DEFAULT_SESSION_CACHE: SessionCacheConfig = { max: 10_000, ttlMs: 60_000 };

/** Everything the app needs besides the database; built from `Env` by server.ts, by hand in tests. */
export interface AppConfig {
  apiPrefix: string;
  sessionTtlMinutes: number;
  bodyLimit: number;
  corsOrigins: string[];
  /** Extra host → site mappings (SITE_HOSTS), on top of the shared SITES table. */
  siteHosts: Record<string, SiteId>;
  /** Each site's game client, where its players sign in (CLIENT_SITE_URLS): a player's copy info names it. */
  clientUrls: Partial<Record<SiteId, string>>;
  trustProxy: boolean | number | string[];
  /** Built web app to serve; null or a missing folder serves none. */
  webDistDir: string | null;
  throttle: ThrottleConfig;
  /**
   * The general limit of API calls (plugins/security.ts): `max` per window per bearer session, or
   * per client address for calls without one; `addressMax` per address over all its sessions
   * (default 5 × `max`; 0: none). Static files and the web app's page are never counted. false: off.
   */
  rateLimit: { max: number; timeWindowMs: number; addressMax?: number } | false;
  /** Serve the browsable OpenAPI docs at `<apiPrefix>/docs` (API_DOCS; off by default in production). */
  apiDocs: boolean;
  /** The operators' documentation the About page links to (DOCS_URL, http(s)); unset or null: none. */
  docsUrl?: string | null;
  clientErrors: ClientErrorConfig;
  /** How slowed sign-ins wait; tests replace it to observe delays without timing. */
  sleep: (ms: number) => Promise<void>;
  /** 32-byte AES-256-GCM key of the one-time password hand-off (HANDOFF_KEY / DATA_DIR / per process). */
  handoffKey: Buffer;
  /** The clock of hand-off expiry; tests move it. */
  now: () => Date;
  /** How long a QR sign-in's wait request is held open (QR_WAIT_SECONDS by default); tests shorten it. */
  qrWaitSeconds?: number;
  /** Bearer token of GET /metrics (METRICS_TOKEN); null: /metrics is not served (404). */
  metricsToken: string | null;
  readiness: ReadinessConfig;
  /** Unset fields take DEFAULT_CLIENT_API's. */
  clientApi?: Partial<ClientApiConfig>;
  /** Unset fields take DEFAULT_IMAGE_CLEANUP's. */
  imageCleanup?: Partial<ImageCleanupConfig>;
  /** Unset fields take DEFAULT_STORE's. */
  store?: Partial<StoreConfig>;
  /** Unset fields take DEFAULT_LEDGER_BATCH's. */
  ledgerBatch?: Partial<LedgerBatchConfig>;
  /** The callers kept between requests (core/session-cache.ts); false: none. Unset: DEFAULT_SESSION_CACHE. */
  sessionCache?: SessionCacheConfig | false;
  /** Hosts a provider endpoint may name (`*.` prefix: and its subdomains); empty or unset: any. */
  providerEndpointHosts?: string[];
  /** How phone and e-mail codes leave (lib/messaging); unset: both to the outbox. */
  messaging?: MessagingConfig;
}
