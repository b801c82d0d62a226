import { SITE_IDS, siteForHost, type SiteId } from '@agent-bo/shared';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.js';

/** Loopback names not in the shared table that should reach the default site. */
const BUILTIN_HOSTS: Record<string, SiteId> = { '[::1]': 'tw_web', '::1': 'tw_web' };

/** The site a host name selects (shared SITES, the loopback names, SITE_HOSTS), if any. */
export function siteOfHost(host: string, extraHosts: Record<string, SiteId>): SiteId | undefined {
  return siteForHost(host, { ...BUILTIN_HOSTS, ...extraHosts });
}

/**
 * The site of a request. The host must map to a site (shared SITES plus SITE_HOSTS); the
 * `x-site-id` header, when sent, must name the same site. Either failing is SITE_MISMATCH.
 */
export function resolveSite(request: FastifyRequest, extraHosts: Record<string, SiteId>): SiteId {
  const hostSite = siteOfHost(request.host ?? '', extraHosts);
  const raw = request.headers['x-site-id'];
  const header = Array.isArray(raw) ? raw[0] : raw;
  if (!hostSite) throw new AppError('SITE_MISMATCH');
  if (header !== undefined && header !== '') {
    if (!(SITE_IDS as readonly string[]).includes(header) || header !== hostSite) throw new AppError('SITE_MISMATCH');
  }
  return hostSite;
}
