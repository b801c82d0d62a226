import { useQueryClient } from '@tanstack/react-query';
import { Activity, Suspense, useEffect, useMemo } from 'react';
import { useLocation, useRoutes, type Location, type RouteObject } from 'react-router';
import { useAppStore } from '../../../stores/app-store';
import { FullPageSpin } from '../../../components/full-page-spin';
import { isApiError } from '../../../lib/api-error';
import { homePath } from '../../../stores/session';
import { resolveOpening } from '../../../stores/tab-route';
import { useTabStore } from '../../../stores/tab-store';
import { useTabRoutes } from '../../../hooks/use-tab-routes';
import { PageTransition } from './page-transition';

/** The page of `location` (the current one when absent). */
function RoutedPage({ routes, location }: { routes: RouteObject[]; location?: Location }) {
  return <Suspense fallback={<FullPageSpin />}>{useRoutes(routes, location)}</Suspense>;
}

/**
 * Runs each time a kept page is shown again (an Activity re-runs effects on reveal): queries of
 * the page whose fetch was cancelled by the route switch (the API client cancels the old route's
 * requests) are fetched again. Most do so on their own when they re-subscribe (refetch on
 * mount); this covers the ones that opt out of it.
 */
function RefetchCancelledOnReveal() {
  const queryClient = useQueryClient();
  useEffect(() => {
    void queryClient.refetchQueries(
      {
        type: 'active',
        predicate: (q) => q.state.status === 'error' && isApiError(q.state.error) && q.state.error.kind === 'cancelled',
      },
      // A query already refetching on its own (refetch on mount) is joined, not started twice.
      { cancelRefetch: false },
    );
  }, [queryClient]);
  return null;
}

function locationOf(fullPath: string, key: string): Location {
  const q = fullPath.indexOf('?');
  return {
    pathname: q === -1 ? fullPath : fullPath.slice(0, q),
    search: q === -1 ? '' : fullPath.slice(q),
    hash: '',
    state: null,
    key,
  };
}

/**
 * One tab's page: visible (rendered for the current URL) when `currentLocation` is given, else
 * hidden and rendered for the tab's own path.
 */
function KeptPage({
  id,
  fullPath,
  routes,
  currentLocation,
}: {
  id: string;
  fullPath: string;
  routes: RouteObject[];
  currentLocation?: Location;
}) {
  const own = useMemo(() => locationOf(fullPath, id), [fullPath, id]);
  return (
    <Activity mode={currentLocation ? 'visible' : 'hidden'}>
      <PageTransition>
        <RoutedPage routes={routes} location={currentLocation ?? own} />
      </PageTransition>
      <RefetchCancelledOnReveal />
    </Activity>
  );
}

/**
 * Keep-alive: every opened tab's page stays rendered, the inactive ones hidden by `<Activity>`
 * (their effects are torn down, so they neither poll nor fetch, and their state — filters,
 * paging, open inner tab — survives). Each page is rendered for its own tab's location, so
 * `useLocation`/`useSearchParams` inside a hidden page still answer for that tab. A tab's page
 * mounts when the tab is first shown (tabs restored after a reload mount lazily).
 */
function KeptPages({ routes }: { routes: RouteObject[] }) {
  const location = useLocation();
  const tabs = useTabStore((s) => s.tabs);
  const refreshCount = useTabStore((s) => s.refreshCount);
  const generation = useTabStore((s) => s.cacheGeneration);
  const shown = useTabStore((s) => s.shown);
  const tabRoutes = useTabRoutes();
  const here = `${location.pathname}${location.search}`;
  // Worked out while rendering (the tab sync stores it in a layout effect just after), so a new
  // tab's page is mounted once, under the key it keeps.
  const current = resolveOpening(here, tabs, tabRoutes, homePath());

  // Pages mount when their tab is first shown (the store remembers which were), plus the
  // current URL's page before the tab sync has stored it.
  const entries = tabs.filter((t) => shown.includes(t.id)).map((t) => ({ id: t.id, fullPath: t.fullPath }));
  if (current && !entries.some((e) => e.id === current.id)) entries.push(current);

  return (
    <>
      {entries.map(({ id, fullPath }) => {
        const visible = id === current?.id;
        return (
          <KeptPage
            key={`${id}#${refreshCount[id] ?? 0}#${generation}`}
            id={id}
            fullPath={fullPath}
            routes={routes}
            currentLocation={visible ? location : undefined}
          />
        );
      })}
      {current ? null : (
        <PageTransition key={`no-tab:${location.pathname}`}>
          <RoutedPage routes={routes} />
        </PageTransition>
      )}
    </>
  );
}

/** The current page alone (multi-tab or keep-alive off). */
function CurrentPage({ routes }: { routes: RouteObject[] }) {
  const location = useLocation();
  const activeId = useTabStore((s) => s.activeId);
  const refreshed = useTabStore((s) => (activeId ? (s.refreshCount[activeId] ?? 0) : 0));
  return (
    <PageTransition key={`${location.pathname}#${refreshed}`}>
      <RoutedPage routes={routes} />
    </PageTransition>
  );
}

/**
 * The page area of the layout: the page routes (the layout hands over the session's, see
 * app/page-routes.tsx) for the current location, or one per open tab with keep-alive.
 */
export function TabContent({ routes }: { routes: RouteObject[] }) {
  const multiTabs = useAppStore((s) => s.projectConfig.multiTabsSetting.show);
  const keepAlive = useAppStore((s) => s.projectConfig.openKeepAlive);
  return multiTabs && keepAlive ? <KeptPages routes={routes} /> : <CurrentPage routes={routes} />;
}
