import { seedDemoShell } from './demo-shell.js';
import { seedDemoSignIn } from './demo-sign-in.js';
import { sql } from 'drizzle-orm';
import { PERMISSION_CODES, SITES, type PermissionCode, type SiteId } from '@agent-bo/shared';
import type { Db } from '../client.js';
import { accountRoles, accounts, ledgerEntries, ledgerTransactions, roles } from '../schema/index.js';
import { hashPassword } from '../../lib/password.js';
import { DEMO_CREDENTIALS } from './demo-credentials.js';
import { DEMO_BET_LIMITS, DEMO_PROVIDERS, upsertSites } from './sites.js';
import { seedDemoContent, seedDemoImages } from './demo-content.js';
import { seedDemoStore, seedDemoStoreImages } from './demo-store.js';
import { seedDemoMaterial } from './demo-material.js';

const DEMO_PLAYERS = 300;

export { DEMO_CREDENTIALS };

/** One account of the demo tree, before it has an id. */
export interface DemoNode {
  accountNo: string;
  nickName: string;
  kind: 'AGENT' | 'PLAYER';
  isShadow: boolean;
  /** Basis points. */
  ratio: number;
  /** Minor units. */
  balance: bigint;
  permissions: PermissionCode[];
  providers: string[];
  betLimits: string[];
  /** Players only; default VERIFIED. Registered players carry realName/phone once submitted. */
  verifyStatus?: 'UNSUBMITTED' | 'PENDING' | 'VERIFIED' | 'REJECTED';
  registered?: boolean;
  realName?: string;
  phone?: string;
  inviteCode?: string;
  children: DemoNode[];
}

/** Small deterministic PRNG so every demo database (and every test database) is the same. */
function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function seedOf(text: string): number {
  let h = 2166136261;
  for (const ch of text) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return h >>> 0;
}

const readOnly = (codes: readonly PermissionCode[]) => codes.filter((c) => c.endsWith('_READ'));
const without = (codes: readonly PermissionCode[], drop: readonly PermissionCode[]) => codes.filter((c) => !drop.includes(c));

const L1_GRANTS: PermissionCode[][] = [
  without(PERMISSION_CODES, ['DEVELOPER', 'SITE_PROVIDER']),
  [
    'ACTIVITY_READ',
    'ACTIVITY_WRITE',
    'GAME_READ',
    'GAME_WRITE',
    'CATEGORY_READ',
    'TAG_READ',
    'COLLECTION_READ',
    'STORE_GOODS_READ',
    'STORE_CATEGORY_READ',
    'STORE_ORDER_READ',
    'MOVE_USER',
  ],
  ['ACTIVITY_READ', 'GAME_READ', 'STORE_ORDER_READ'],
];

const two = (n: number) => String(n).padStart(2, '0');

/**
 * The demo tree of one site: admin001 (100 %, the house) → 3 level-1 agents (agentA01..03) →
 * 2 level-2 each (agentB01..06) → 2 level-3 each (agentC01..12) → 1 level-4 each
 * (agentD01..12); shadows shadow00 (admin's), shadowA01, shadowB01, shadowC01, shadowD01 (of the
 * agent with the same suffix); players player001..player300 (72 under level-3, 18 under level-2,
 * 10 under level-1, 200 under level-4; 294–298 PENDING verification, 299–300 UNSUBMITTED). A
 * child's ratio, permission grant, providers and bet limits never exceed its parent's. The
 * admin's balance is minus everything else, so the site sums to zero.
 */
