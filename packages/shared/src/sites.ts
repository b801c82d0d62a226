import { z } from 'zod';

/** The platform's sites. A site is chosen by the request host and named in the `x-site-id` header. */
export const SITE_IDS = ['tw_web', 'tw_mc', 'ph_mc', 'richman'] as const;
export const siteIdSchema = z.enum(SITE_IDS);
export type SiteId = z.infer<typeof siteIdSchema>;

export const SITE_MODES = ['default', 'cabinet'] as const;
export type SiteMode = (typeof SITE_MODES)[number];

export interface SiteDefinition {
  id: SiteId;
  name: string;
  mode: SiteMode;
  timeZone: string;
  defaultLocale: string;
  /** Host names (without port) that select this site. */
  hosts: string[];
}

/**
 * The four sites and the hosts that select them on one machine (browsers resolve `*.localhost`
 * to loopback). Production host names are added through the server's SITE_HOSTS setting.
 */
export const SITES: readonly SiteDefinition[] = [
  {
    id: 'tw_web',
    name: 'Taiwan main site',
    mode: 'default',
    timeZone: 'Asia/Taipei',
    defaultLocale: 'zh_TW',
    hosts: ['localhost', '127.0.0.1', 'tw-web.localhost'],
  },
  {
    id: 'tw_mc',
    name: 'Taiwan cabinet site',
    mode: 'cabinet',
    timeZone: 'Asia/Taipei',
    defaultLocale: 'zh_TW',
    hosts: ['tw-mc.localhost'],
  },
  {
    id: 'ph_mc',
    name: 'Philippines cabinet site',
    mode: 'cabinet',
    timeZone: 'Asia/Manila',
    defaultLocale: 'en',
    hosts: ['ph-mc.localhost'],
  },
  {
    id: 'richman',
    name: 'Richman (monopoly) site',
    mode: 'default',
    timeZone: 'Asia/Taipei',
    defaultLocale: 'zh_TW',
    hosts: ['richman.localhost'],
  },
];

/** The site whose host list holds `host` (port ignored), or undefined. */
export function siteForHost(host: string, extraHosts: Record<string, SiteId> = {}): SiteId | undefined {
  const name = host.replace(/:\d+$/, '').toLowerCase();
  if (extraHosts[name]) return extraHosts[name];
  return SITES.find((s) => s.hosts.includes(name))?.id;
}

/**
 * The IANA time zone of a site: stored instants are shown, business days cut and date filters read
 * in it (ARCHITECTURE.md convention 9). The one definition for the server and the web app.
 *
 * Every site id the platform handles is one of SITES: the server's come from the `sites` table
 * (seeded from SITES, referenced by foreign keys) or a request already checked against SITE_IDS,
 * and the web app's from its host (`siteForHost` with a default) or the signed-in user. An unknown
 * id is therefore a programming error, and it throws: falling back to some zone would silently
 * shift business days and report ranges by the difference between the zones.
 */
export function siteTimeZone(siteId: string): string {
  const site = SITES.find((s) => s.id === siteId);
  if (!site) throw new Error(`siteTimeZone: unknown site id "${siteId}"`);
  return site.timeZone;
}
