import { lazy, Suspense } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { FullPageSpin } from '../components/full-page-spin';
import { ErrorPage } from '../features/exception/routes/error-page';
import { RedirectPage } from '../features/exception/routes/redirect-page';
import { AuthGuard, LoginGuard } from './guards';
import { BasicLayout } from './layouts/basic-layout';
import { AppProviders } from './providers';
import { flattenRoutes } from './route-access';
import { ERROR_LOG_ROUTE, EXCEPTION_PATH, LOGIN_PATH, REDIRECT_ROUTE, REGISTER_PATH } from './route-table';
import { RouteEffects } from './route-effects';
import { SettingsEffects } from '../features/settings/components/settings-effects';
import { homePath } from './session';
import { usePermissionStore } from './stores/permission-store';

const LoginPage = lazy(() => import('../features/auth/routes/login-page'));
const RegisterPage = lazy(() => import('../features/register/routes/register-page'));

/**
 * The router. Login is public; everything else sits behind the guard and the shared layout.
 * The permission-dependent routes are the ones built for this session (permission store), so
 * a path the user may not open falls through to the error page.
 */
function AppRoutes() {
  const built = usePermissionStore((s) => s.routes);
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
      <Route element={<AuthGuard />}>
        <Route element={<BasicLayout />}>
          <Route index element={<Navigate to={homePath()} replace />} />
          {flattenRoutes([...built, ERROR_LOG_ROUTE]).map((route) => {
            const Page = route.component;
            if (Page) return <Route key={route.path} path={route.path} element={<Page />} />;
            if (route.redirect) {
              return <Route key={route.path} path={route.path} element={<Navigate to={route.redirect} replace />} />;
            }
            return null;
          })}
          <Route path={REDIRECT_ROUTE.path} element={<RedirectPage />} />
          <Route path={EXCEPTION_PATH} element={<ErrorPage kind="exception" />} />
          <Route path="*" element={<ErrorPage kind="notFound" />} />
        </Route>
      </Route>
    </Routes>
  );
}

export function App() {
  return (
    <AppProviders>
      <BrowserRouter>
        <RouteEffects />
        <SettingsEffects />
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
