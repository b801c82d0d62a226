import { MenuFoldOutlined, MenuOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Breadcrumb, Button, ConfigProvider, Drawer, Layout, Spin, theme } from 'antd';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { DarkToggle } from '../../components/dark-toggle';
import { LocalePicker } from '../../components/locale-picker';
import { ErrorLogButton } from '../../features/error-log/components/error-log-button';
import { PageErrorBoundary } from '../../features/error-log/components/page-error-boundary';
import { ActivityPops } from '../../features/pops/components/activity-pops';
import { LockScreen } from '../../features/lock/components/lock-screen';
import { BroadcastMarquee } from '../../features/marquee/components/broadcast-marquee';
import { MenuSearchButton } from '../../features/menu-search/components/menu-search-button';
import { SessionTimeoutCover } from '../../features/session-timeout/components/session-timeout-cover';
import { SettingsButton } from '../../features/settings/components/settings-button';
import { MultiTabs } from '../../features/tabs/components/multi-tabs';
import { NewVersionNotice } from '../../features/new-version/components/new-version-notice';
import { SiteWatermark } from '../../features/watermark/components/site-watermark';
import { TabContent } from '../../features/tabs/components/tab-content';
import { routeTitle } from '../../lib/i18n';
import { findRouteChain } from '../../lib/route-access';
import { allRoutes } from '../../config/routes';
import { useRouteTitle } from '../route-effects';
import { usePreloadFeedback } from '../feedback-provider';
import { useAppStore } from '../../stores/app-store';
import { headerBackground, isLightColor, menuThemeFor, ON_DARK_TEXT, readableTextOn } from '../../config/theme';
import { usePermissionStore } from '../../stores/permission-store';
import { SideMenu } from './side-menu';
import { useDarkToggle, useLocalePicker } from '../../hooks/use-appearance';
import { useIsMobile } from '../../hooks/use-is-mobile';
import { usePageRoutes } from '../page-routes';
import { UserDropdown } from './user-dropdown';
import { SiteBadge } from './site-badge';
import './basic-layout.css';
import { usePrefetchPages } from '../prefetch-pages';

