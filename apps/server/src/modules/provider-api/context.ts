import type { Locale, SiteId } from '@agent-bo/shared';
import type { Db } from '../../db/client.js';

/** What a verified provider call carries into the bet batches (service.ts) and the wallet calls (wallet.ts). */
export interface ProviderContext {
  db: Db;
  siteId: SiteId;
  providerCode: string;
  locale: Locale;
}
