import { MenuFoldOutlined, MenuOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Breadcrumb, Button, Drawer, Layout, Spin } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { DarkToggle } from '../../components/dark-toggle';
import { LocalePicker } from '../../components/locale-picker';
import { ErrorLogButton } from '../../features/error-log/components/error-log-button';
import { PageErrorBoundary } from '../../features/error-log/components/page-error-boundary';
import { LockScreen } from '../../features/lock/components/lock-screen';
import { MenuSearchButton } from '../../features/menu-search/components/menu-search-button';
import { SessionTimeoutCover } from '../../features/session-timeout/components/session-timeout-cover';
import { SettingsButton } from '../../features/settings/components/settings-button';
import { MultiTabs } from '../../features/tabs/components/multi-tabs';
import { TabContent } from '../../features/tabs/components/tab-content';
import { routeTitleKey } from '../../lib/i18n';
import { findRouteChain } from '../route-access';
import { allRoutes } from '../route-table';
import { useRouteTitle } from '../route-effects';
import { useAppStore } from '../stores/app-store';
import { usePermissionStore } from '../stores/permission-store';
import { SideMenu } from './side-menu';
import { useIsMobile } from './use-is-mobile';
import { UserDropdown } from './user-dropdown';

function Logo({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="app-logo">
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
    const title = t(routeTitleKey(route.meta.titleKey));
    const last = index === visible.length - 1;
    const target = route.component ? route.path : route.redirect;
    return { key: route.path, title: last || !target ? title : <Link to={target}>{title}</Link> };
  });
  return <Breadcrumb items={items} />;
}

/** The shared layout of every signed-in screen: dark sidebar (a drawer under 960 px), header, content. */
export function BasicLayout() {
  const { t } = useTranslation();
  const location = useLocation();
  const isMobile = useIsMobile();
  const menuWidth = useAppStore((s) => s.projectConfig.menuSetting.menuWidth);
  const pageLoading = useAppStore((s) => s.pageLoading);
  const [collapsed, setCollapsed] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const contentRef = useRef<HTMLElement>(null);
  const title = useRouteTitle(location.pathname);

  // A route or hash change scrolls the layout content (not the window) back to the top.
  useEffect(() => {
    contentRef.current?.scrollTo?.({ top: 0 });
  }, [location.pathname, location.hash]);

  return (
    <Layout className="app-layout" hasSider={!isMobile}>
      {isMobile ? (
        <Drawer
          placement="left"
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          closable={false}
          size={menuWidth}
          className="app-drawer"
          styles={{ body: { padding: 0 } }}
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
          theme="dark"
          className="app-sider"
        >
          <Logo collapsed={collapsed} />
          <SideMenu collapsed={collapsed} />
        </Layout.Sider>
      )}
      <Layout className="app-main">
        <Layout.Header className="app-header">
          <div className="app-header__left">
            {isMobile ? (
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
                onClick={() => setCollapsed((c) => !c)}
              />
            )}
            <nav className="app-header__title" data-testid="page-title" aria-label={t('header.navigation')}>
              {isMobile ? <span className="app-header__page-name">{title}</span> : <PageBreadcrumb />}
            </nav>
          </div>
          <div className="app-header__right">
            <MenuSearchButton />
            <ErrorLogButton />
            <LocalePicker showLabel={!isMobile} />
            <DarkToggle />
            <SettingsButton />
            <UserDropdown compact={isMobile} />
          </div>
        </Layout.Header>
        <MultiTabs />
        <Layout.Content className="app-content" ref={contentRef}>
          <Spin spinning={pageLoading} delay={0} className="app-content__loading">
            <PageErrorBoundary>
              <TabContent />
            </PageErrorBoundary>
          </Spin>
        </Layout.Content>
      </Layout>
      <LockScreen />
      <SessionTimeoutCover />
    </Layout>
  );
}
