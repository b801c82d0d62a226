import { sql } from 'drizzle-orm';
import type { LocalizedText, SiteId } from '@agent-bo/shared';
import { catalogueOf } from '@agent-bo/simulator';
import type { Db } from '../client.js';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Demo game material of a site (PRODUCT.md §6): the games of every provider the site offers, as
 * if each had pushed its catalogue (the same list the bundled simulator pushes before its bets,
 * so that push changes nothing), five lobby categories, a few games tagged hot, new and
 * recommended, and two lobby modules, so the material screens and the lobby API show something
 * real right after start.
 */
const CATEGORIES: { name: LocalizedText; providerCategories: string[] }[] = [
  { name: { zh_TW: '真人視訊', en: 'Live casino', th: 'คาสิโนสด', vi: 'Sòng bài trực tiếp' }, providerCategories: ['LIVE'] },
  { name: { zh_TW: '電子遊戲', en: 'Slots', th: 'สล็อต', vi: 'Máy đánh bạc' }, providerCategories: ['SLOT'] },
  { name: { zh_TW: '捕魚', en: 'Fishing', th: 'ยิงปลา', vi: 'Bắn cá' }, providerCategories: ['FISH'] },
  { name: { zh_TW: '體育', en: 'Sports', th: 'กีฬา', vi: 'Thể thao' }, providerCategories: ['SPORTS'] },
  { name: { zh_TW: '棋牌', en: 'Card games', th: 'เกมไพ่', vi: 'Game bài' }, providerCategories: ['CARD', 'LOTTERY'] },
];

/** Games tagged in the demo (where the site offers their provider): 1 hot, 2 new, 3 recommended. */
const TAGS: Record<string, 1 | 2 | 3> = {
  'pg-mahjong-ways-2': 1,
  'pp-gates-of-olympus': 1,
  'evo-lightning-roulette': 1,
  'jili-super-ace': 1,
  'pp-sugar-rush': 2,
  'pg-wild-bounty': 2,
  'jili-mega-fishing': 2,
  'evo-baccarat-squeeze': 3,
  'pg-fortune-tiger': 3,
  'ky-texas-holdem': 3,
};

const MODULES: { title: LocalizedText; layout: 'carousel' | 'grid'; codes: string[] }[] = [
  {
    title: { zh_TW: '熱門老虎機', en: 'Hot slots', th: 'สล็อตยอดนิยม', vi: 'Slot nổi bật' },
    layout: 'carousel',
    codes: ['pg-mahjong-ways-2', 'pp-gates-of-olympus', 'jili-super-ace', 'pg-fortune-tiger', 'pp-sweet-bonanza', 'pp-sugar-rush'],
  },
  {
    title: { zh_TW: '真人娛樂', en: 'Live casino', th: 'คาสิโนสด', vi: 'Sòng bài trực tiếp' },
    layout: 'grid',
    codes: ['evo-baccarat-a', 'evo-baccarat-squeeze', 'evo-lightning-roulette', 'evo-dragon-tiger', 'evo-sic-bo'],
  },
];

export async function seedDemoMaterial(tx: Tx, siteId: SiteId): Promise<void> {
  const offered = await tx.execute<{ provider_code: string }>(
    sql`select provider_code from site_providers where site_id = ${siteId} order by provider_code`,
  );
  let sort = 0;
  for (const { provider_code: provider } of offered.rows) {
    for (const g of catalogueOf(provider)) {
      const [whole, fraction = ''] = (g.rtp ?? '').split('.');
      const rtpBp = g.rtp ? Number(whole) * 100 + Number(fraction.padEnd(2, '0')) : null;
      await tx.execute(sql`
        insert into games (site_id, provider_code, code, provider_names, provider_category, rtp_bp, provider_status, tag, tag_sort, sort)
        values (${siteId}, ${provider}, ${g.code}, ${JSON.stringify(g.names ?? {})}::jsonb, ${g.category}, ${rtpBp}, 'ACTIVE',
                ${TAGS[g.code] ?? 0}, ${sort}, ${(sort += 10)})`);
    }
  }
  for (const [i, c] of CATEGORIES.entries()) {
    await tx.execute(sql`
      insert into game_categories (site_id, name, sort, provider_categories)
      values (${siteId}, ${JSON.stringify(c.name)}::jsonb, ${i + 1}, ${sql.param(c.providerCategories)}::text[])`);
  }
  for (const [i, m] of MODULES.entries()) {
    const [module] = (
      await tx.execute<{ id: number }>(sql`
        insert into lobby_modules (site_id, title, layout, status, sort)
        values (${siteId}, ${JSON.stringify(m.title)}::jsonb, ${m.layout}, 'Published', ${i + 1}) returning id`)
    ).rows;
    await tx.execute(sql`
      insert into lobby_module_games (module_id, game_id, position)
      select ${module!.id}, g.id, o.pos
        from unnest(${sql.param(m.codes)}::text[]) with ordinality as o(code, pos)
        join games g on g.site_id = ${siteId} and g.code = o.code`);
  }
}
