import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { nickNameSchema } from '@agent-bo/shared';
import { zodRule } from '../zod-rule';
import { i18n, initI18n } from '../i18n';

/** The rule's validator, as antd's Form calls it. */
async function check(value: unknown): Promise<string | null> {
  const rule = zodRule(nickNameSchema, i18n.t as unknown as TFunction, 'validation:nickName.required') as {
    validator: (rule: unknown, value: unknown) => Promise<void>;
  };
  try {
    await rule.validator({}, value);
    return null;
  } catch (err) {
    return (err as Error).message;
  }
}

describe('zodRule with the shared nickname schema (every nickname field of the app)', () => {
  it('accepts 1 to 32 characters and refuses empty, blank and longer names with the translated message', async () => {
    initI18n('en');
    await i18n.changeLanguage('en');
    expect(await check('Agent A01')).toBeNull();
    expect(await check('x'.repeat(32))).toBeNull();
    expect(await check('')).toBe('Please enter a nickname');
    expect(await check('   ')).toBe('Please enter a nickname');
    expect(await check('x'.repeat(33))).toBe(i18n.t('validation:nickName.max'));
    expect(i18n.t('validation:nickName.max')).not.toBe('nickName.max');
  });
});