export function demoTree(siteId: SiteId): DemoNode {
  const rand = mulberry32(seedOf(siteId));
  const between = (lo: number, hi: number) => BigInt(lo + Math.floor(rand() * (hi - lo + 1)));
  const code = () => Array.from({ length: 10 }, () => 'abcdefghijkmnpqrstuvwxyz23456789'[Math.floor(rand() * 32)]).join('');
  const agent = (accountNo: string, ratio: number, permissions: PermissionCode[], providers: string[], betLimits: string[]): DemoNode => ({
    accountNo,
    nickName: `Agent ${accountNo.slice(5)}`,
    kind: 'AGENT',
    isShadow: false,
    ratio,
    balance: between(1_000_000, 10_000_000),
    permissions,
    providers,
    betLimits,
    inviteCode: code(),
    children: [],
  });
  const shadow = (accountNo: string, owner: DemoNode | null, permissions: PermissionCode[]): DemoNode => ({
    accountNo,
    nickName: `Shadow of ${owner?.accountNo ?? DEMO_CREDENTIALS.accountNo}`,
    kind: 'AGENT',
    isShadow: true,
    ratio: 0,
    balance: 0n,
    permissions,
    providers: [],
    betLimits: [],
    children: [],
  });

  const admin: DemoNode = {
    accountNo: DEMO_CREDENTIALS.accountNo,
    nickName: 'Administrator',
    kind: 'AGENT',
    isShadow: false,
    ratio: 10_000,
    balance: 0n,
    permissions: [...PERMISSION_CODES],
    providers: DEMO_PROVIDERS.map((p) => p.code),
    betLimits: DEMO_BET_LIMITS.map((b) => b.code),
    inviteCode: code(),
    children: [],
  };

  const l1: DemoNode[] = [];
  const l2: DemoNode[] = [];
  const l3: DemoNode[] = [];
  const l4: DemoNode[] = [];
  // The first child keeps its parent's providers and bet limits; the second drops the last one.
  const narrow = (list: string[], j: number) => (j === 0 || list.length <= 2 ? [...list] : list.slice(0, -1));
  [9000, 8500, 8000].forEach((ratio, i) => {
    const a = agent(`agentA${two(i + 1)}`, ratio, L1_GRANTS[i] ?? [], narrow(admin.providers, i), narrow(admin.betLimits, i === 2 ? 1 : 0));
    l1.push(a);
    admin.children.push(a);
    for (let j = 0; j < 2; j++) {
      const grant = j === 0 ? without(a.permissions, ['ROLE_PERMISSION_WRITE', 'OPERATION_TRANSFER']) : readOnly(a.permissions);
      const b = agent(`agentB${two(l2.length + 1)}`, a.ratio - 500 - 500 * j, grant, narrow(a.providers, j), narrow(a.betLimits, j));
      l2.push(b);
      a.children.push(b);
      for (let k = 0; k < 2; k++) {
        const g =
          k === 0 ? [...readOnly(b.permissions), ...b.permissions.filter((c) => c === 'MOVE_USER')] : readOnly(b.permissions).slice(0, 2);
        const c = agent(`agentC${two(l3.length + 1)}`, b.ratio - 1000 - 250 * k, g, narrow(b.providers, k), narrow(b.betLimits, k));
        l3.push(c);
        b.children.push(c);
        const d = agent(`agentD${two(l4.length + 1)}`, c.ratio - 500, readOnly(c.permissions).slice(0, 2), narrow(c.providers, 1), [
          ...c.betLimits,
        ]);
        l4.push(d);
        c.children.push(d);
      }
    }
  });

  const a01 = l1[0]!;
  const b01 = l2[0]!;
  admin.children.push(shadow('shadow00', null, readOnly(PERMISSION_CODES)));
  a01.children.push(shadow('shadowA01', a01, readOnly(a01.permissions)));
  b01.children.push(shadow('shadowB01', b01, readOnly(b01.permissions)));
  const c01 = l3[0]!;
  const d01 = l4[0]!;
  c01.children.push(shadow('shadowC01', c01, readOnly(c01.permissions)));
  d01.children.push(shadow('shadowD01', d01, readOnly(d01.permissions)));

  // player001..100 as before (72 under level 3, 18 under level 2, 10 under level 1), then
  // player101..300 under level 4. player294..298 registered themselves and wait for
  // verification (PENDING), player299..300 registered but have not submitted yet.
  for (let n = 0; n < DEMO_PLAYERS; n++) {
    const no = String(n + 1).padStart(3, '0');
    let parent = n < 72 ? l3[n % l3.length]! : n < 90 ? l2[n % l2.length]! : n < 100 ? l1[n % l1.length]! : l4[n % l4.length]!;
    const pending = n + 1 >= 294 && n + 1 <= 298;
    const unsubmitted = n + 1 >= 299;
    if (pending || unsubmitted) parent = n + 1 <= 296 || unsubmitted ? c01 : d01;
    parent.children.push({
      accountNo: `player${no}`,
      nickName: `Player ${no}`,
      kind: 'PLAYER',
      isShadow: false,
      ratio: 0,
      balance: pending || unsubmitted ? 0n : between(0, 500_000),
      permissions: [],
      providers: [...parent.providers],
      betLimits: narrow(parent.betLimits, n % 2),
      verifyStatus: pending ? 'PENDING' : unsubmitted ? 'UNSUBMITTED' : 'VERIFIED',
      registered: pending || unsubmitted,
      realName: pending ? `Real Name ${no}` : undefined,
      phone: pending ? `+886 912 345 ${no}` : undefined,
      children: [],
    });
  }

  let others = 0n;
  const sum = (node: DemoNode) => {
    for (const child of node.children) {
      others += child.balance;
      sum(child);
    }
  };
  sum(admin);
  admin.balance = -others;
  return admin;
}

