import { z } from 'zod';
import { satisfies, type PermissionRequirement } from './access.js';

/**
 * The menu catalogue: one entry per built screen, in the spec's order. The server filters it by
 * the caller's permission codes for `getMenuList`; the web route table takes order, titles and
 * requirements from it, so the two never disagree. Screens not built yet are simply absent.
 */
export interface MenuEntry {
  name: string;
  path: string;
  /** i18n key of the title, in the web app's `routes` namespace. */
  titleKey: string;
  icon?: string;
  order: number;
  permission?: PermissionRequirement;
  hideMenu?: boolean;
  hideChildrenInMenu?: boolean;
  hideBreadcrumb?: boolean;
  /** Where a parent without a page of its own opens, when the user may see it (default: its first child). */
  redirect?: string;
  children?: MenuEntry[];
}

export const MENU: readonly MenuEntry[] = [
  {
    name: 'Dashboard',
    path: '/dashboard',
    titleKey: 'routes.dashboard',
    icon: 'DashboardOutlined',
    order: 10,
    hideChildrenInMenu: true,
    children: [{ name: 'Workbench', path: '/dashboard/workbench', titleKey: 'routes.workbench', order: 10, hideMenu: true }],
  },
  {
    // /report redirects to its first child (spec §2). Every agent sees its own report and its
    // subtree's: no permission code.
    name: 'Report',
    path: '/report',
    titleKey: 'routes.report',
    icon: 'BarChartOutlined',
    order: 20,
    children: [{ name: 'AgentReport', path: '/report/agent', titleKey: 'routes.agentReport', icon: 'BarChartOutlined', order: 20 }],
  },
  // Every agent searches the bets of its own subtree: no permission code.
  { name: 'Bet', path: '/bet/index', titleKey: 'routes.bet', icon: 'ProfileOutlined', order: 25 },
  { name: 'Member', path: '/member/index', titleKey: 'routes.member', icon: 'TeamOutlined', order: 30 },
  {
    // Game lobby material (PRODUCT.md §6): /material redirects to its first child the user may
    // see; each child needs its own area's READ or WRITE (WRITE alone adds the write controls).
    name: 'Material',
    path: '/material',
    titleKey: 'routes.material',
    icon: 'AppstoreAddOutlined',
    order: 40,
    children: [
      {
        name: 'MaterialCategory',
        path: '/material/category',
        titleKey: 'routes.materialCategory',
        order: 10,
        permission: 'CATEGORY_READ||CATEGORY_WRITE',
      },
      { name: 'MaterialGame', path: '/material/game', titleKey: 'routes.materialGame', order: 20, permission: 'GAME_READ||GAME_WRITE' },
      { name: 'MaterialTag', path: '/material/tag', titleKey: 'routes.materialTag', order: 30, permission: 'TAG_READ||TAG_WRITE' },
      {
        name: 'MaterialCollection',
        path: '/material/collection',
        titleKey: 'routes.materialCollection',
        order: 40,
        permission: 'COLLECTION_READ||COLLECTION_WRITE',
      },
    ],
  },
  {
    // /announcement redirects to its first child (spec §2); the children share the parent's need.
    name: 'Announcement',
    path: '/announcement',
    titleKey: 'routes.announcement',
    icon: 'NotificationOutlined',
    order: 50,
    permission: 'ACTIVITY_READ||ACTIVITY_WRITE',
    children: [
      { name: 'Activity', path: '/announcement/activity', titleKey: 'routes.activity', order: 10 },
      { name: 'AnnouncementList', path: '/announcement/announcement', titleKey: 'routes.announcementList', order: 20 },
      { name: 'Broadcast', path: '/announcement/broadcast', titleKey: 'routes.broadcast', order: 30 },
    ],
  },
  { name: 'Log', path: '/log/index', titleKey: 'routes.log', icon: 'FileSearchOutlined', order: 60 },
  {
    // The points store (PRODUCT.md §6): /store opens the goods (spec route table) or, without
    // their codes, the first child the user may see; each child needs its own area's READ or
    // WRITE (WRITE alone adds the write controls), the points detail PLAYER_POINTS_READ.
    name: 'Store',
    path: '/store',
    titleKey: 'routes.store',
    icon: 'ShoppingOutlined',
    order: 70,
    redirect: '/store/goods',
    children: [
      {
        name: 'StoreCategory',
        path: '/store/category',
        titleKey: 'routes.storeCategory',
        order: 10,
        permission: 'STORE_CATEGORY_READ||STORE_CATEGORY_WRITE',
      },
      {
        name: 'StoreGoods',
        path: '/store/goods',
        titleKey: 'routes.storeGoods',
        order: 20,
        permission: 'STORE_GOODS_READ||STORE_GOODS_WRITE',
      },
      { name: 'StorePoints', path: '/store/points', titleKey: 'routes.storePoints', order: 30, permission: 'PLAYER_POINTS_READ' },
      {
        name: 'StoreOrder',
        path: '/store/order',
        titleKey: 'routes.storeOrder',
        order: 40,
        permission: 'STORE_ORDER_READ||STORE_ORDER_WRITE',
      },
    ],
  },
  {
    // Role permission management (PRODUCT.md §7): named sets of codes, assigned to agents and
    // shadows; every role route needs ROLE_PERMISSION_WRITE, so the screen does too.
    name: 'Permission',
    path: '/permission/index',
    titleKey: 'routes.permission',
    icon: 'SafetyCertificateOutlined',
    order: 80,
    permission: 'ROLE_PERMISSION_WRITE',
  },
  {
    // Not in the specification's route table: the issue asks for a management screen of the
    // providers (status with PROVIDER_MAINTAIN, offering per site with SITE_PROVIDER).
    name: 'Provider',
    path: '/provider/index',
    titleKey: 'routes.provider',
    icon: 'AppstoreOutlined',
    order: 85,
    permission: 'PROVIDER_MAINTAIN||SITE_PROVIDER',
  },
];

