import { describe, expect, it } from 'vitest';
import { MENU, filterMenu, toMenuItems, type MenuEntry } from './menu.js';

const catalogue: MenuEntry[] = [
  { name: 'Log', path: '/log', titleKey: 'routes.log', order: 60 },
  { name: 'Dashboard', path: '/dashboard', titleKey: 'routes.dashboard', order: 10 },
  {
    name: 'Material',
    path: '/material',
    titleKey: 'routes.material',
    order: 40,
    children: [
      { name: 'Game', path: '/material/game', titleKey: 'routes.game', order: 1, permission: 'GAME_READ||GAME_WRITE' },
      { name: 'Tag', path: '/material/tag', titleKey: 'routes.tag', order: 2, permission: 'TAG_READ' },
    ],
  },
  { name: 'Permission', path: '/permission', titleKey: 'routes.permission', order: 80, permission: 'ROLE_PERMISSION_WRITE' },
];

describe('filterMenu', () => {
  it('sorts by order and drops entries whose permission is not held', () => {
    const names = filterMenu(catalogue, new Set()).map((e) => e.name);
    expect(names).toEqual(['Dashboard', 'Log']);
  });

  it('shows a parent when any child is allowed, with only the allowed children', () => {
    const menu = filterMenu(catalogue, new Set(['GAME_WRITE']));
    const material = menu.find((e) => e.name === 'Material');
    expect(material?.children?.map((c) => c.name)).toEqual(['Game']);
  });

  it('maps to the getMenuList shape', () => {
    const items = toMenuItems(filterMenu(catalogue, new Set(['ROLE_PERMISSION_WRITE'])));
    expect(items.map((i) => [i.path, i.meta.orderNo])).toEqual([
      ['/dashboard', 10],
      ['/log', 60],
      ['/permission', 80],
    ]);
  });
});

describe('MENU', () => {
  it('/announcement (order 50) holds activities, announcements and broadcasts for ACTIVITY_READ or ACTIVITY_WRITE', () => {
    const entry = MENU.find((e) => e.path === '/announcement');
    expect(entry).toMatchObject({
      name: 'Announcement',
      titleKey: 'routes.announcement',
      order: 50,
      permission: 'ACTIVITY_READ||ACTIVITY_WRITE',
    });
    expect(entry?.children?.map((c) => [c.name, c.path, c.titleKey])).toEqual([
      ['Activity', '/announcement/activity', 'routes.activity'],
      ['AnnouncementList', '/announcement/announcement', 'routes.announcementList'],
      ['Broadcast', '/announcement/broadcast', 'routes.broadcast'],
    ]);
  });

  it('shows /announcement between the members and the logs to either code, and not without one', () => {
    const paths = (codes: string[]) => filterMenu(MENU, new Set(codes)).map((e) => e.path);
    expect(paths(['ACTIVITY_READ'])).toEqual(['/dashboard', '/report', '/bet/index', '/member/index', '/announcement', '/log/index']);
    expect(paths(['ACTIVITY_WRITE'])).toContain('/announcement');
    expect(paths(['GAME_READ'])).not.toContain('/announcement');
  });

  it('/material (order 40, between the members and the announcements) shows the children the codes allow, in order', () => {
    const entry = MENU.find((e) => e.path === '/material');
    expect(entry).toMatchObject({ name: 'Material', titleKey: 'routes.material', order: 40 });
    expect(entry?.permission).toBeUndefined();
    expect(entry?.children?.map((c) => [c.name, c.path, c.permission])).toEqual([
      ['MaterialCategory', '/material/category', 'CATEGORY_READ||CATEGORY_WRITE'],
      ['MaterialGame', '/material/game', 'GAME_READ||GAME_WRITE'],
      ['MaterialTag', '/material/tag', 'TAG_READ||TAG_WRITE'],
      ['MaterialCollection', '/material/collection', 'COLLECTION_READ||COLLECTION_WRITE'],
    ]);
    const menu = (codes: string[]) => filterMenu(MENU, new Set(codes));
    const children = (codes: string[]) =>
      menu(codes)
        .find((e) => e.path === '/material')
        ?.children?.map((c) => c.path);
    expect(menu(['CATEGORY_READ', 'ACTIVITY_READ']).map((e) => e.path)).toEqual([
      '/dashboard',
      '/report',
      '/bet/index',
      '/member/index',
      '/material',
      '/announcement',
      '/log/index',
    ]);
    expect(children(['GAME_WRITE'])).toEqual(['/material/game']);
    expect(children(['CATEGORY_WRITE', 'GAME_READ'])).toEqual(['/material/category', '/material/game']);
    expect(children(['TAG_READ', 'COLLECTION_WRITE'])).toEqual(['/material/tag', '/material/collection']);
    expect(children(['TAG_WRITE'])).toEqual(['/material/tag']);
    expect(children(['ACTIVITY_WRITE'])).toBeUndefined();
  });

  it('/store (order 70, between the logs and the permissions) opens the goods and shows the children the codes allow', () => {
    const entry = MENU.find((e) => e.path === '/store');
    expect(entry).toMatchObject({ name: 'Store', titleKey: 'routes.store', order: 70, redirect: '/store/goods' });
    expect(entry?.permission).toBeUndefined();
    expect(entry?.children?.map((c) => [c.name, c.path, c.permission])).toEqual([
      ['StoreCategory', '/store/category', 'STORE_CATEGORY_READ||STORE_CATEGORY_WRITE'],
      ['StoreGoods', '/store/goods', 'STORE_GOODS_READ||STORE_GOODS_WRITE'],
      ['StorePoints', '/store/points', 'PLAYER_POINTS_READ'],
      ['StoreOrder', '/store/order', 'STORE_ORDER_READ||STORE_ORDER_WRITE'],
    ]);
    const menu = (codes: string[]) => filterMenu(MENU, new Set(codes));
    const children = (codes: string[]) =>
      menu(codes)
        .find((e) => e.path === '/store')
        ?.children?.map((c) => c.path);
    expect(
      menu(['STORE_GOODS_READ', 'ROLE_PERMISSION_WRITE'])
        .map((e) => e.path)
        .slice(-3),
    ).toEqual(['/log/index', '/store', '/permission/index']);
    expect(children(['STORE_GOODS_WRITE', 'PLAYER_POINTS_READ'])).toEqual(['/store/goods', '/store/points']);
    expect(children(['STORE_ORDER_READ'])).toEqual(['/store/order']);
    expect(children(['STORE_CATEGORY_WRITE'])).toEqual(['/store/category']);
    expect(children(['GAME_WRITE'])).toBeUndefined();
  });

  it('shows /permission/index (order 80, between the logs and the providers) to ROLE_PERMISSION_WRITE only', () => {
    const paths = (codes: string[]) => filterMenu(MENU, new Set(codes)).map((e) => e.path);
    expect(MENU.find((e) => e.path === '/permission/index')).toMatchObject({
      name: 'Permission',
      titleKey: 'routes.permission',
      order: 80,
    });
    expect(paths(['ROLE_PERMISSION_WRITE', 'SITE_PROVIDER']).slice(-3)).toEqual(['/log/index', '/permission/index', '/provider/index']);
    expect(paths(['ACTIVITY_WRITE', 'MOVE_USER'])).not.toContain('/permission/index');
  });
});
