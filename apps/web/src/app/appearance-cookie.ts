import { DEFAULT_PROJECT_CONFIG } from '../config/project-config';
import { appearanceCookieValue, type Appearance } from '@agent-bo/shared';
import { writeAppearanceCookie } from '../lib/login-snapshot';
import { useAppStore } from '../stores/app-store';
import { useLocaleStore } from '../stores/locale-store';

/**
 * Which prerendered login page fits (lib/login-snapshot.ts): the build paints the default theme
 * colour without gray or colour-weak mode, so any other look has none.
 */
export function currentAppearance(): Appearance {
  const { darkMode, projectConfig } = useAppStore.getState();
  if (projectConfig.themeColor !== DEFAULT_PROJECT_CONFIG.themeColor || projectConfig.grayMode || projectConfig.colorWeak) return 'custom';
  return { locale: useLocaleStore.getState().locale, dark: darkMode };
}

/**
 * Keeps the `bo_appearance` cookie equal to the stored locale and theme, from start on (written
 * once per change of its value). Returns the unsubscribe.
 */
export function followAppearance(): () => void {
  let written = '';
  const write = () => {
    const appearance = currentAppearance();
    const value = appearanceCookieValue(appearance);
    if (value === written) return;
    written = value;
    writeAppearanceCookie(appearance);
  };
  write();
  const stopApp = useAppStore.subscribe(write);
  const stopLocale = useLocaleStore.subscribe(write);
  return () => {
    stopApp();
    stopLocale();
  };
}