function Logo({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation();
  const menuBg = useAppStore((s) => s.projectConfig.menuSetting.bgColor);
  return (
    <div className="app-logo" style={{ background: menuBg, color: readableTextOn(menuBg) }}>
      <img src="/favicon.svg" alt="" width={28} height={28} />
      {collapsed ? null : (
        <span className="app-logo__title" title={t('productTitle')}>
          {t('productTitle')}
        </span>
      )}
    </div>
  );
}

function PageBreadcrumb() {
  const { t } = useTranslation();
  const location = useLocation();
  const routes = usePermissionStore((s) => s.routes);
  const chain = useMemo(() => findRouteChain(allRoutes(routes), location.pathname), [routes, location.pathname]);
  const visible = chain.filter((r) => !r.meta.hideBreadcrumb);
  const items = visible.map((route, index) => {
    const title = routeTitle(route.meta, t);
    const last = index === visible.length - 1;
    const target = route.page ? route.path : route.redirect;
    return { key: route.path, title: last || !target ? title : <Link to={target}>{title}</Link> };
  });
  return <Breadcrumb items={items} />;
}

/** True when the header's background (chosen colour, or the mode's surface) needs light text. */
function useHeaderOnDark(): boolean {
  const dark = useAppStore((s) => s.darkMode);
  const headerBg = useAppStore((s) => s.projectConfig.headerSetting.bgColor);
  return !isLightColor(headerBackground(dark, headerBg));
}

/** Header content drawn with the dark algorithm when the chosen header background is dark. */
function HeaderTheme({ children }: { children: ReactNode }) {
  const dark = useAppStore((s) => s.darkMode);
  const onDark = useHeaderOnDark();
  if (dark || !onDark) return <>{children}</>;
  return <ConfigProvider theme={{ algorithm: theme.darkAlgorithm }}>{children}</ConfigProvider>;
}

/**
 * The shared layout of every signed-in screen: sidebar (a drawer under 960 px), header, content,
 * shaped by the project config (header and menu shown/fixed/collapsed/width, breadcrumbs,
 * content width, menu background).
 */
export function BasicLayout() {
  usePreloadFeedback();
  usePrefetchPages();
  const { t } = useTranslation();
  const location = useLocation();
  const isMobile = useIsMobile();
  const { menuSetting, headerSetting, showBreadCrumb, contentMode } = useAppStore((s) => s.projectConfig);
  const { menuWidth, collapsed, show: showMenu } = menuSetting;
  const menuTheme = menuThemeFor(menuSetting.bgColor);
  const setCollapsed = (next: boolean) => useAppStore.getState().setProjectConfig({ menuSetting: { collapsed: next } });
  const pageLoading = useAppStore((s) => s.pageLoading);
  const darkMode = useAppStore((s) => s.darkMode);
  // Light mode with a dark header colour: plain header texts (the user name) turn light.
  const headerColor = useHeaderOnDark() && !darkMode ? ON_DARK_TEXT : undefined;
  const [drawerOpen, setDrawerOpen] = useState(false);
  const contentRef = useRef<HTMLElement>(null);
  const mainRef = useRef<HTMLElement>(null);
  const title = useRouteTitle(location.pathname);
  const pageRoutes = usePageRoutes();
  const localePicker = useLocalePicker();
  const darkToggle = useDarkToggle();

  // A route or hash change scrolls the layout content (not the window) back to the top.
  useEffect(() => {
    contentRef.current?.scrollTo?.({ top: 0 });
    mainRef.current?.scrollTo?.({ top: 0 });
  }, [location.pathname, location.hash]);

  return (
    <SiteWatermark>
      <Layout className="app-layout" hasSider={!isMobile && showMenu}>
        {!showMenu ? null : isMobile ? (
          <Drawer
            placement="left"
            open={drawerOpen}
            onClose={() => setDrawerOpen(false)}
            closable={false}
            size={menuWidth}
            className="app-drawer"
            styles={{ body: { padding: 0, background: menuSetting.bgColor } }}
          >
            <Logo collapsed={false} />
            <SideMenu onNavigate={() => setDrawerOpen(false)} />
          </Drawer>
        ) : (
          <Layout.Sider
            width={menuWidth}
            collapsedWidth={56}
            collapsed={collapsed}
            trigger={null}
            theme={menuTheme}
            className="app-sider"
            data-testid="app-sider"
          >
            <Logo collapsed={collapsed} />
            <SideMenu collapsed={collapsed} />
          </Layout.Sider>
        )}
        <Layout className={`app-main${headerSetting.fixed ? '' : ' app-main--static-header'}`} ref={mainRef}>
          {headerSetting.show ? (
            <Layout.Header className="app-header" data-testid="app-header" style={{ color: headerColor }}>
              <HeaderTheme>
                <div className="app-header__left">
                  {!showMenu ? null : isMobile ? (
                    <Button
                      type="text"
                      icon={<MenuOutlined />}
                      aria-label={t('header.openMenu')}
                      data-testid="menu-toggle"
                      onClick={() => setDrawerOpen(true)}
                    />
                  ) : (
                    <Button
                      type="text"
                      icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
                      aria-label={collapsed ? t('header.expandMenu') : t('header.collapseMenu')}
                      data-testid="menu-toggle"
                      onClick={() => setCollapsed(!collapsed)}
                    />
                  )}
                  <nav className="app-header__title" data-testid="page-title" aria-label={t('header.navigation')}>
                    {isMobile || !showBreadCrumb ? <span className="app-header__page-name">{title}</span> : <PageBreadcrumb />}
                  </nav>
                </div>
                {isMobile ? null : <BroadcastMarquee />}
                <div className="app-header__right">
                  {isMobile ? null : <SiteBadge />}
                  <MenuSearchButton />
                  <ErrorLogButton />
                  <LocalePicker {...localePicker} showLabel={!isMobile} />
                  <DarkToggle {...darkToggle} />
                  <SettingsButton />
                  <UserDropdown compact={isMobile} />
                </div>
              </HeaderTheme>
            </Layout.Header>
          ) : (
            // Without a header the settings stay reachable from a floating button.
            <SettingsButton floating />
          )}
          {/* A phone's header has no room to spare: the marquee gets its own line under it. */}
          {isMobile ? (
            <div className="app-marquee-strip" data-testid="app-marquee-strip">
              <BroadcastMarquee />
            </div>
          ) : null}
          <MultiTabs />
          <Layout.Content
            className={`app-content${contentMode === 'fixed' ? ' app-content--fixed' : ''}`}
            data-content-mode={contentMode}
            ref={contentRef}
          >
            {/* The page's one top-level heading for assistive technology; sighted users read the title in the header. */}
            <h1 className="sr-only" data-testid="page-heading">
              {title}
            </h1>
            <Spin spinning={pageLoading} delay={0} className="app-content__loading">
              <PageErrorBoundary>
                <TabContent routes={pageRoutes} />
              </PageErrorBoundary>
            </Spin>
          </Layout.Content>
        </Layout>
        <ActivityPops />
        <LockScreen />
        <SessionTimeoutCover />
        <NewVersionNotice />
      </Layout>
    </SiteWatermark>
  );
}