/** Inserts `root` and its descendants for `siteId`, level by level; returns the number of rows. */
export async function insertTree(db: Pick<Db, 'insert'>, siteId: SiteId, root: DemoNode, passwordHash: string): Promise<number> {
  type Pending = { node: DemoNode; parentId: number | null; path: number[]; lvl: number };
  let level: Pending[] = [{ node: root, parentId: null, path: [], lvl: 0 }];
  let count = 0;
  while (level.length > 0) {
    const rows = await db
      .insert(accounts)
      .values(
        level.map(({ node, parentId, path, lvl }) => ({
          siteId,
          kind: node.kind,
          isShadow: node.isShadow,
          parentId,
          lvl,
          path,
          accountNo: node.accountNo,
          nickName: node.nickName,
          passwordHash,
          balance: node.balance,
          ratio: node.ratio,
          permissions: node.permissions,
          inviteCode: node.inviteCode ?? null,
          providers: node.providers,
          betLimits: node.betLimits,
          verifyStatus: node.verifyStatus ?? 'VERIFIED',
          registered: node.registered ?? false,
          realName: node.realName ?? null,
          phone: node.phone ?? null,
          verifySubmittedAt: node.verifyStatus === 'PENDING' ? new Date() : null,
          createdBy: node.registered ? null : parentId,
        })),
      )
      .returning({ id: accounts.id, accountNo: accounts.accountNo });
    count += rows.length;
    const ids = new Map(rows.map((r) => [r.accountNo, r.id]));
    const next: Pending[] = [];
    for (const { node, path, lvl } of level) {
      const id = ids.get(node.accountNo)!;
      for (const child of node.children) {
        // A shadow carries its owner's lvl; every other child is one level down.
        next.push({ node: child, parentId: id, path: [...path, id], lvl: child.isShadow ? lvl : lvl + 1 });
      }
    }
    level = next;
  }
  return count;
}

/**
 * Gives the seeded balances their ledger history: top-down, every parent RECHARGEs each child
 * with the child's subtree total (so after the children pass credit on, each keeps exactly its
 * seeded balance); the admin (the house) goes negative. Entries carry the running balance after
 * each step, so the invariant check passes on the demo data. Bulk inserts, one pass per site.
 */
export async function seedLedger(db: Pick<Db, 'insert' | 'execute'>, siteId: SiteId): Promise<number> {
  const found = await db.execute<{ id: number; parent_id: number | null; balance: string; depth: number }>(
    sql`select id, parent_id, balance::text as balance, cardinality(path) as depth from accounts where site_id = ${siteId} order by cardinality(path), id`,
  );
  const rows = found.rows;
  const children = new Map<number, number[]>();
  for (const r of rows) if (r.parent_id !== null) children.set(r.parent_id, [...(children.get(r.parent_id) ?? []), r.id]);
  const balance = new Map(rows.map((r) => [r.id, BigInt(r.balance)]));
  // What each account receives from its parent: its own balance plus what it passes on.
  const received = new Map<number, bigint>();
  for (const r of [...rows].reverse()) {
    const passedOn = (children.get(r.id) ?? []).reduce((s, c) => s + (received.get(c) ?? 0n), 0n);
    received.set(r.id, balance.get(r.id)! + passedOn);
  }
  const moves = rows.filter((r) => r.parent_id !== null && (received.get(r.id) ?? 0n) > 0n);
  if (moves.length === 0) return 0;
  const ids = await db.execute<{ id: string }>(
    sql`select nextval('ledger_transactions_id_seq')::text as id from generate_series(1, ${moves.length})`,
  );
  const running = new Map<number, bigint>();
  const now = new Date();
  const txRows: (typeof ledgerTransactions.$inferInsert)[] = [];
  const entryRows: (typeof ledgerEntries.$inferInsert)[] = [];
  moves.forEach((m, i) => {
    const transactionId = BigInt(ids.rows[i]!.id);
    const parentId = m.parent_id!;
    const amount = received.get(m.id)!;
    const parentAfter = (running.get(parentId) ?? 0n) - amount;
    const childAfter = (running.get(m.id) ?? 0n) + amount;
    running.set(parentId, parentAfter);
    running.set(m.id, childAfter);
    txRows.push({ id: transactionId, siteId, kind: 'RECHARGE', operatorId: parentId, memo: 'demo seed', createdAt: now });
    const common = { transactionId, siteId, kind: 'RECHARGE' as const, operatorId: parentId, memo: 'demo seed', createdAt: now };
    entryRows.push({ ...common, accountId: parentId, counterpartyId: m.id, amount: -amount, balanceAfter: parentAfter });
    entryRows.push({ ...common, accountId: m.id, counterpartyId: parentId, amount, balanceAfter: childAfter });
  });
  for (const r of rows) {
    if ((running.get(r.id) ?? 0n) !== balance.get(r.id)) throw new Error(`seed ledger does not reproduce the balance of account ${r.id}`);
  }
  for (let i = 0; i < txRows.length; i += 2000) await db.insert(ledgerTransactions).values(txRows.slice(i, i + 2000));
  for (let i = 0; i < entryRows.length; i += 2000) await db.insert(ledgerEntries).values(entryRows.slice(i, i + 2000));
  return moves.length;
}

