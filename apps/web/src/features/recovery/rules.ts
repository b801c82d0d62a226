import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import { oneTimeCodeSchema, signinIdentifierSchema } from '@agent-bo/shared';

/** How long the pages wait before a code may be asked for again. */
export const RESEND_SECONDS = 60;

/** A phone number as people type it (`+886 912-345 678`) in the form the server reads (`+886912345678`). */
export function normalizeIdentifier(value: string): string {
  const trimmed = value.trim();
  return trimmed.startsWith('+') ? trimmed.replace(/[\s\-().]/g, '') : trimmed;
}

/** A rule from a shared schema, with the page's own words for an empty and for a wrong value. */
function schemaRule(
  schema: { safeParse(value: unknown): { success: boolean } },
  messages: { required: () => string; invalid: () => string },
  normalize: (value: string) => string = (v) => v.trim(),
): Rule {
  return {
    validator: async (_rule, value: unknown) => {
      const text = typeof value === 'string' ? normalize(value) : '';
      if (!text) throw new Error(messages.required());
      if (!schema.safeParse(text).success) throw new Error(messages.invalid());
    },
  };
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

/** The second entry of a new password: the same as the first. */
export const confirmRules = (t: TFunction): Rule[] => [
  { required: true, message: t('recovery:confirmRequired') },
  ({ getFieldValue }) => ({
    validator: async (_rule, value: string) => {
      if (value && value !== getFieldValue('password')) throw new Error(t('recovery:confirmMismatch'));
    },
  }),
];