export interface MenuItem {
  name: string;
  path: string;
  meta: { title: string; icon?: string; orderNo: number; hideMenu?: boolean; hideChildrenInMenu?: boolean };
  children?: MenuItem[];
}

export const menuItemSchema: z.ZodType<MenuItem> = z.lazy(() =>
  z.object({
    name: z.string(),
    path: z.string(),
    meta: z.object({
      title: z.string(),
      icon: z.string().optional(),
      orderNo: z.number(),
      hideMenu: z.boolean().optional(),
      hideChildrenInMenu: z.boolean().optional(),
    }),
    children: z.array(menuItemSchema).optional(),
  }),
);

/**
 * The entries `codes` may see, sorted by order. A parent shows when it is allowed itself and,
 * if it has children, at least one child is allowed (spec §2, role mode).
 */
export function filterMenu(entries: readonly MenuEntry[], codes: ReadonlySet<string>): MenuEntry[] {
  const result: MenuEntry[] = [];
  for (const entry of entries) {
    if (!satisfies(entry.permission, codes)) continue;
    if (entry.children?.length) {
      const children = filterMenu(entry.children, codes);
      if (children.length === 0) continue;
      result.push({ ...entry, children });
    } else {
      result.push(entry);
    }
  }
  return result.sort((a, b) => a.order - b.order);
}

/** The `getMenuList` shape of a filtered catalogue. */
export function toMenuItems(entries: readonly MenuEntry[]): MenuItem[] {
  return entries.map((e) => ({
    name: e.name,
    path: e.path,
    meta: {
      title: e.titleKey,
      icon: e.icon,
      orderNo: e.order,
      hideMenu: e.hideMenu,
      hideChildrenInMenu: e.hideChildrenInMenu,
    },
    children: e.children ? toMenuItems(e.children) : undefined,
  }));
}