/**
 * Who holds which role in the demo, so the role screen shows holders: agentA01 the agent, finance,
 * content editor and store clerk roles, agentA02 an added "Marketing" role, and shadow00,
 * shadowA01 and shadowB01 the read-only shadow role. Every role given is within the holder's own
 * grant, so no demo account's effective codes change.
 */
export const DEMO_ROLE_HOLDERS: Record<string, readonly string[]> = {
  agent: ['agentA01'],
  finance: ['agentA01'],
  content_editor: ['agentA01'],
  store_clerk: ['agentA01'],
  shadow_readonly: ['shadow00', 'shadowA01', 'shadowB01'],
  marketing: ['agentA02'],
};

async function seedDemoRoles(db: Pick<Db, 'insert' | 'select'>, siteId: SiteId): Promise<void> {
  const [admin] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(sql`${accounts.siteId} = ${siteId} and ${accounts.parentId} is null and not ${accounts.isShadow}`);
  await db.insert(roles).values({
    siteId,
    name: { zh_TW: '行銷', en: 'Marketing', th: 'การตลาด', vi: 'Tiếp thị' },
    description: {
      zh_TW: '管理活動並查看遊戲',
      en: 'Manages activities and views games',
      th: 'จัดการกิจกรรมและดูเกม',
      vi: 'Quản lý hoạt động và xem trò chơi',
    },
    codes: ['ACTIVITY_READ', 'ACTIVITY_WRITE', 'GAME_READ'],
    builtinKey: null,
    createdBy: admin?.id ?? null,
    updatedBy: admin?.id ?? null,
  });
  const siteRoles = await db
    .select({ id: roles.id, key: roles.builtinKey, zh: sql<string>`${roles.name}->>'zh_TW'` })
    .from(roles)
    .where(sql`${roles.siteId} = ${siteId}`);
  const holders = await db
    .select({ id: accounts.id, accountNo: accounts.accountNo })
    .from(accounts)
    .where(sql`${accounts.siteId} = ${siteId} and ${accounts.accountNo} in ('agentA01', 'agentA02', 'shadow00', 'shadowA01', 'shadowB01')`);
  const idOf = new Map(holders.map((h) => [h.accountNo, h.id]));
  const rows = siteRoles.flatMap((r) =>
    (DEMO_ROLE_HOLDERS[r.key ?? (r.zh === '行銷' ? 'marketing' : '')] ?? []).flatMap((no) => {
      const accountId = idOf.get(no);
      return accountId === undefined ? [] : [{ accountId, roleId: r.id, assignedBy: admin?.id ?? null }];
    }),
  );
  if (rows.length) await db.insert(accountRoles).values(rows);
}

const SEED_LOCK_KEY = 7_340_212_002;

/**
 * Seeds the sites and, when the accounts table is empty, the demo tree of every site. The demo
 * password is hashed once and shared (hundreds of argon2 hashes would take seconds).
 * Returns the number of accounts created (0 when there was data already).
 */
export async function seedDemo(db: Db, options: { passwordHash?: string } = {}): Promise<number> {
  await upsertSites(db);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const [existing] = await tx.select({ n: sql<number>`count(*)::int` }).from(accounts);
    if ((existing?.n ?? 0) > 0) return 0;
    const passwordHash = options.passwordHash ?? (await hashPassword(DEMO_CREDENTIALS.password));
    let total = 0;
    await seedDemoImages(tx);
    await seedDemoStoreImages(tx);
    for (const site of SITES) {
      total += await insertTree(tx, site.id, demoTree(site.id), passwordHash);
      await seedLedger(tx, site.id);
      await seedDemoContent(tx, site.id, new Date());
      await seedDemoRoles(tx, site.id);
      await seedDemoMaterial(tx, site.id);
      await seedDemoStore(tx, site.id);
      await seedDemoShell(tx, site.id);
      await seedDemoSignIn(tx, site.id, new Date());
    }
    return total;
  });
}
