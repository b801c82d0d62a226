/**
 * ROUTE_MAPPING mode (spec §4): the front end decides which roles see which route. Keyed by the
 * route name of the route table; a route without an entry is open to every role. The server
 * still checks every call, so this only shapes menus and routes.
 */
export const ROLE_ROUTE_MAPPING: Readonly<Record<string, readonly string[]>> = {
  Dashboard: ['admin', 'agent', 'shadow'],
  // Every agent reads its own report (a shadow: its owner's); no permission code.
  Report: ['admin', 'agent', 'shadow'],
  Bet: ['admin', 'agent', 'shadow'],
  Member: ['admin', 'agent', 'shadow'],
  // Lobby material is edited by the site's staff, not by agents' shadow logins.
  Material: ['admin', 'agent'],
  // Site content is edited by staff of the site, not by agents' shadow logins.
  Announcement: ['admin', 'agent'],
  // The store's goods and orders are run by the site's staff, not by agents' shadow logins.
  Store: ['admin', 'agent'],
  Log: ['admin', 'agent'],
  Provider: ['admin'],
  // Roles are managed by the site's staff and agents, never by a read-only shadow login.
  Permission: ['admin', 'agent'],
};

/** Roles the settings drawer offers for a role switch. */
export const SWITCHABLE_ROLES = ['admin', 'agent', 'shadow'] as const;
