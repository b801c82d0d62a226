import { describe, expect, it } from 'vitest';
import { LOCALES } from '@agent-bo/shared';
import { antLocaleOf, BOOT_NAMESPACES, ensureLocale, i18n, initI18n, loadMessages, NAMESPACES, switchLocale } from '../i18n';

const namesOf = (files: Record<string, unknown>) => Object.keys(files).map((f) => /([^/]+)\.json$/.exec(f)?.[1]);

describe('locales loaded one at a time', () => {
  it('a locale bundle holds every namespace of its folder and the errors catalogue', async () => {
    const th = await loadMessages('th');
    expect(Object.keys(th)).toEqual(expect.arrayContaining(['common', 'login', 'routes', 'errors']));
    expect((th.errors as Record<string, string>).INVALID_CREDENTIALS).toBeTruthy();
    expect(th.login).not.toEqual((await loadMessages('en')).login);
  });

  it('the login page waits for its own namespaces only (boot.ts); the rest (rest.ts) completes every namespace', async () => {
    for (const locale of LOCALES) {
      const boot = ((await import(`../../locales/${locale}/boot.ts`)) as { default: Record<string, unknown> }).default;
      const rest = ((await import(`../../locales/${locale}/rest.ts`)) as { default: Record<string, unknown> }).default;
      expect(namesOf(boot).sort(), locale).toEqual([...BOOT_NAMESPACES].sort());
      expect([...namesOf(boot), ...namesOf(rest), 'errors'].sort(), locale).toEqual([...NAMESPACES].sort());
      expect(Object.keys(await loadMessages(locale)).sort(), locale).toEqual([...NAMESPACES].sort());
    }
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
