import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appearanceCookieValue } from '@agent-bo/shared';
import { DEFAULT_PROJECT_CONFIG, THEME_COLOR_PALETTE } from '../../config/project-config';
import { useAppStore } from '../../stores/app-store';
import { useLocaleStore } from '../../stores/locale-store';
import type * as LoginSnapshot from '../../lib/login-snapshot';

const written = vi.hoisted(() => [] as string[]);
vi.mock('../../lib/login-snapshot', async (importOriginal) => {
  const actual = await importOriginal<typeof LoginSnapshot>();
  // The cookie has Path=/login, which the test page's document cannot read back: record the values.
  return {
    ...actual,
    writeAppearanceCookie: (a: Parameters<typeof actual.writeAppearanceCookie>[0]) => written.push(appearanceCookieValue(a)),
  };
});

const { followAppearance } = await import('../appearance-cookie');

/** The look the server paints /login in follows the stored one; a look the build cannot paint is `custom`. */
describe('the appearance cookie', () => {
  let stop: () => void = () => undefined;
  beforeEach(() => {
    written.length = 0;
    useAppStore.setState({ darkMode: false, projectConfig: DEFAULT_PROJECT_CONFIG });
    useLocaleStore.setState({ locale: 'zh_TW' });
  });
  afterEach(() => stop());

  it('is written at start and on each change of language or theme, once per value', () => {
    stop = followAppearance();
    expect(written).toEqual(['zh_TW.light']);
    useAppStore.getState().setDarkMode(true);
    useLocaleStore.getState().setLocale('th');
    useAppStore.getState().setPageLoading(true); // not part of the look: nothing written
    useLocaleStore.getState().setLocale('th');
    expect(written).toEqual(['zh_TW.light', 'zh_TW.dark', 'th.dark']);
  });

  it('says custom for a theme colour, gray or colour-weak mode the build does not paint, and returns from it', () => {
    stop = followAppearance();
    const other = THEME_COLOR_PALETTE.find((c) => c !== DEFAULT_PROJECT_CONFIG.themeColor)!;
    useAppStore.getState().setProjectConfig({ themeColor: other });
    expect(written.at(-1)).toBe('custom');
    useAppStore.getState().setProjectConfig({ themeColor: DEFAULT_PROJECT_CONFIG.themeColor });
    expect(written.at(-1)).toBe('zh_TW.light');
    useAppStore.getState().setProjectConfig({ grayMode: true });
    expect(written.at(-1)).toBe('custom');
    useAppStore.getState().setProjectConfig({ grayMode: false, colorWeak: true });
    expect(written.at(-1)).toBe('custom');
    useAppStore.getState().setProjectConfig({ colorWeak: false });
    expect(written).toEqual(['zh_TW.light', 'custom', 'zh_TW.light', 'custom', 'zh_TW.light']);
  });

  it('stops following once unsubscribed', () => {
    followAppearance()();
    useAppStore.getState().setDarkMode(true);
    expect(written).toEqual(['zh_TW.light']);
  });
});
