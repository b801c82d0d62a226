import { describe, expect, it } from 'vitest';
import { LOCALES } from '@agent-bo/shared';
import { antLocaleOf, ensureLocale, i18n, initI18n, loadMessages, switchLocale } from '../i18n';

describe('locales loaded one at a time', () => {
  it('a locale bundle holds every namespace of its folder and the errors catalogue', async () => {
    const th = await loadMessages('th');
    expect(Object.keys(th)).toEqual(expect.arrayContaining(['common', 'login', 'routes', 'errors']));
    expect((th.errors as Record<string, string>).INVALID_CREDENTIALS).toBeTruthy();
    expect(th.login).not.toEqual((await loadMessages('en')).login);
  });

  it("ensureLocale loads antd's locale of the same language", async () => {
    for (const locale of LOCALES) {
      await ensureLocale(locale);
      expect(antLocaleOf(locale)?.locale, locale).toBe({ zh_TW: 'zh-tw', en: 'en', th: 'th', vi: 'vi' }[locale]);
    }
  });

  it('switching changes the language once the locale is loaded; of quick successive picks the last wins', async () => {
    initI18n('en');
    await Promise.all([switchLocale('th'), switchLocale('vi')]);
    expect(i18n.language).toBe('vi');
    expect(document.documentElement.lang).toBe('vi');
    await switchLocale('zh_TW');
    expect(i18n.language).toBe('zh_TW');
    expect(document.documentElement.lang).toBe('zh-TW');
  });
});
