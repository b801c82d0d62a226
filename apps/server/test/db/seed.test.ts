import { createHash } from 'node:crypto';
import { imageSize } from 'image-size';
import { describe, expect, it } from 'vitest';
import { PERMISSION_CODES, SITES } from '@agent-bo/shared';
import { seedDemo } from '../../src/db/seed/demo.js';
import { upsertSites } from '../../src/db/seed/sites.js';
import { CliError, createAdmin, parseCreateAdminArgs } from '../../src/db/seed/admin.js';
import { verifyPassword } from '../../src/lib/password.js';
import { DEMO_CREDENTIALS, body, signin, useTestApp } from '../helpers.js';

const ctx = useTestApp();
const q = async (text: string, params: unknown[] = []) => (await ctx.database.pool.query(text, params)).rows;

describe('demo seed', () => {
  it("gives every site's sign-in area something to show: agentA01's proved phone and e-mail, its outbox message, two open reset requests", async () => {
    const rows = await q(`
      select s.id,
        (select array_agg(c.channel || ' ' || c.destination order by c.channel) from account_contacts c join accounts a on a.id = c.account_id
          where c.site_id = s.id and a.account_no = 'agentA01') as contacts,
        (select count(*)::int from outbound_messages m where m.site_id = s.id and m.driver = 'outbox') as messages,
        (select array_agg(a.account_no order by a.account_no) from password_reset_requests r join accounts a on a.id = r.account_id
          where r.site_id = s.id and r.status = 'PENDING') as requests
      from sites s order by s.id`);
    expect(rows).toHaveLength(SITES.length);
    for (const row of rows) {
      expect(row).toMatchObject({
        contacts: ['email agenta01@demo.example', 'sms +886912000101'],
        messages: 1,
        requests: ['agentB03', 'agentC02'],
      });
    }
  });

  it('creates the four sites with hosts, time zones and modes', async () => {
    const rows = await q('select id, mode, time_zone, hosts from sites order by id');
    expect(rows).toHaveLength(4);
    for (const site of SITES) {
      expect(rows.find((r) => r.id === site.id)).toMatchObject({ mode: site.mode, time_zone: site.timeZone, hosts: site.hosts });
    }
  });

  it('gives every site one admin with the demo credentials', async () => {
    const admins = await q(`select site_id, account_no, password_hash, ratio, lvl from accounts where parent_id is null order by site_id`);
    expect(admins.map((a) => a.site_id).sort()).toEqual(SITES.map((s) => s.id).sort());
    for (const admin of admins) {
      expect(admin).toMatchObject({ account_no: DEMO_CREDENTIALS.accountNo, ratio: 10000, lvl: 0 });
    }
    expect(await verifyPassword(admins[0].password_hash, DEMO_CREDENTIALS.password)).toBe(true);
  });

  it('builds per site 3 + 6 + 12 + 12 agents, 5 shadows and 300 players', async () => {
    const rows = await q(`select site_id, lvl, kind, is_shadow, count(*)::int as n from accounts group by 1, 2, 3, 4 order by 1, 2, 3, 4`);
    for (const site of SITES) {
      const of = (lvl: number, kind: string, shadow: boolean) =>
        rows
          .filter((r) => r.site_id === site.id && r.lvl === lvl && r.kind === kind && r.is_shadow === shadow)
          .reduce((n, r) => n + r.n, 0);
      expect([of(1, 'AGENT', false), of(2, 'AGENT', false), of(3, 'AGENT', false), of(4, 'AGENT', false)]).toEqual([3, 6, 12, 12]);
      const shadows = rows.filter((r) => r.site_id === site.id && r.is_shadow).reduce((n, r) => n + r.n, 0);
      const players = rows.filter((r) => r.site_id === site.id && r.kind === 'PLAYER').reduce((n, r) => n + r.n, 0);
      expect(shadows).toBe(5);
      expect(players).toBe(300);
    }
  });

  it('has registered players waiting for verification, and gives every agent an invite code', async () => {
    const rows = await q(
      `select site_id, verify_status, registered, count(*)::int as n from accounts where kind = 'PLAYER' group by 1, 2, 3`,
    );
    for (const site of SITES) {
      const of = (status: string) => rows.filter((r) => r.site_id === site.id && r.verify_status === status).reduce((n, r) => n + r.n, 0);
      expect([of('PENDING'), of('UNSUBMITTED'), of('VERIFIED')]).toEqual([5, 2, 293]);
    }
    const pending = await q(`select real_name, phone, verify_submitted_at from accounts where verify_status = 'PENDING'`);
    expect(pending.every((r) => r.real_name && r.phone && r.verify_submitted_at)).toBe(true);
    const missing = await q(`select count(*)::int as n from accounts where kind = 'AGENT' and not is_shadow and invite_code is null`);
    expect(missing[0].n).toBe(0);
  });

  it('seeds six providers (one in maintenance) and five bet-limit presets on every site', async () => {
    const providers = await q(`select site_id, count(*)::int as n from site_providers group by 1`);
    expect(providers.map((r) => r.n)).toEqual([6, 6, 6, 6]);
    // Every site has its own merchant account at every provider, with its own secret; KY starts in maintenance everywhere.
    const merchants = await q(`select site_id, provider_code, status, secret from provider_merchants order by site_id, provider_code`);
    expect(merchants).toHaveLength(6 * SITES.length);
    expect(new Set(merchants.map((m) => m.secret)).size).toBe(merchants.length);
    expect([...new Set(merchants.filter((m) => m.status === 'MAINTAIN').map((m) => m.provider_code))]).toEqual(['KY']);
    expect(merchants.filter((m) => m.status === 'MAINTAIN')).toHaveLength(SITES.length);
    const presets = await q(`select site_id, count(*)::int as n from bet_limit_presets group by 1`);
    expect(presets.map((r) => r.n)).toEqual([5, 5, 5, 5]);
  });

  it('balances sum to zero per site, only the house is negative', async () => {
    const sums = await q(`select site_id, sum(balance)::text as s from accounts group by site_id`);
    expect(sums.every((r) => r.s === '0')).toBe(true);
    const negative = await q(`select count(*)::int as n from accounts where balance < 0 and parent_id is not null`);
    expect(negative[0].n).toBe(0);
  });

  it('keeps tree rules: path, lvl, child ratio ≤ parent ratio, grant ⊆ parent grant', async () => {
    const bad = await q(`
      select c.account_no, c.site_id from accounts c join accounts p on p.id = c.parent_id
      where c.path <> p.path || p.id
         or c.lvl <> case when c.is_shadow then p.lvl else p.lvl + 1 end
         or c.ratio > p.ratio
         or not (c.permissions <@ p.permissions)
         or not (c.providers <@ p.providers)
         or not (c.bet_limits <@ p.bet_limits)
         or c.site_id <> p.site_id`);
    expect(bad).toEqual([]);
    const codes = await q(`select distinct unnest(permissions) as code from accounts`);
    expect(codes.every((r) => (PERMISSION_CODES as readonly string[]).includes(r.code))).toBe(true);
  });

  it('gives every site activities with banners (two pop-ups), announcements (one draft) and two broadcasts, in all four languages', async () => {
    const rows = await q(
      `select site_id, type, status, title, image_id, pop_order, start_at <= now() and end_at > now() as current from content_items order by id`,
    );
    for (const site of SITES) {
      const mine = rows.filter((r) => r.site_id === site.id);
      const current = (type: string) => mine.filter((r) => r.type === type && r.status === 'Published' && r.current);
      expect(current('ACTIVITY').length).toBeGreaterThanOrEqual(3);
      expect(current('ANNOUNCEMENT').length).toBeGreaterThanOrEqual(2);
      expect(current('BROADCAST')).toHaveLength(2);
      expect(mine.some((r) => r.type === 'ANNOUNCEMENT' && r.status === 'Draft')).toBe(true);
      expect(current('ACTIVITY').filter((r) => r.pop_order !== null)).toHaveLength(2);
      expect(current('ACTIVITY').every((r) => r.image_id)).toBe(true);
      for (const item of mine.filter((r) => r.status === 'Published')) {
        expect(Object.values(item.title as Record<string, string>).every((text) => text.length > 0)).toBe(true);
      }
    }
    // Each banner (and store goods picture) is a real PNG of the stated size, stored once for every site.
    const images = await q(`select id, size, width, height, bytes from images`);
    const goods = await q(`select distinct unnest(image_ids) as id from store_goods`);
    expect(images.length).toBe(new Set([...rows.map((r) => r.image_id).filter(Boolean), ...goods.map((g) => g.id)]).size);
    for (const image of images) {
      expect(imageSize(image.bytes as Buffer)).toMatchObject({ type: 'png', width: image.width, height: image.height });
      expect(
        createHash('sha256')
          .update(image.bytes as Buffer)
          .digest('hex'),
      ).toBe(image.id);
    }
  });

  it('is idempotent: nothing more when accounts exist', async () => {
    const before = await q('select count(*)::int as n from accounts');
    expect(await seedDemo(ctx.database.db, { passwordHash: 'unused' })).toBe(0);
    const after = await q('select count(*)::int as n from accounts');
    expect(after[0].n).toBe(before[0].n);
  });
});

