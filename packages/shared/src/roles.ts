import { z } from 'zod';
import { textPerLocaleSchema } from './localized-text.js';
import type { LocalizedText } from './content.js';
import { pagingSchema } from './members.js';
import { PERMISSION_CODES, type PermissionCode } from './permissions.js';

/**
 * Roles (PRODUCT.md §7, `/permission/index`): named sets of permission codes of one site. An
 * account's effective codes are (the codes of its roles ∪ its direct grant) ∩ its parent's
 * effective codes; the site's admin holds every code whatever its roles.
 */

export const ROLE_NAME_MAX = 40;
export const ROLE_DESCRIPTION_MAX = 200;
/** At most this many roles in one assign or unassign call. */
export const ROLE_IDS_MAX = 50;

const idSchema = z.number().int().min(1).max(2_147_483_647);
export const roleIdSchema = idSchema;

/** Text per locale: zh_TW required for the name (checked below), the others may be empty. */
const localizedSchema = (max: number) =>
  z.strictObject({
    zh_TW: z.string().trim().max(max).default(''),
    en: z.string().trim().max(max).default(''),
    th: z.string().trim().max(max).default(''),
    vi: z.string().trim().max(max).default(''),
  });

export const permissionCodeSchema = z.enum(PERMISSION_CODES);

export const roleListRequestSchema = z.strictObject({
  ...pagingSchema,
  /** Matches any locale's name, case-insensitively. */
  name: z.string().trim().max(ROLE_NAME_MAX).optional(),
  /** Only roles holding this code. */
  code: permissionCodeSchema.optional(),
  /** Only built-in (true) or only added (false) roles. */
  builtin: z.boolean().optional(),
});
export type RoleListRequest = z.input<typeof roleListRequestSchema>;

