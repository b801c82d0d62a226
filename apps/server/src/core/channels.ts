/**
 * PostgreSQL LISTEN/NOTIFY channels: how server processes sharing one database tell each other
 * that something changed (no in-memory shortcut that only works with one process).
 */

/** Payload: the site id whose content (activities, announcements, broadcasts) changed. */
export const CONTENT_CHANNEL = 'content_changed';

/**
 * Payload: the site id whose game lobby changed (material, a provider's catalogue push, a
 * provider's status or offering): every process drops its cached lobby of that site.
 */
export const MATERIAL_CHANNEL = 'material_changed';
