import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';

/** The part of a zod schema this helper uses (keeps zod itself out of the web bundle's imports). */
interface ParseableSchema {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: ReadonlyArray<{ message: string }> } };
}

/**
 * An antd form rule from a shared zod schema (ARCHITECTURE.md convention 2): the schema's issue
 * message is an i18n key of the `validation` namespace. Empty values get `requiredKey`.
 *
 * `schema` may be a loader instead (`() => import(…)`): a page that shows before zod has loaded
 * (the login page) fetches it when a value is first checked, if it has not arrived by then.
 */
export function zodRule(schema: ParseableSchema | (() => Promise<ParseableSchema>), t: TFunction, requiredKey: string): Rule {
  return {
    validator: async (_rule, value: unknown) => {
      if (value === undefined || value === null || value === '') throw new Error(t(requiredKey));
      const result = (typeof schema === 'function' ? await schema() : schema).safeParse(value);
      if (result.success) return;
      const key = result.error.issues[0]?.message;
      throw new Error(key ? t(`validation:${key}`, { defaultValue: t('validation:invalid') }) : t('validation:invalid'));
    },
  };
}

/**
 * A rule from a shared schema with the form's own words for an empty and for a wrong value (where
 * the schema's issue keys would be too general, as for a code or a phone number); `normalize` turns
 * what was typed into what is sent.
 */
export function schemaRule(
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

/** The second entry of a new password: required, and the same as `field`'s value. */
export function confirmRules(field: string, messages: { required: string; mismatch: string }): Rule[] {
  return [
    { required: true, message: messages.required },
    ({ getFieldValue }) => ({
      validator: async (_rule, value: string) => {
        if (value && value !== getFieldValue(field)) throw new Error(messages.mismatch);
      },
    }),
  ];
}
