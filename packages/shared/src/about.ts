import { z } from 'zod';
import { siteIdSchema } from './sites.js';

/**
 * The About page (`GET /api/manage/about`, any signed-in caller): what the running server is
 * made of, for a support request or a release check. The web app adds its own build facts
 * (version, commit, build time, dependencies) from its bundle.
 */
export const aboutSchema = z.object({
  server: z.object({
    /** apps/server/package.json `version`. */
    version: z.string(),
    /** `process.version`, e.g. `v20.19.5`. */
    nodeVersion: z.string(),
    /** The database's `show server_version`, e.g. `17.5`. */
    databaseVersion: z.string(),
    /** When the server process started (ISO 8601, UTC). */
    startedAt: z.string(),
  }),
  /** The caller's site, as the `sites` table names it. */
  site: z.object({ id: siteIdSchema, name: z.string() }),
  /** The browsable API description: whether this server serves it (API_DOCS) and where. */
  apiDocs: z.object({ served: z.boolean(), path: z.string() }),
  /** The operators' documentation (DOCS_URL, an http(s) address); null when none is configured. */
  docsUrl: z.string().nullable(),
});
export type About = z.infer<typeof aboutSchema>;
