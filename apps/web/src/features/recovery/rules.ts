import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import { oneTimeCodeSchema, signinIdentifierSchema } from '@agent-bo/shared';
import { compactPhone } from '../../lib/one-time-code';
import { schemaRule } from '../../lib/zod-rule';

/** An account number, or a phone number as people type it, in the form the server reads. */
export function normalizeIdentifier(value: string): string {
  const trimmed = value.trim();
  return trimmed.startsWith('+') ? compactPhone(trimmed) : trimmed;
}

/** An account number or a phone number in international form (the shared `signinIdentifierSchema`). */
export const identifierRule = (t: TFunction): Rule =>
  schemaRule(
    signinIdentifierSchema,
    { required: () => t('recovery:identifierRequired'), invalid: () => t('recovery:identifierInvalid') },
    normalizeIdentifier,
  );

/** Six digits (the shared `oneTimeCodeSchema`). */
export const codeRule = (t: TFunction): Rule =>
  schemaRule(oneTimeCodeSchema, { required: () => t('recovery:codeRequired'), invalid: () => t('recovery:codeInvalid') });
