import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { About } from '@agent-bo/shared';
import type { Db } from '../../db/client.js';
import { sites } from '../../db/schema/index.js';
import { SERVER_ROOT } from '../../env.js';
import type { Caller } from '../../core/caller.js';

/** What the About page is told besides the facts read per call. */
export interface AboutOptions {
  apiPrefix: string;
  /** Whether `<apiPrefix>/docs` is served (API_DOCS). */
  apiDocs: boolean;
  /** DOCS_URL, or null. */
  docsUrl: string | null;
}

let serverVersion: string | undefined;

/** apps/server/package.json's version (src/ and dist/ sit at the same depth), read once. */
export function readServerVersion(): string {
  serverVersion ??= (JSON.parse(readFileSync(path.join(SERVER_ROOT, 'package.json'), 'utf8')) as { version: string }).version;
  return serverVersion;
}

/** When this process started: Node's time origin is the process's start. */
export const PROCESS_STARTED_AT = new Date(Math.round(performance.timeOrigin)).toISOString();

/**
 * The running server as the About page shows it: versions (server, Node.js, the database
 * engine), when the process started, the caller's site, and where the API description and the
 * documentation are. Nothing here is secret to a signed-in user; the database's address and the
 * settings are not told.
 */
export async function about(db: Db, caller: Caller, options: AboutOptions): Promise<About> {
  const [version, site] = await Promise.all([
    db.execute<{ server_version: string }>(sql`show server_version`),
    db.select({ id: sites.id, name: sites.name }).from(sites).where(eq(sites.id, caller.siteId)),
  ]);
  const row = site[0];
  if (!row) throw new Error(`site ${caller.siteId} is not in the sites table`);
  return {
    server: {
      version: readServerVersion(),
      nodeVersion: process.version,
      databaseVersion: version.rows[0]?.server_version ?? '',
      startedAt: PROCESS_STARTED_AT,
    },
    site: { id: caller.siteId, name: row.name },
    apiDocs: { served: options.apiDocs, path: `${options.apiPrefix}/docs` },
    docsUrl: options.docsUrl,
  };
}
