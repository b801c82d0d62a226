import type { Goods, PointsEntry, StoreCategory, StoreOrder } from '@agent-bo/shared';
import { adminUser } from '../../../test/fixtures';
import { envelope } from '../../../test/app-harness';

export function category(over: Partial<StoreCategory> = {}): StoreCategory {
  return {
    id: 1,
    name: { zh_TW: '實體商品', en: 'Physical goods', th: '', vi: '' },
    sort: 0,
    status: 'ACTIVE',
    goodsCount: 2,
    version: 1,
    updatedBy: 'admin001',
    updatedAt: '2030-01-01 10:00:00',
    ...over,
  };
}

export function goods(over: Partial<Goods> = {}): Goods {
  return {
    id: 21,
    categoryId: 1,
    categoryName: { zh_TW: '實體商品', en: 'Physical goods', th: '', vi: '' },
    name: { zh_TW: '藍牙耳機', en: 'Bluetooth earbuds', th: '', vi: '' },
    description: { zh_TW: '無線耳機', en: '', th: '', vi: '' },
    imageIds: [],
    imageUrls: [],
    price: 1200,
    stock: 8,
    perPlayerLimit: 2,
    status: 'Published',
    sort: 0,
    redeemed: 3,
    version: 4,
    updatedBy: 'admin001',
    updatedAt: '2030-01-01 10:00:00',
    ...over,
  };
}

export function order(over: Partial<StoreOrder> = {}): StoreOrder {
  return {
    id: 501,
    playerId: 9,
    accountNo: '9000001',
    goodsId: 21,
    goodsName: { zh_TW: '藍牙耳機', en: 'Bluetooth earbuds', th: '', vi: '' },
    quantity: 1,
    points: 1200,
    status: 'Unshipped',
    shippingNote: null,
    shippedBy: null,
    shippedAt: null,
    cancelledBy: null,
    cancelledAt: null,
    version: 1,
    createdAt: '2030-01-10 14:00:00',
    ...over,
  };
}

export function entry(over: Partial<PointsEntry> = {}): PointsEntry {
  return {
    id: '1',
    playerId: 9,
    accountNo: '9000001',
    type: 'GetByValidBet',
    source: 'PG:bet-1',
    betId: 'bet-1',
    orderId: null,
    amount: 150,
    balanceAfter: 150,
    createdAt: '2030-01-10 13:00:00',
    ...over,
  };
}

export interface Call {
  method: string;
  path: string;
  body: Record<string, unknown> | undefined;
  query: Record<string, string>;
}

export const backend = {
  codes: [] as string[],
  categories: [] as StoreCategory[],
  goods: [] as Goods[],
  orders: [] as StoreOrder[],
  entries: [] as PointsEntry[],
  settings: { pointsPer100: 1, version: 1 },
  /** The answer of the next save or order action, instead of a success. */
  answer: null as Response | null,
  /** Lists answering a failure (by name: `goods/list`, …). */
  failing: new Set<string>(),
  calls: [] as Call[],
};

export const ALL_CODES = [
  'STORE_CATEGORY_READ',
  'STORE_CATEGORY_WRITE',
  'STORE_GOODS_READ',
  'STORE_GOODS_WRITE',
  'PLAYER_POINTS_READ',
  'STORE_ORDER_READ',
  'STORE_ORDER_WRITE',
];

