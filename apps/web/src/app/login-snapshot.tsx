import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import type { Locale } from '@agent-bo/shared';
import LoginPage from '../features/auth/routes/login-page';
import { LOGIN_PATH } from '../config/routes';
import { startI18n } from '../lib/i18n';
import { useAppStore } from '../stores/app-store';
import { useLocaleStore } from '../stores/locale-store';
import { AppProviders } from './providers';

/**
 * Build time only (`build/prerender-login.mjs` loads this module in Node): the login page as the
 * app renders it in `locale` and the light or dark theme, with the CSS antd generates for it.
 * Rendering the app's own page with its own providers, rather than a copy of its markup, keeps
 * the snapshot from drifting away from the page that replaces it.
 */
export async function renderLoginSnapshot(locale: Locale, dark: boolean): Promise<{ html: string; css: string }> {
  // React renders on the server from each store's server snapshot, which zustand takes from the
  // store's initial state: the locale and theme go there (and into the live state, for code
  // that reads `getState()`).
  Object.assign(useLocaleStore.getInitialState(), { locale });
  Object.assign(useAppStore.getInitialState(), { darkMode: dark });
  useLocaleStore.setState({ locale });
  useAppStore.setState({ darkMode: dark });
  const i18n = await startI18n(locale);
  await i18n.changeLanguage(locale);
  const cache = createCache();
  const html = renderToString(
    <StyleProvider cache={cache}>
      <AppProviders>
        {/* The page's links (forgot password, phone code) are the router's. */}
        <StaticRouter location={LOGIN_PATH}>
          <LoginPage />
        </StaticRouter>
      </AppProviders>
    </StyleProvider>,
  );
  return { html, css: extractStyle(cache, true) };
}