export const roleSchema = z.object({
  id: idSchema,
  /** The built-in role this is (seeded per site), null for a role added by staff. */
  builtinKey: z.string().nullable(),
  name: textPerLocaleSchema,
  description: textPerLocaleSchema,
  codes: z.array(permissionCodeSchema),
  /** Holders must sign in with a second factor (issue 33). */
  requireTwoFactor: z.boolean(),
  version: z.number().int().min(1),
  /** Accounts holding the role (on the whole site). */
  holderCount: z.number().int().min(0),
  /** Every code of the role is the caller's: it may edit, delete and assign it. */
  editable: z.boolean(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  updatedBy: z.string().nullable(),
  updatedAt: z.string(),
});
export type Role = z.infer<typeof roleSchema>;

export const roleListSchema = z.object({
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  list: z.array(roleSchema),
});
export type RoleList = z.infer<typeof roleListSchema>;

export const roleDetailRequestSchema = z.strictObject({ id: idSchema, ...pagingSchema });
export type RoleDetailRequest = z.input<typeof roleDetailRequestSchema>;

export const roleHolderSchema = z.object({
  id: idSchema,
  accountNo: z.string(),
  nickName: z.string(),
  lvl: z.number().int(),
  isShadow: z.boolean(),
  assignedAt: z.string(),
});
export type RoleHolder = z.infer<typeof roleHolderSchema>;

export const roleDetailSchema = z.object({
  role: roleSchema,
  /** Holders inside the caller's working subtree, paged; holders elsewhere are only counted. */
  holders: z.object({
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
    list: z.array(roleHolderSchema),
  }),
  /** Holders outside the caller's working subtree (not listed). */
  holdersElsewhere: z.number().int().min(0),
});
export type RoleDetail = z.infer<typeof roleDetailSchema>;

export const roleSaveRequestSchema = z
  .strictObject({
    /** Absent: a new role. Present: the role to change, with the version it read. */
    id: idSchema.optional(),
    version: z.number().int().min(1).optional(),
    name: localizedSchema(ROLE_NAME_MAX),
    description: localizedSchema(ROLE_DESCRIPTION_MAX).default({ zh_TW: '', en: '', th: '', vi: '' }),
    codes: z.array(permissionCodeSchema).max(PERMISSION_CODES.length * 2),
    /** Holders must sign in with a second factor. Absent: off for a new role, unchanged for an existing one. */
    requireTwoFactor: z.boolean().optional(),
  })
  .superRefine((value, ctx) => {
    if (!value.name.zh_TW) ctx.addIssue({ code: 'custom', path: ['name', 'zh_TW'], message: 'role.name.required' });
    if (value.id !== undefined && value.version === undefined) {
      ctx.addIssue({ code: 'custom', path: ['version'], message: 'role.version.required' });
    }
  });
export type RoleSaveRequest = z.input<typeof roleSaveRequestSchema>;

export const roleSaveResultSchema = z.object({ id: idSchema, version: z.number().int() });

export const roleDeleteRequestSchema = z.strictObject({
  id: idSchema,
  version: z.number().int().min(1),
  /** Required when accounts still hold the role: they lose it in the same transaction. */
  confirm: z.boolean().default(false),
});
export type RoleDeleteRequest = z.input<typeof roleDeleteRequestSchema>;

export const roleDeleteResultSchema = z.object({ removedFrom: z.number().int().min(0) });

export const roleAssignRequestSchema = z.strictObject({
  accountId: idSchema,
  roleIds: z.array(idSchema).min(1).max(ROLE_IDS_MAX),
});
export type RoleAssignRequest = z.input<typeof roleAssignRequestSchema>;

/** At most this many accounts answer one assignable search. */
export const ROLE_ASSIGNABLE_MAX = 20;

/**
 * The accounts a role may be given, searched by account number or nickname: agents and shadows
 * anywhere strictly below the caller's working root (never the caller itself or an ancestor).
 */
export const roleAssignableRequestSchema = z.strictObject({
  text: z.string().trim().min(1).max(32),
  /** When given, each answer says whether it holds this role already. */
  roleId: idSchema.optional(),
});
export type RoleAssignableRequest = z.input<typeof roleAssignableRequestSchema>;

export const roleAssignableSchema = z.array(
  z.object({
    id: idSchema,
    accountNo: z.string(),
    nickName: z.string(),
    lvl: z.number().int(),
    isShadow: z.boolean(),
    /** The account it hangs under (a shadow's owner), for telling namesakes apart. */
    parentAccountNo: z.string().nullable(),
    holds: z.boolean(),
  }),
);
export type RoleAssignable = z.infer<typeof roleAssignableSchema>;

/** The account's roles after the change. */
export const roleAssignResultSchema = z.object({
  accountId: idSchema,
  roles: z.array(z.object({ id: idSchema, name: textPerLocaleSchema })),
});

/** A role as user info names it: its id and its name in every locale. */
export const assignedRoleSchema = z.object({
  id: idSchema,
  name: textPerLocaleSchema,
});
export type AssignedRole = z.infer<typeof assignedRoleSchema>;

// ---------------------------------------------------------------------------------------------
// The permission-code catalogue, grouped by area, with labels and descriptions in every locale.

export const PERMISSION_AREAS = ['system', 'members', 'providers', 'content', 'material', 'store'] as const;
export type PermissionArea = (typeof PERMISSION_AREAS)[number];

const AREA_OF: Record<PermissionCode, PermissionArea> = {
  DEVELOPER: 'system',
  ROLE_PERMISSION_WRITE: 'system',
  OPERATION_TRANSFER: 'members',
  MOVE_USER: 'members',
  PLAYER_POINTS_READ: 'members',
  PROVIDER_MAINTAIN: 'providers',
  SITE_PROVIDER: 'providers',
  ACTIVITY_READ: 'content',
  ACTIVITY_WRITE: 'content',
  GAME_READ: 'material',
  GAME_WRITE: 'material',
  CATEGORY_READ: 'material',
  CATEGORY_WRITE: 'material',
  TAG_READ: 'material',
  TAG_WRITE: 'material',
  COLLECTION_READ: 'material',
  COLLECTION_WRITE: 'material',
  STORE_GOODS_READ: 'store',
  STORE_GOODS_WRITE: 'store',
  STORE_CATEGORY_READ: 'store',
  STORE_CATEGORY_WRITE: 'store',
  STORE_ORDER_READ: 'store',
  STORE_ORDER_WRITE: 'store',
};

export const PERMISSION_AREA_LABELS: Record<PermissionArea, LocalizedText> = {
  system: { zh_TW: '系統', en: 'System', th: 'ระบบ', vi: 'Hệ thống' },
  members: { zh_TW: '會員與點數', en: 'Members and credit', th: 'สมาชิกและเครดิต', vi: 'Thành viên và tín dụng' },
  providers: { zh_TW: '遊戲商', en: 'Providers', th: 'ผู้ให้บริการ', vi: 'Nhà cung cấp' },
  content: { zh_TW: '活動與公告', en: 'Activities and announcements', th: 'กิจกรรมและประกาศ', vi: 'Hoạt động và thông báo' },
  material: { zh_TW: '素材', en: 'Material', th: 'สื่อ', vi: 'Tư liệu' },
  store: { zh_TW: '商城', en: 'Points store', th: 'ร้านแต้ม', vi: 'Cửa hàng điểm' },
};

/** Labels as the member permission form shows them (apps/web/src/locales/<locale>/member.json `permissionCodes`). */
export const PERMISSION_LABELS: Record<PermissionCode, LocalizedText> = {
  DEVELOPER: { zh_TW: '開發者', en: 'Developer', th: 'นักพัฒนา', vi: 'Nhà phát triển' },
  ROLE_PERMISSION_WRITE: { zh_TW: '角色權限', en: 'Role permissions', th: 'สิทธิ์ตามบทบาท', vi: 'Quyền theo vai trò' },
  OPERATION_TRANSFER: { zh_TW: '轉帳', en: 'Transfers', th: 'การโอน', vi: 'Chuyển khoản' },
  PROVIDER_MAINTAIN: { zh_TW: '遊戲商維護', en: 'Provider maintenance', th: 'บำรุงรักษาผู้ให้บริการ', vi: 'Bảo trì nhà cung cấp' },
  MOVE_USER: { zh_TW: '移動帳號', en: 'Move accounts', th: 'ย้ายบัญชี', vi: 'Chuyển tài khoản' },
  PLAYER_POINTS_READ: { zh_TW: '玩家點數（查看）', en: 'Player points (view)', th: 'แต้มผู้เล่น (ดู)', vi: 'Điểm người chơi (xem)' },
  SITE_PROVIDER: { zh_TW: '站點遊戲商', en: 'Site providers', th: 'ผู้ให้บริการของเว็บไซต์', vi: 'Nhà cung cấp của trang' },
  ACTIVITY_READ: { zh_TW: '活動（查看）', en: 'Activities (view)', th: 'กิจกรรม (ดู)', vi: 'Hoạt động (xem)' },
  ACTIVITY_WRITE: { zh_TW: '活動（管理）', en: 'Activities (manage)', th: 'กิจกรรม (จัดการ)', vi: 'Hoạt động (quản lý)' },
  GAME_READ: { zh_TW: '遊戲（查看）', en: 'Games (view)', th: 'เกม (ดู)', vi: 'Trò chơi (xem)' },
  GAME_WRITE: { zh_TW: '遊戲（管理）', en: 'Games (manage)', th: 'เกม (จัดการ)', vi: 'Trò chơi (quản lý)' },
  CATEGORY_READ: { zh_TW: '分類（查看）', en: 'Categories (view)', th: 'หมวดหมู่ (ดู)', vi: 'Danh mục (xem)' },
  CATEGORY_WRITE: { zh_TW: '分類（管理）', en: 'Categories (manage)', th: 'หมวดหมู่ (จัดการ)', vi: 'Danh mục (quản lý)' },
  TAG_READ: { zh_TW: '標籤（查看）', en: 'Tags (view)', th: 'แท็ก (ดู)', vi: 'Thẻ (xem)' },
  TAG_WRITE: { zh_TW: '標籤（管理）', en: 'Tags (manage)', th: 'แท็ก (จัดการ)', vi: 'Thẻ (quản lý)' },
  COLLECTION_READ: { zh_TW: '模組（查看）', en: 'Collections (view)', th: 'คอลเลกชัน (ดู)', vi: 'Bộ sưu tập (xem)' },
  COLLECTION_WRITE: { zh_TW: '模組（管理）', en: 'Collections (manage)', th: 'คอลเลกชัน (จัดการ)', vi: 'Bộ sưu tập (quản lý)' },
  STORE_GOODS_READ: { zh_TW: '商城商品（查看）', en: 'Store goods (view)', th: 'สินค้าในร้าน (ดู)', vi: 'Hàng hóa cửa hàng (xem)' },
  STORE_GOODS_WRITE: { zh_TW: '商城商品（管理）', en: 'Store goods (manage)', th: 'สินค้าในร้าน (จัดการ)', vi: 'Hàng hóa cửa hàng (quản lý)' },
  STORE_CATEGORY_READ: { zh_TW: '商城分類（查看）', en: 'Store categories (view)', th: 'หมวดหมู่ร้าน (ดู)', vi: 'Danh mục cửa hàng (xem)' },
  STORE_CATEGORY_WRITE: {
    zh_TW: '商城分類（管理）',
    en: 'Store categories (manage)',
    th: 'หมวดหมู่ร้าน (จัดการ)',
    vi: 'Danh mục cửa hàng (quản lý)',
  },
  STORE_ORDER_READ: { zh_TW: '商城訂單（查看）', en: 'Store orders (view)', th: 'คำสั่งซื้อร้าน (ดู)', vi: 'Đơn hàng cửa hàng (xem)' },
  STORE_ORDER_WRITE: { zh_TW: '商城訂單（管理）', en: 'Store orders (manage)', th: 'คำสั่งซื้อร้าน (จัดการ)', vi: 'Đơn hàng cửa hàng (quản lý)' },
};

const view = (zh: string, en: string, th: string, vi: string): LocalizedText => ({
  zh_TW: `查看${zh}`,
  en: `View ${en}`,
  th: `ดู${th}`,
  vi: `Xem ${vi}`,
});
const manage = (zh: string, en: string, th: string, vi: string): LocalizedText => ({
  zh_TW: `新增、修改與刪除${zh}`,
  en: `Create, edit and delete ${en}`,
  th: `เพิ่ม แก้ไข และลบ${th}`,
  vi: `Thêm, sửa và xóa ${vi}`,
});

export const PERMISSION_DESCRIPTIONS: Record<PermissionCode, LocalizedText> = {
  DEVELOPER: {
    zh_TW: '開發與診斷工具，例如錯誤日誌',
    en: 'Development and diagnostic tools such as the error log',
    th: 'เครื่องมือพัฒนาและวินิจฉัย เช่น บันทึกข้อผิดพลาด',
    vi: 'Công cụ phát triển và chẩn đoán, như nhật ký lỗi',
  },
  ROLE_PERMISSION_WRITE: {
    zh_TW: '管理角色、指派角色，以及授予下級自己持有的權限',
    en: 'Manage roles, assign them, and grant lower accounts codes you hold',
    th: 'จัดการบทบาท มอบบทบาท และให้สิทธิ์ที่ตนมีแก่บัญชีระดับล่าง',
    vi: 'Quản lý vai trò, gán vai trò và cấp cho tài khoản cấp dưới các quyền mình có',
  },
  OPERATION_TRANSFER: {
    zh_TW: '為下級儲值與提領點數',
    en: 'Recharge and withdraw credit of lower accounts',
    th: 'เติมและถอนเครดิตของบัญชีระดับล่าง',
    vi: 'Nạp và rút tín dụng của tài khoản cấp dưới',
  },
  PROVIDER_MAINTAIN: {
    zh_TW: '遊戲商的維護狀態、帳務核對與保留款項',
    en: "Providers' maintenance status, reconciliation and held transfers",
    th: 'สถานะบำรุงรักษา การกระทบยอด และยอดที่ถูกพักของผู้ให้บริการ',
    vi: 'Trạng thái bảo trì, đối soát và khoản bị giữ của nhà cung cấp',
  },
  MOVE_USER: {
    zh_TW: '將帳號移到上層代理之下',
    en: 'Move accounts up to another agent of their upper chain',
    th: 'ย้ายบัญชีขึ้นไปอยู่ใต้ตัวแทนในสายบน',
    vi: 'Chuyển tài khoản lên dưới một đại lý cấp trên',
  },
  PLAYER_POINTS_READ: view('玩家點數明細', 'player points detail', 'รายละเอียดแต้มผู้เล่น', 'chi tiết điểm người chơi'),
  SITE_PROVIDER: {
    zh_TW: '決定本站提供哪些遊戲商，以及商戶帳號與連線位址',
    en: "Choose the site's providers, merchant accounts and endpoints",
    th: 'เลือกผู้ให้บริการของเว็บไซต์ บัญชีร้านค้า และที่อยู่เชื่อมต่อ',
    vi: 'Chọn nhà cung cấp của trang, tài khoản thương mại và địa chỉ kết nối',
  },
  ACTIVITY_READ: view(
    '活動、公告與廣播',
    'activities, announcements and broadcasts',
    'กิจกรรม ประกาศ และข้อความกระจาย',
    'hoạt động, thông báo và phát thanh',
  ),
  ACTIVITY_WRITE: manage(
    '活動、公告與廣播，並設定彈窗',
    'activities, announcements and broadcasts, and choose pop-ups',
    'กิจกรรม ประกาศ และข้อความกระจาย และตั้งป๊อปอัป',
    'hoạt động, thông báo và phát thanh, và đặt cửa sổ bật lên',
  ),
  GAME_READ: view('遊戲', 'games', 'เกม', 'trò chơi'),
  GAME_WRITE: manage('遊戲', 'games', 'เกม', 'trò chơi'),
  CATEGORY_READ: view('遊戲分類', 'game categories', 'หมวดหมู่เกม', 'danh mục trò chơi'),
  CATEGORY_WRITE: manage('遊戲分類', 'game categories', 'หมวดหมู่เกม', 'danh mục trò chơi'),
  TAG_READ: view('推薦標籤', 'recommendation tags', 'แท็กแนะนำ', 'thẻ đề xuất'),
  TAG_WRITE: manage('推薦標籤', 'recommendation tags', 'แท็กแนะนำ', 'thẻ đề xuất'),
  COLLECTION_READ: view('模組', 'collections (modules)', 'คอลเลกชัน (โมดูล)', 'bộ sưu tập (mô-đun)'),
  COLLECTION_WRITE: manage('模組', 'collections (modules)', 'คอลเลกชัน (โมดูล)', 'bộ sưu tập (mô-đun)'),
  STORE_GOODS_READ: view('商城商品', 'store goods', 'สินค้าในร้าน', 'hàng hóa cửa hàng'),
  STORE_GOODS_WRITE: manage('商城商品', 'store goods', 'สินค้าในร้าน', 'hàng hóa cửa hàng'),
  STORE_CATEGORY_READ: view('商城分類', 'store categories', 'หมวดหมู่ร้าน', 'danh mục cửa hàng'),
  STORE_CATEGORY_WRITE: manage('商城分類', 'store categories', 'หมวดหมู่ร้าน', 'danh mục cửa hàng'),
  STORE_ORDER_READ: view('點數訂單', 'points orders', 'คำสั่งซื้อแต้ม', 'đơn hàng điểm'),
  STORE_ORDER_WRITE: {
    zh_TW: '處理點數訂單（出貨）',
    en: 'Handle points orders (shipping)',
    th: 'ดำเนินการคำสั่งซื้อแต้ม (จัดส่ง)',
    vi: 'Xử lý đơn hàng điểm (giao hàng)',
  },
};

export const permissionCatalogueSchema = z.array(
  z.object({
    area: z.enum(PERMISSION_AREAS),
    label: textPerLocaleSchema,
    codes: z.array(
      z.object({
        code: permissionCodeSchema,
        label: textPerLocaleSchema,
        description: textPerLocaleSchema,
        /** The caller holds it, so may put it in a role. */
        held: z.boolean(),
      }),
    ),
  }),
);
export type PermissionCatalogue = z.infer<typeof permissionCatalogueSchema>;

/** The catalogue for a caller holding `held`: areas in order, codes in catalogue order. */
export function permissionCatalogue(held: ReadonlySet<string>): PermissionCatalogue {
  return PERMISSION_AREAS.map((area) => ({
    area,
    label: PERMISSION_AREA_LABELS[area],
    codes: PERMISSION_CODES.filter((code) => AREA_OF[code] === area).map((code) => ({
      code,
      label: PERMISSION_LABELS[code],
      description: PERMISSION_DESCRIPTIONS[code],
      held: held.has(code),
    })),
  }));
}

// ---------------------------------------------------------------------------------------------
// Built-in roles, seeded for every site (apps/server/src/db/seed/sites.ts), then editable.

const READS = PERMISSION_CODES.filter((c) => c.endsWith('_READ'));

export const BUILTIN_ROLES: readonly { key: string; name: LocalizedText; description: LocalizedText; codes: readonly PermissionCode[] }[] =
  [
    {
      key: 'agent',
      name: { zh_TW: '代理', en: 'Agent', th: 'ตัวแทน', vi: 'Đại lý' },
      description: {
        zh_TW: '一般代理：查看各區、轉帳與移動帳號',
        en: 'A regular agent: views every area, transfers and moves accounts',
        th: 'ตัวแทนทั่วไป: ดูทุกส่วน โอน และย้ายบัญชี',
        vi: 'Đại lý thông thường: xem mọi khu vực, chuyển khoản và chuyển tài khoản',
      },
      codes: [...READS, 'OPERATION_TRANSFER', 'MOVE_USER'],
    },
    {
      key: 'shadow_readonly',
      name: { zh_TW: '子帳號（唯讀）', en: 'Shadow (read-only)', th: 'บัญชีย่อย (อ่านอย่างเดียว)', vi: 'Tài khoản phụ (chỉ xem)' },
      description: {
        zh_TW: '只能查看的子帳號',
        en: 'A staff login that only views',
        th: 'บัญชีพนักงานที่ดูได้อย่างเดียว',
        vi: 'Tài khoản nhân viên chỉ xem',
      },
      codes: READS,
    },
    {
      key: 'content_editor',
      name: { zh_TW: '內容編輯', en: 'Content editor', th: 'ผู้แก้ไขเนื้อหา', vi: 'Biên tập nội dung' },
      description: {
        zh_TW: '管理活動、公告與遊戲素材',
        en: 'Manages activities, announcements and game material',
        th: 'จัดการกิจกรรม ประกาศ และสื่อเกม',
        vi: 'Quản lý hoạt động, thông báo và tư liệu trò chơi',
      },
      codes: PERMISSION_CODES.filter((c) => /^(ACTIVITY|GAME|CATEGORY|TAG|COLLECTION)_/.test(c)),
    },
    {
      key: 'store_clerk',
      name: { zh_TW: '商城店員', en: 'Store clerk', th: 'พนักงานร้าน', vi: 'Nhân viên cửa hàng' },
      description: {
        zh_TW: '管理商城商品、分類與訂單',
        en: 'Manages the store’s goods, categories and orders',
        th: 'จัดการสินค้า หมวดหมู่ และคำสั่งซื้อของร้าน',
        vi: 'Quản lý hàng hóa, danh mục và đơn hàng của cửa hàng',
      },
      codes: [...PERMISSION_CODES.filter((c) => c.startsWith('STORE_')), 'PLAYER_POINTS_READ'],
    },
    {
      key: 'finance',
      name: { zh_TW: '財務', en: 'Finance', th: 'การเงิน', vi: 'Tài chính' },
      description: {
        zh_TW: '轉帳並查看點數與訂單',
        en: 'Transfers credit and views points and orders',
        th: 'โอนเครดิตและดูแต้มและคำสั่งซื้อ',
        vi: 'Chuyển tín dụng và xem điểm và đơn hàng',
      },
      codes: ['OPERATION_TRANSFER', 'PLAYER_POINTS_READ', 'STORE_ORDER_READ'],
    },
  ];
