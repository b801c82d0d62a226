import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { BUILTIN_ROLES, SITES } from '@agent-bo/shared';
import type { Db } from '../client.js';
import { betLimitPresets, providerMerchants, providers, roles, siteProviders, siteRoleSeeds, sites } from '../schema/index.js';

/** The platform's game providers, offered on every site; the status is each site's starting one (KY under maintenance). */
export const DEMO_PROVIDERS = [
  { code: 'EVO', name: 'Evolution', status: 'ACTIVE' },
  { code: 'PG', name: 'PG Soft', status: 'ACTIVE' },
  { code: 'JILI', name: 'JILI', status: 'ACTIVE' },
  { code: 'SABA', name: 'SABA Sports', status: 'ACTIVE' },
  { code: 'PP', name: 'Pragmatic Play', status: 'ACTIVE' },
  { code: 'KY', name: 'Kaiyuan', status: 'MAINTAIN' },
] as const;

/** Bet-limit presets of every site, in minor units. */
export const DEMO_BET_LIMITS = [
  { code: 'A', name: 'A 10–5,000', min: 1_000n, max: 500_000n },
  { code: 'B', name: 'B 50–20,000', min: 5_000n, max: 2_000_000n },
  { code: 'C', name: 'C 100–50,000', min: 10_000n, max: 5_000_000n },
  { code: 'D', name: 'D 500–200,000', min: 50_000n, max: 20_000_000n },
  { code: 'E', name: 'E 1,000–500,000', min: 100_000n, max: 50_000_000n },
] as const;

/**
 * Mirrors the shared SITES table into the database (configuration, created in every mode), and
 * gives every site the provider catalogue, a merchant account at every provider and the bet-limit
 * presets (missing rows are added; existing rows, e.g. a site's status of a provider, are left as
 * they are, except that a merchant account without a secret gets one).
 *
 * A site's offerings are its own decision (SITE_PROVIDER on /provider/index), so they are seeded
 * only when the site or the provider is new: a provider a site switched off stays off across
 * restarts.
 */
export async function upsertSites(db: Db): Promise<void> {
  const upsertedSites = await db
    .insert(sites)
    .values(
      SITES.map((s) => ({ id: s.id, name: s.name, mode: s.mode, timeZone: s.timeZone, defaultLocale: s.defaultLocale, hosts: s.hosts })),
    )
    .onConflictDoUpdate({
      target: sites.id,
      set: {
        name: sql`excluded.name`,
        mode: sql`excluded.mode`,
        timeZone: sql`excluded.time_zone`,
        defaultLocale: sql`excluded.default_locale`,
        hosts: sql`excluded.hosts`,
      },
    })
    // xmax = 0 only on a row this statement inserted (an updated row carries the updating xid).
    .returning({ id: sites.id, inserted: sql<boolean>`(xmax = 0)` });
  const upsertedProviders = await db
    .insert(providers)
    .values(DEMO_PROVIDERS.map((p) => ({ code: p.code, name: p.name })))
    .onConflictDoNothing()
    .returning({ code: providers.code });
  // Every site's merchant account at every provider, each with its own random secret for the
  // signed API calls when it has none: stored, never printed (it is read from the database).
  // Existing secrets and statuses are kept.
  await db
    .insert(providerMerchants)
    .values(
      SITES.flatMap((s) =>
        DEMO_PROVIDERS.map((p) => ({
          siteId: s.id,
          providerCode: p.code,
          status: p.status,
          secret: randomBytes(32).toString('hex'),
          secretRotatedAt: new Date(),
        })),
      ),
    )
    .onConflictDoUpdate({
      target: [providerMerchants.siteId, providerMerchants.providerCode],
      set: {
        secret: sql`coalesce(${providerMerchants.secret}, excluded.secret)`,
        secretRotatedAt: sql`case when ${providerMerchants.secret} is null then excluded.secret_rotated_at else ${providerMerchants.secretRotatedAt} end`,
      },
    });
  const newSites = new Set(upsertedSites.filter((r) => r.inserted).map((r) => r.id));
  const newProviders = new Set(upsertedProviders.map((r) => r.code));
  const offerings = SITES.flatMap((s) =>
    DEMO_PROVIDERS.filter((p) => newSites.has(s.id) || newProviders.has(p.code)).map((p) => ({ siteId: s.id, providerCode: p.code })),
  );
  if (offerings.length) await db.insert(siteProviders).values(offerings).onConflictDoNothing();
  await db
    .insert(betLimitPresets)
    .values(SITES.flatMap((s) => DEMO_BET_LIMITS.map((b, i) => ({ siteId: s.id, ...b, sort: i }))))
    .onConflictDoNothing();
  await seedBuiltinRoles(db);
}

/**
 * The built-in roles (shared BUILTIN_ROLES), once per site: a site without a `site_role_seeds` row
 * gets them and the row, in one transaction. Afterwards they are the site's to edit or delete, and a
 * restart brings back none of them.
 */
export async function seedBuiltinRoles(db: Db): Promise<void> {
  const seeded = new Set((await db.select({ siteId: siteRoleSeeds.siteId }).from(siteRoleSeeds)).map((r) => r.siteId));
  const pending = SITES.filter((s) => !seeded.has(s.id));
  if (!pending.length) return;
  await db.transaction(async (tx) => {
    await tx
      .insert(roles)
      .values(
        pending.flatMap((s) =>
          BUILTIN_ROLES.map((r) => ({ siteId: s.id, builtinKey: r.key, name: r.name, description: r.description, codes: [...r.codes] })),
        ),
      )
      .onConflictDoNothing();
    await tx
      .insert(siteRoleSeeds)
      .values(pending.map((s) => ({ siteId: s.id })))
      .onConflictDoNothing();
  });
}
