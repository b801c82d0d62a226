import { sql } from 'drizzle-orm';
import { readNamed } from '../db/named.js';

/**
 * The providers a site offers (code and name, by code): the provider filter's options the bet
 * search, the agent report and the dashboard answer with. A named prepared statement: every one of
 * those requests reads it.
 */
export function siteProviders(db: object, siteId: string) {
  return readNamed<{ code: string; name: string }>(
    db,
    'site_providers',
    sql`select p.code, p.name from site_providers sp join providers p on p.code = sp.provider_code where sp.site_id = ${siteId} order by p.code`,
  );
}
