import { ConfigProvider, Menu } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { findRouteChain } from '../../lib/route-access';
import { useAppStore } from '../../stores/app-store';
import { usePermissionStore } from '../../stores/permission-store';
import { menuThemeFor, readableTextOn } from '../../config/theme';
import { menuKeysForChain, toMenuItems } from '../../components/menu-items';

/**
 * The sidebar menu, built from the routes this user may open; light or dark by the chosen menu
 * background, one open submenu at a time in accordion mode.
 */
export function SideMenu({ collapsed = false, onNavigate }: { collapsed?: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const routes = usePermissionStore((s) => s.routes);
  const location = useLocation();
  const navigate = useNavigate();
  const items = useMemo(() => toMenuItems(routes, t), [routes, t]);
  const keys = useMemo(() => menuKeysForChain(findRouteChain(routes, location.pathname)), [routes, location.pathname]);
  const [openKeys, setOpenKeys] = useState<string[]>(keys.open);
  const accordion = useAppStore((s) => s.projectConfig.menuSetting.accordion);
  // A route reached without the menu (a redirect such as /report → /report/agent, a link, the
  // address bar) opens the submenus on its way, so the selected entry is visible.
  const openPath = keys.open.join('\n');
  const [seenOpenPath, setSeenOpenPath] = useState(openPath);
  if (seenOpenPath !== openPath) {
    setSeenOpenPath(openPath);
    if (keys.open.length) setOpenKeys((prev) => (accordion ? keys.open : [...new Set([...prev, ...keys.open])]));
  }
  const menuBg = useAppStore((s) => s.projectConfig.menuSetting.bgColor);
  const themeColor = useAppStore((s) => s.projectConfig.themeColor);
  const menuTheme = menuThemeFor(menuBg);
  // A light menu gets the chosen background and the same filled selection as the dark one;
  // scoped here so dropdown menus elsewhere keep antd's look.
  const lightMenuTokens = useMemo(
    () => ({
      components: {
        Menu: { itemBg: menuBg, subMenuItemBg: menuBg, itemSelectedBg: themeColor, itemSelectedColor: readableTextOn(themeColor) },
      },
    }),
    [menuBg, themeColor],
  );

  return (
    <div data-testid="side-menu" className="side-menu">
      <ConfigProvider theme={menuTheme === 'light' ? lightMenuTokens : undefined}>
        <Menu
          theme={menuTheme}
          mode="inline"
          items={items}
          selectedKeys={keys.selected}
          openKeys={collapsed ? undefined : openKeys}
          onOpenChange={(next) => setOpenKeys(accordion && next.length > 1 ? next.slice(-1) : next)}
          inlineCollapsed={collapsed}
          onClick={({ key }) => {
            if (key !== location.pathname) void navigate(key);
            onNavigate?.();
          }}
        />
      </ConfigProvider>
    </div>
  );
}