export function resetBackend() {
  backend.codes = [...ALL_CODES];
  backend.categories = [category(), category({ id: 2, name: { zh_TW: '虛擬商品', en: 'Vouchers', th: '', vi: '' }, sort: 1 })];
  backend.goods = [
    goods(),
    goods({
      id: 22,
      categoryId: 2,
      name: { zh_TW: '禮券', en: 'Gift voucher', th: '', vi: '' },
      price: 500,
      stock: 0,
      perPlayerLimit: null,
      status: 'Draft',
      redeemed: 0,
    }),
  ];
  backend.orders = [
    order(),
    order({
      id: 502,
      status: 'Shipped',
      shippingNote: 'DHL 123',
      shippedBy: 'admin001',
      shippedAt: '2030-01-10 15:00:00',
      version: 2,
    }),
  ];
  // Newest first, each with the balance after it: 150, then −100, then +40.
  backend.entries = [
    entry({ id: '3', type: 'PointsStoreRefund', source: 'order:500', betId: null, orderId: 500, amount: 40, balanceAfter: 90 }),
    entry({ id: '2', type: 'PointsStore', source: 'order:500', betId: null, orderId: 500, amount: -100, balanceAfter: 50 }),
    entry(),
  ];
  backend.settings = { pointsPer100: 1, version: 1 };
  backend.answer = null;
  backend.failing = new Set();
  backend.calls = [];
}

/** The calls made to `manage/store/<name>`. */
export const callsTo = (name: string) => backend.calls.filter((c) => c.path === `/api/manage/store/${name}`);

const paged = <T>(list: T[], body: Record<string, unknown> | undefined) =>
  envelope({ page: Number(body?.page ?? 1), pageSize: Number(body?.pageSize ?? 10), total: list.length, list });

export function storeServer(path: string, init: RequestInit): Response {
  const url = new URL(path, 'http://localhost');
  const body = init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
  backend.calls.push({ method: init.method ?? 'GET', path: url.pathname, body, query: Object.fromEntries(url.searchParams) });
  const name = url.pathname.replace('/api/manage/store/', '');
  if (backend.failing.has(name)) return envelope(null, 500, 'The database is not answering', 500);
  switch (url.pathname) {
    case '/api/manage/userinfo':
      return envelope(adminUser());
    case '/api/getPermCode':
      return envelope(backend.codes);
    case '/api/manage/store/category/list':
      return paged(backend.categories, body);
    case '/api/manage/store/goods/list':
      return paged(
        backend.goods.filter((g) => body?.categoryId === undefined || g.categoryId === body.categoryId),
        body,
      );
    case '/api/manage/store/points/list':
      return paged(backend.entries, body);
    case '/api/manage/store/settings':
      if (init.method === 'POST') {
        if (body?.version !== backend.settings.version) return envelope(null, 8002, 'Changed by someone else: reload and try again', 409);
        backend.settings = { pointsPer100: Number(body.pointsPer100), version: backend.settings.version + 1 };
      }
      return envelope(backend.settings);
    case '/api/manage/store/order/list':
      return paged(backend.orders, body);
    case '/api/manage/store/points/export':
    case '/api/manage/store/order/export':
      return new Response('\uFEFFid\n1\n', { status: 200, headers: { 'Content-Type': 'text/csv' } });
    case '/api/manage/store/category/save':
    case '/api/manage/store/goods/save':
      if (backend.answer) return backend.answer;
      return envelope({ id: Number(body?.id ?? 99), version: Number(body?.version ?? 0) + 1 });
    case '/api/manage/store/category/delete':
    case '/api/manage/store/goods/delete':
      return envelope(null);
    case '/api/manage/store/order/ship':
    case '/api/manage/store/order/cancel': {
      if (backend.answer) return backend.answer;
      const found = backend.orders.find((o) => o.id === body?.id)!;
      const shipped = url.pathname.endsWith('ship');
      const next: StoreOrder = {
        ...found,
        status: shipped ? 'Shipped' : 'Cancelled',
        shippingNote: String(body?.note ?? '') || null,
        ...(shipped
          ? { shippedBy: 'admin001', shippedAt: '2030-01-10 16:00:00' }
          : { cancelledBy: 'admin001', cancelledAt: '2030-01-10 16:00:00' }),
        version: found.version + 1,
      };
      backend.orders = backend.orders.map((o) => (o.id === next.id ? next : o));
      return envelope(next);
    }
    default:
      return envelope(null, 404, 'not found', 404);
  }
}

export { click, pick, type, messages } from '../../../test/ui-actions';
