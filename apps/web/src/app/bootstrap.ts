import NProgress from 'nprogress';
import { startI18n, switchLocale } from '../lib/i18n';
import { installErrorHandlers } from '../features/error-log/install';
import { setupApi } from './setup-api';
import { useAppStore } from '../stores/app-store';
import { useLocaleStore } from '../stores/locale-store';
import { followAppearance } from './appearance-cookie';

function applyDarkClass(dark: boolean): void {
  document.documentElement.classList.toggle('dark', dark);
  document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
}

/**
 * Everything that must happen once before the first render; resolves when the stored locale's
 * messages are loaded (the only locale loaded: another is fetched when the user picks it).
 */
export async function bootstrap(): Promise<void> {
  // Spec §9 progress-bar settings: minimum 0.08, speed 200 ms, trickle 0.02 every 800 ms.
  // nprogress 0.2 reads `trickleRate` although its type definitions omit it.
  const progressSettings = { minimum: 0.08, speed: 200, trickleSpeed: 800, trickleRate: 0.02, showSpinner: false };
  NProgress.configure(progressSettings);
  installErrorHandlers();
  setupApi();
  useLocaleStore.subscribe((state, previous) => {
    if (state.locale !== previous.locale) void switchLocale(state.locale);
  });
  applyDarkClass(useAppStore.getState().darkMode);
  useAppStore.subscribe((state, previous) => {
    if (state.darkMode !== previous.darkMode) applyDarkClass(state.darkMode);
  });
  followAppearance();
  // A failed fetch of the messages (the network, a release that replaced the files) must not
  // leave a blank page: the app renders, and the error handlers above have recorded the failure.
  await startI18n(useLocaleStore.getState().locale).catch(() => undefined);
}
