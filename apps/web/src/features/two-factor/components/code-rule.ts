import type { TFunction } from 'i18next';
import { RECOVERY_CODE_PATTERN, totpCodeSchema } from '@agent-bo/shared';
import { schemaRule } from '../../../lib/zod-rule';

/** The authenticator's six digits; with `recovery`, a recovery code is taken too (disabling). */
export function codeRule(t: TFunction, recovery = false) {
  const schema = recovery
    ? { safeParse: (v: unknown) => ({ success: totpCodeSchema.safeParse(v).success || RECOVERY_CODE_PATTERN.test(String(v)) }) }
    : totpCodeSchema;
  return schemaRule(schema, {
    required: () => t('twoFactor:codeRequired'),
    invalid: () => (recovery ? t('twoFactor:codeOrRecoveryInvalid') : t('twoFactor:codeInvalid')),
  });
}
