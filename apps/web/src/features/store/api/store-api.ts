import {
  ERRORS,
  type Goods,
  type GoodsList,
  type GoodsListRequest,
  type GoodsSaveRequest,
  type PointsEntryExportQuery,
  type PointsEntryList,
  type PointsEntryListRequest,
  type StoreCategory,
  type StoreCategoryList,
  type StoreCategoryListRequest,
  type StoreCategorySaveRequest,
  type StoreOrder,
  type StoreOrderCancelRequest,
  type StoreOrderExportQuery,
  type StoreOrderList,
  type StoreOrderListRequest,
  type StoreOrderShipRequest,
  type StoreSaved,
  type StoreSettings,
  type StoreSettingsSaveRequest,
} from '@agent-bo/shared';
import { api, compact } from '../../../lib/api';
import { isApiError } from '../../../lib/api-error';

const S = '/manage/store';

/** The pages of a list read one after the other (100 per page, at most 1,000 items). */
async function everyPage<T>(read: (page: number) => Promise<{ list: T[] }>): Promise<T[]> {
  const all: T[] = [];
  for (let page = 1; page <= 10; page++) {
    const { list } = await read(page);
    all.push(...list);
    if (list.length < 100) break;
  }
  return all;
}

/** A CSV export through the API client (token, site and language headers); see `csvBlob` for the BOM. */
const csv = (path: string, query: object) =>
  api.get<string>(path, {
    params: Object.fromEntries(Object.entries(compact(query)).map(([k, v]) => [k, String(v)])),
    retry: false,
    timeoutMs: 120_000,
  });

/** Orders answer the order as it is now; a refusal (already shipped, cancelled) is the dialog's to show. */
const orderAction = (action: 'ship' | 'cancel', body: StoreOrderShipRequest | StoreOrderCancelRequest) =>
  api.post<StoreOrder>(`${S}/order/${action}`, body, { errorMessageMode: 'none' });

export const storeApi = {
  categories: (body: StoreCategoryListRequest, signal?: AbortSignal) =>
    api.post<StoreCategoryList>(`${S}/category/list`, compact(body), { signal }),
  /** Failures are the drawer's to show: a stale version offers a reload. */
  saveCategory: (body: StoreCategorySaveRequest) => api.post<StoreSaved>(`${S}/category/save`, body, { errorMessageMode: 'none' }),
  deleteCategory: (id: number, version: number) => api.request<null>('DELETE', `${S}/category/delete`, { id, version }),
  /** Every category in store order, for the goods' category choices. */
  allCategories: (signal?: AbortSignal) => everyPage((page) => storeApi.categories({ page, pageSize: 100 }, signal)),
  /** A category read again after someone else saved it (null once deleted). There is no read of one. */
  rereadCategory: async (category: StoreCategory): Promise<StoreCategory | null> =>
    (await storeApi.allCategories()).find((c) => c.id === category.id) ?? null,

  goods: (body: GoodsListRequest, signal?: AbortSignal) => api.post<GoodsList>(`${S}/goods/list`, compact(body), { signal }),
  saveGoods: (body: GoodsSaveRequest) => api.post<StoreSaved>(`${S}/goods/save`, body, { errorMessageMode: 'none' }),
  deleteGoods: (id: number, version: number) => api.request<null>('DELETE', `${S}/goods/delete`, { id, version }),
  /** Every goods item in store order, for the orders' goods filter. */
  allGoods: (signal?: AbortSignal) => everyPage((page) => storeApi.goods({ page, pageSize: 100 }, signal)),
  /** A goods item read again: its category's goods, matched by id (null once deleted or moved away). */
  rereadGoods: async (goods: Goods): Promise<Goods | null> =>
    (await everyPage((page) => storeApi.goods({ categoryId: goods.categoryId, page, pageSize: 100 }))).find((g) => g.id === goods.id) ??
    null,

  points: (body: PointsEntryListRequest, signal?: AbortSignal) => api.post<PointsEntryList>(`${S}/points/list`, compact(body), { signal }),
  exportPoints: (query: PointsEntryExportQuery) => csv(`${S}/points/export`, query),

  orders: (body: StoreOrderListRequest, signal?: AbortSignal) => api.post<StoreOrderList>(`${S}/order/list`, compact(body), { signal }),
  exportOrders: (query: StoreOrderExportQuery) => csv(`${S}/order/export`, query),
  ship: (body: StoreOrderShipRequest) => orderAction('ship', body),
  cancel: (body: StoreOrderCancelRequest) => orderAction('cancel', body),

  settings: (signal?: AbortSignal) => api.get<StoreSettings>(`${S}/settings`, { signal }),
  saveSettings: (body: StoreSettingsSaveRequest) => api.post<StoreSettings>(`${S}/settings`, body, { errorMessageMode: 'none' }),
};

/** Whether a failure is the server saying the item changed since it was read. */
export const isStale = (error: unknown) => isApiError(error) && error.code === ERRORS.STORE_VERSION_STALE.code;

export const storeKeys = {
  all: ['store'] as const,
  categories: (body: unknown) => ['store', 'category', body] as const,
  goods: (body: unknown) => ['store', 'goods', body] as const,
  points: (body: unknown) => ['store', 'points', body] as const,
  orders: (body: unknown) => ['store', 'order', body] as const,
  /** Every category or goods item, for choices and filters. */
  every: (what: 'category' | 'goods') => ['store', 'every', what] as const,
  settings: ['store', 'settings'] as const,
};

/** `store-orders-20300110120000-20300111115959.csv`: what, and the range searched. */
export function storeCsvName(what: 'points' | 'orders', start?: string, end?: string): string {
  const stamp = (t: string) => t.replace(/[-: ]/g, '');
  return start && end ? `store-${what}-${stamp(start)}-${stamp(end)}.csv` : `store-${what}.csv`;
}
