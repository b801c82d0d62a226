import { lazy, Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { FullPageSpin } from '../components/full-page-spin';
import { AuthGuard, LoginGuard } from './guards';
import { AppProviders } from './providers';
import { CHANGE_PASSWORD_PATH, FORGOT_PASSWORD_PATH, LOGIN_PATH, PHONE_LOGIN_PATH, QR_LOGIN_PATH, REGISTER_PATH } from '../config/routes';
import { PermissionSync } from './permission-sync';
import { RouteEffects } from './route-effects';
import { SettingsEffects } from '../features/settings/components/settings-effects';
import { useUserStore } from '../stores/user-store';
import { useLocaleStore } from '../stores/locale-store';
import { ensureLocale } from '../lib/i18n';

/**
 * The rest of the locale in use (the signed-in pages' messages, dayjs): the login page shows with
 * its own messages only (lib/i18n.ts `startI18n`). A failed fetch does not stop the page; the
 * messages are fetched again on the next try.
 */
const restOfLocale = () => ensureLocale(useLocaleStore.getState().locale).catch(() => undefined);
/** A page's chunk, resolved once the rest of the locale is there too. */
const withLocale =
  <T,>(load: () => Promise<T>) =>
  () =>
    Promise.all([load(), restOfLocale()]).then(([module]) => module);

const loadLoginPage = () => import('../features/auth/routes/login-page');
const LoginPage = lazy(loadLoginPage);

/**
 * Opening /login signed out: fetch the login page (its form, inputs, button) while the messages
 * load before the first render, rather than after that render asks for it.
 */
export function prefetchLoginPage(): void {
  if (window.location.pathname === LOGIN_PATH && !useUserStore.getState().token) void loadLoginPage().catch(() => undefined);
}
const RegisterPage = lazy(withLocale(() => import('../features/register/routes/register-page')));
const ForgotPasswordPage = lazy(withLocale(() => import('../features/recovery/routes/forgot-password-page')));
const PhoneLoginPage = lazy(withLocale(() => import('../features/recovery/routes/phone-login-page')));
const QrLoginPage = lazy(withLocale(() => import('../features/qr-sign-in/routes/qr-login-page')));
const ChangePasswordPage = lazy(withLocale(() => import('../features/password-change/routes/change-password-page')));
// The signed-in shell (header, menu, tabs, settings drawer, menu search, lock, marquee) loads
// after sign-in, so the login page does not carry it.
const loadLayout = withLocale(() => import('./layouts/basic-layout'));
const BasicLayout = lazy(() => loadLayout().then((m) => ({ default: m.BasicLayout })));

let layoutRequested = false;
/** Signed in already (a reload, a deep link): fetch the layout while the session loads, not after. */
function prefetchLayoutWhenSignedIn(): void {
  if (layoutRequested || !useUserStore.getState().token) return;
  layoutRequested = true;
  void loadLayout();
}

/**
 * The router. Login and registration are public; everything else sits behind the guard and the
 * shared layout, whose page area renders the page routes (`page-routes.tsx`) itself, so that
 * multi-tab keep-alive can render one page per open tab.
 */
function AppRoutes() {
  return (
    <Routes>
      <Route
        path={LOGIN_PATH}
        element={
          <LoginGuard>
            <Suspense fallback={<FullPageSpin />}>
              <LoginPage />
            </Suspense>
          </LoginGuard>
        }
      />
      <Route
        path={REGISTER_PATH}
        element={
          <Suspense fallback={<FullPageSpin />}>
            <RegisterPage />
          </Suspense>
        }
      />
      <Route
        path={FORGOT_PASSWORD_PATH}
        element={
          <LoginGuard>
            <Suspense fallback={<FullPageSpin />}>
              <ForgotPasswordPage />
            </Suspense>
          </LoginGuard>
        }
      />
      <Route
        path={PHONE_LOGIN_PATH}
        element={
          <LoginGuard>
            <Suspense fallback={<FullPageSpin />}>
              <PhoneLoginPage />
            </Suspense>
          </LoginGuard>
        }
      />
      <Route
        path={QR_LOGIN_PATH}
        element={
          <LoginGuard>
            <Suspense fallback={<FullPageSpin />}>
              <QrLoginPage />
            </Suspense>
          </LoginGuard>
        }
      />
      <Route element={<AuthGuard />}>
        {/* Signed in, but outside the layout: the server refuses the layout's calls until the password is changed. */}
        <Route
          path={CHANGE_PASSWORD_PATH}
          element={
            <Suspense fallback={<FullPageSpin />}>
              <ChangePasswordPage />
            </Suspense>
          }
        />
        <Route
          path="*"
          element={
            <Suspense fallback={<FullPageSpin />}>
              <BasicLayout />
            </Suspense>
          }
        />
      </Route>
    </Routes>
  );
}

export function App() {
  prefetchLayoutWhenSignedIn();
  return (
    <AppProviders>
      <BrowserRouter>
        <RouteEffects />
        <PermissionSync />
        <SettingsEffects />
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
