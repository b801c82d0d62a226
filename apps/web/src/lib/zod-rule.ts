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
