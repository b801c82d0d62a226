import { sql } from 'drizzle-orm';
import { SITES } from '@agent-bo/shared';
import type { Db } from '../client.js';
import { sites } from '../schema/index.js';

/** Mirrors the shared SITES table into the database (configuration, created in every mode). */
export async function upsertSites(db: Db): Promise<void> {
  await db
    .insert(sites)
    .values(SITES.map((s) => ({ id: s.id, name: s.name, mode: s.mode, timeZone: s.timeZone, defaultLocale: s.defaultLocale, hosts: s.hosts })))
    .onConflictDoUpdate({
      target: sites.id,
      set: {
        name: sql`excluded.name`,
        mode: sql`excluded.mode`,
        timeZone: sql`excluded.time_zone`,
        defaultLocale: sql`excluded.default_locale`,
        hosts: sql`excluded.hosts`,
      },
    });
}
