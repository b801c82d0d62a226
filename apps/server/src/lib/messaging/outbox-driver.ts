import type { MessageDriver } from './types.js';

/**
 * The demo's driver: nothing leaves the server. The message is recorded with its text and the
 * site's admin reads it on the outbox page, so phone codes and e-mail codes work with no provider.
 */
export const outboxDriver: MessageDriver = {
  name: 'outbox',
  keepsText: true,
  send: async () => {},
};
