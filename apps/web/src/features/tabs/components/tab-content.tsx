import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { FullPageSpin } from '../../../components/full-page-spin';

/** The page area of the layout: the current route's page. */
export function TabContent() {
  return (
    <Suspense fallback={<FullPageSpin />}>
      <Outlet />
    </Suspense>
  );
}