describe('create-admin', () => {
  it('validates its arguments', () => {
    expect(() => parseCreateAdminArgs(['--site', 'moon', '--account', 'boss0001', '--password', 'Secret123'])).toThrow(CliError);
    expect(() => parseCreateAdminArgs(['--site', 'tw_web', '--account', 'boss', '--password', 'Secret123'])).toThrow(/8 to 12/);
    expect(() => parseCreateAdminArgs(['--site', 'tw_web', '--account', 'boss0001', '--password', 'short'])).toThrow(/password/);
    expect(parseCreateAdminArgs(['--site', 'tw_web', '--account', 'boss0001', '--password', 'Secret123'])).toMatchObject({
      site: 'tw_web',
      accountNo: 'boss0001',
    });
  });

  it('refuses a site that already has an admin', async () => {
    await expect(createAdmin(ctx.database.db, { site: 'tw_web', accountNo: 'boss0001', password: 'Secret123' })).rejects.toThrow(
      /already has an admin/,
    );
  });

  it('creates the first admin of an empty site, who can sign in, and logs it', async () => {
    // empty tw_mc of its demo tree (one statement: the self-references go with it)
    await q(`delete from sessions where site_id = 'tw_mc'`);
    // its seeded ledger history too: the ledger is append-only, so lift the triggers for this test database
    await q(`alter table ledger_entries disable trigger ledger_entries_no_update_delete`);
    await q(`alter table ledger_transactions disable trigger ledger_transactions_no_delete`);
    await q(`delete from ledger_entries where site_id = 'tw_mc'`);
    await q(`delete from ledger_transactions where site_id = 'tw_mc'`);
    await q(`alter table ledger_entries enable trigger ledger_entries_no_update_delete`);
    await q(`alter table ledger_transactions enable trigger ledger_transactions_no_delete`);
    // and its sign-in area (issue 33's demo contacts, outbox message, reset requests and sign-in history)
    for (const table of ['account_contacts', 'outbound_messages', 'password_reset_requests', 'one_time_codes', 'sign_in_events']) {
      await q(`delete from ${table} where site_id = 'tw_mc'`);
    }
    await q(`delete from accounts where site_id = 'tw_mc'`);
    const id = await createAdmin(ctx.database.db, { site: 'tw_mc', accountNo: 'boss0001', password: 'Secret123' });
    const res = await signin(ctx.app, 'boss0001', 'Secret123', { site: 'tw_mc', host: 'tw-mc.localhost' });
    expect(body(res).data.user).toMatchObject({ id, lvl: 0, roles: ['admin'] });
    const logs = await q(`select action, target_id from operation_logs where target_id = $1`, [id]);
    expect(logs).toEqual([{ action: 'AGENT_CREATE', target_id: id }]);
  });

  it('operation logs are append-only', async () => {
    await expect(q(`update operation_logs set action = 'OPERATION'`)).rejects.toThrow(/append-only/);
    await expect(q(`delete from operation_logs`)).rejects.toThrow(/append-only/);
  });

  it('keeps an offering a site switched off when the sites are mirrored again (a restart); a new site or provider is offered', async () => {
    const offered = async (site: string) =>
      (await q('select provider_code from site_providers where site_id = $1 order by 1', [site])).map((r) => r.provider_code);
    const before = await offered('tw_mc');
    expect(before).toContain('PG');
    await q(`delete from site_providers where site_id = 'tw_mc' and provider_code = 'PG'`);
    await upsertSites(ctx.database.db);
    expect(await offered('tw_mc')).toEqual(before.filter((c) => c !== 'PG'));

    // A provider new to the catalogue (here: one removed from it) is offered again on every site.
    await q(`delete from site_providers where provider_code = 'SABA'`);
    await q(`update accounts set providers = array_remove(providers, 'SABA')`);
    await q(`delete from games where provider_code = 'SABA'`);
    await q(`delete from providers where code = 'SABA'`);
    await upsertSites(ctx.database.db);
    for (const site of SITES) expect(await offered(site.id)).toContain('SABA');
    expect(await offered('tw_mc')).not.toContain('PG');
  });
});
