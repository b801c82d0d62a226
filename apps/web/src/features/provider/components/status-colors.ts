import type { ProviderStatus } from '@agent-bo/shared';

/** The tag colour of each provider status, in the table and in the status confirmation. */
export const STATUS_COLORS: Record<ProviderStatus, string> = { ACTIVE: 'success', MAINTAIN: 'warning', DISABLE: 'error' };
