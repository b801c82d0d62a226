import { useLayoutEffect, type ReactNode } from 'react';
import { i18n } from '../../../lib/i18n';
import { dropLoginSnapshot } from '../../../lib/login-snapshot';
import { ErrorBoundary } from './error-boundary';

/**
 * The last line: a render error outside any page (providers, layout, router) would otherwise
 * leave a blank screen. The fallback uses no app context — that context may be what failed —
 * and offers a reload.
 */
function RootErrorFallback() {
  const t = (key: string) => i18n.t(key, { ns: 'errorLog' });
  // A crash before the login page mounted must not stay hidden under the prerendered one.
  useLayoutEffect(dropLoginSnapshot, []);
  return (
    <div
      role="alert"
      data-testid="root-error-fallback"
      style={{ padding: '48px 24px', textAlign: 'center', fontFamily: 'system-ui, sans-serif' }}
    >
      <h1 style={{ fontSize: 20, marginBottom: 12 }}>{t('root.title')}</h1>
      <p style={{ marginBottom: 24 }}>{t('root.hint')}</p>
      <button type="button" onClick={() => window.location.reload()} style={{ padding: '6px 16px', fontSize: 14, cursor: 'pointer' }}>
        {t('root.reload')}
      </button>
    </div>
  );
}

export function RootErrorBoundary({ children }: { children: ReactNode }) {
  return <ErrorBoundary fallback={() => <RootErrorFallback />}>{children}</ErrorBoundary>;
}
