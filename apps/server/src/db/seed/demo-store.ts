import { sql } from 'drizzle-orm';
import type { LocalizedText, SiteId } from '@agent-bo/shared';
import { images } from '../schema/index.js';
import type { Db } from '../client.js';
import { gradientPng } from './demo-images.js';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * The demo points store of a site (PRODUCT.md §6): a points rate, three categories and goods with
 * pictures or without, published and draft, so the store screens, the player API and the
 * simulator's redemptions have something real after start. Points themselves come from the demo
 * traffic's settled bets (the earning job), never from the seed.
 */
const PICTURES = {
  cup: gradientPng(480, 480, [240, 180, 40], [190, 90, 20]),
  card: gradientPng(480, 300, [40, 140, 220], [20, 60, 140]),
  phone: gradientPng(300, 480, [60, 60, 70], [20, 20, 30]),
};

const t = (zh_TW: string, en: string, th: string, vi: string): LocalizedText => ({ zh_TW, en, th, vi });

const CATEGORIES = [
  { key: 'gifts', name: t('精選禮品', 'Gifts', 'ของขวัญ', 'Quà tặng'), sort: 0 },
  { key: 'vouchers', name: t('禮券', 'Vouchers', 'บัตรกำนัล', 'Phiếu quà tặng'), sort: 1 },
  { key: 'electronics', name: t('3C 電子', 'Electronics', 'อิเล็กทรอนิกส์', 'Điện tử'), sort: 2 },
] as const;

const GOODS: {
  category: (typeof CATEGORIES)[number]['key'];
  name: LocalizedText;
  description: LocalizedText;
  picture?: keyof typeof PICTURES;
  price: number;
  stock: number;
  perPlayerLimit: number | null;
  status: 'Published' | 'Draft';
}[] = [
  {
    category: 'gifts',
    name: t('品牌馬克杯', 'Branded mug', 'แก้วมัคแบรนด์', 'Cốc thương hiệu'),
    description: t('陶瓷馬克杯，350 ml。', 'Ceramic mug, 350 ml.', 'แก้วเซรามิก 350 มล.', 'Cốc sứ, 350 ml.'),
    picture: 'cup',
    price: 5,
    stock: 500,
    perPlayerLimit: null,
    status: 'Published',
  },
  {
    category: 'gifts',
    name: t('鑰匙圈', 'Key ring', 'พวงกุญแจ', 'Móc khóa'),
    description: t('金屬鑰匙圈。', 'Metal key ring.', 'พวงกุญแจโลหะ', 'Móc khóa kim loại.'),
    price: 2,
    stock: 1000,
    perPlayerLimit: 5,
    status: 'Published',
  },
  {
    category: 'vouchers',
    name: t('超商禮券 100 元', 'Store voucher 100', 'บัตรกำนัล 100', 'Phiếu mua hàng 100'),
    description: t('全台超商通用。', 'Valid at every convenience store.', 'ใช้ได้ทุกร้านสะดวกซื้อ', 'Dùng ở mọi cửa hàng tiện lợi.'),
    picture: 'card',
    price: 20,
    stock: 200,
    perPlayerLimit: 3,
    status: 'Published',
  },
  {
    category: 'electronics',
    name: t('智慧型手機', 'Smartphone', 'สมาร์ทโฟน', 'Điện thoại thông minh'),
    description: t('限量一台。', 'Only one.', 'มีเพียงเครื่องเดียว', 'Chỉ một chiếc.'),
    picture: 'phone',
    price: 5_000,
    stock: 1,
    perPlayerLimit: 1,
    status: 'Published',
  },
  {
    category: 'electronics',
    name: t('藍牙耳機（即將推出）', 'Earbuds (coming soon)', 'หูฟัง (เร็วๆ นี้)', 'Tai nghe (sắp có)'),
    description: t('', '', '', ''),
    price: 800,
    stock: 0,
    perPlayerLimit: null,
    status: 'Draft',
  },
];

/** 1 point per 1.00 of valid bet: demo bets are small, so the store fills within minutes. */
export const DEMO_POINTS_PER_100 = 100;

export async function seedDemoStoreImages(db: Pick<Db, 'insert'>): Promise<void> {
  await db
    .insert(images)
    .values(
      Object.values(PICTURES).map((p) => ({
        id: p.id,
        mime: p.mime,
        size: p.bytes.length,
        width: p.width,
        height: p.height,
        bytes: p.bytes,
      })),
    )
    .onConflictDoNothing();
}

export async function seedDemoStore(tx: Tx, siteId: SiteId): Promise<void> {
  await tx.execute(
    sql`insert into store_settings (site_id, points_per_100) values (${siteId}, ${DEMO_POINTS_PER_100}) on conflict do nothing`,
  );
  const ids = new Map<string, number>();
  for (const c of CATEGORIES) {
    const res = await tx.execute<{ id: number }>(
      sql`insert into store_categories (site_id, name, sort) values (${siteId}, ${JSON.stringify(c.name)}::jsonb, ${c.sort}) returning id`,
    );
    ids.set(c.key, res.rows[0]!.id);
  }
  let sort = 0;
  for (const g of GOODS) {
    const imageIds = g.picture ? [PICTURES[g.picture].id] : [];
    await tx.execute(sql`
      insert into store_goods (site_id, category_id, name, description, image_ids, price, stock, per_player_limit, status, sort)
      values (${siteId}, ${ids.get(g.category)!}, ${JSON.stringify(g.name)}::jsonb, ${JSON.stringify(g.description)}::jsonb,
              ${sql.param(imageIds)}::text[], ${g.price}, ${g.stock}, ${g.perPlayerLimit}, ${g.status}, ${sort++})`);
  }
}
