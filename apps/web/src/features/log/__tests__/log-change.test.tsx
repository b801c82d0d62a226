import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Locale, LogTarget } from '@agent-bo/shared';
import { startI18n, switchLocale } from '../../../lib/i18n';
import { LogChange, LogRawButton, LogTargetName } from '../../../components/log-change';

/**
 * The operation log's change column and its raw view (components/log-change.tsx, shared with the
 * member history drawer): labels and values a person reads, in the caller's language.
 */

beforeAll(async () => {
  await startI18n('en');
});

afterEach(async () => {
  cleanup();
  await act(() => switchLocale('en'));
});

type Names = Record<string, { zh_TW: string; en: string; th: string; vi: string }>;

function show(before: unknown, after: unknown, accounts?: Record<string, string>, names?: Names) {
  render(
    <MemoryRouter>
      <AntApp>
        <LogChange before={before} after={after} accounts={accounts} names={names} />
      </AntApp>
    </MemoryRouter>,
  );
  return screen.getByTestId('log-change');
}

const lineOf = (root: HTMLElement, field: string) => root.querySelector<HTMLElement>(`[data-field="${field}"]`)!;

async function inLocale(locale: Locale) {
  await act(() => switchLocale(locale));
}

describe('log change', () => {
  it('a flag reads as its translated label and words, in zh_TW and th', async () => {
    await inLocale('zh_TW');
    let change = show({ isDisabled: false, isFullDisabled: false }, { isDisabled: true, isFullDisabled: false });
    expect(change.textContent).toBe('禁止登入: 否 → 是');
    expect(change.textContent).not.toContain('isDisabled');
    cleanup();
    await inLocale('th');
    change = show({ isDisabled: false }, { isDisabled: true });
    expect(change.textContent).toBe('ห้ามเข้าสู่ระบบ: ไม่ → ใช่');
    cleanup();
    await inLocale('en');
    change = show({ isDisabled: false }, { isDisabled: true });
    expect(change.textContent).toBe('Sign-in locked: No → Yes');
  });

  it('money with separators and two decimals, from decimal strings', () => {
    const change = show(
      { balance: '100', operatorBalance: '-2461532.74' },
      { balance: '1234567.5', operatorBalance: '-2461632.74', amount: '100.00', transactionId: '9' },
    );
    expect(lineOf(change, 'operatorBalance').textContent).toBe("Operator's balance: -2,461,532.74 → -2,461,632.74");
    expect(lineOf(change, 'balance').textContent).toBe('Balance: 100.00 → 1,234,567.50');
    expect(lineOf(change, 'amount').textContent).toBe('Amount: 100.00');
  });

  it('a list as tags, permission codes with their labels', async () => {
    const change = show({ betLimits: ['A'] }, { betLimits: ['A', 'B', 'C'], permissions: ['MOVE_USER', 'ROLE_PERMISSION_WRITE'] });
    const limits = lineOf(change, 'betLimits');
    expect(limits.textContent).toMatch(/^Bet limits: /);
    expect([...limits.querySelectorAll('.ant-tag')].map((t) => t.textContent)).toEqual(['A', 'A', 'B', 'C']);
    expect(limits.textContent).not.toContain('[');
    const perms = lineOf(change, 'permissions');
    expect(within(perms).getByText('Role permissions').closest('.ant-tag')?.getAttribute('title')).toBe('ROLE_PERMISSION_WRITE');
    cleanup();
    await inLocale('zh_TW');
    expect(within(show(null, { permissions: ['ROLE_PERMISSION_WRITE'] })).getByText('角色權限')).toBeTruthy();
  });

  it('an account id as its account number, linking to the member screen', () => {
    const change = show(
      { parentId: 1, parentAccountNo: 'admin001', lvl: 1 },
      { parentId: 7, parentAccountNo: 'agentA02', lvl: 2 },
      { '1': 'admin001', '7': 'agentA02' },
    );
    const links = within(change).getAllByTestId('log-change-account');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['admin001', '/member/index?parent=1'],
      ['agentA02', '/member/index?parent=7'],
    ]);
    expect(lineOf(change, 'parentId').textContent).toBe('Upper agent: admin001 → agentA02');
    // The number written beside the id is not a line of its own; the level reads as its name.
    expect(lineOf(change, 'parentAccountNo')).toBeNull();
    expect(lineOf(change, 'lvl').textContent).toBe('Level: General agent → Level 1 agent');
    expect(change.textContent).not.toMatch(/parentId|: 7/);
  });

  it('an id without a known account number stays an id, without a link', () => {
    const change = show(null, { agentId: 99 });
    expect(change.textContent).toBe('Agent: #99');
    expect(within(change).queryByTestId('log-change-account')).toBeNull();
  });

  it('a status as its word, the record it is about first even when unchanged', () => {
    const change = show({ provider: 'PG', status: 'ACTIVE' }, { provider: 'PG', status: 'MAINTAIN' });
    expect([...change.children].map((c) => c.textContent)).toEqual(['Game provider: PG', 'Status: Active → Maintenance']);
  });

  it("a record names itself in the reader's language even when its name did not change; a change of one language shows", async () => {
    const name = { zh_TW: '保溫杯', en: 'Thermos', th: '', vi: '' };
    let change = show({ storeGoods: 21, name, price: 10 }, { storeGoods: 21, name, price: 12 });
    expect(lineOf(change, 'name').textContent).toBe('Name: Thermos');
    expect(lineOf(change, 'price').textContent).toBe('Price (points): 10 → 12');
    cleanup();
    change = show({ storeGoods: 21, name }, { storeGoods: 21, name: { ...name, en: 'Vacuum flask' } });
    expect(lineOf(change, 'name').textContent).toBe('Name: Thermos → Vacuum flask');
    cleanup();
    await inLocale('zh_TW');
    change = show({ storeGoods: 21, name, price: 10 }, { storeGoods: 21, name, price: 12 });
    expect(lineOf(change, 'name').textContent).toBe('名稱: 保溫杯');
  });

  it("a created player's or shadow's level line names what it is, not the agent level of its number", () => {
    const levelOf = (action: string, lvl: number) => {
      render(
        <MemoryRouter>
          <LogChange before={null} after={{ accountNo: 'someone01', lvl }} action={action} />
        </MemoryRouter>,
      );
      const text = lineOf(screen.getByTestId('log-change'), 'lvl').textContent;
      cleanup();
      return text;
    };
    expect(levelOf('PLAYER_CREATE', 1)).toBe('Level: Player');
    expect(levelOf('PLAYER_REGISTER', 3)).toBe('Level: Player');
    expect(levelOf('SHADOW_CREATE', 0)).toBe('Level: Shadow account');
    expect(levelOf('AGENT_CREATE', 1)).toBe('Level: General agent');
    expect(levelOf('AGENT_CREATE', 3)).toBe('Level: Level 2 agent');
  });

  it('game categories as their names, not their codes', async () => {
    const tagsOf = (root: HTMLElement) =>
      [...lineOf(root, 'providerCategories').querySelectorAll('.ant-tag')].map((tag) => tag.textContent);
    let change = show({ category: 3, providerCategories: ['LIVE'] }, { category: 3, providerCategories: ['LIVE', 'SLOT'] });
    expect(tagsOf(change)).toEqual(['Live', 'Live', 'Slot']);
    cleanup();
    await inLocale('zh_TW');
    change = show({ providerCategories: [] }, { providerCategories: ['FISH'] });
    expect(tagsOf(change)).toEqual(['捕魚']);
  });

  it('a key no label knows is humanised, never a crash', () => {
    const change = show({ maxDailyCount: 1 }, { maxDailyCount: 2, some_flag: true, extra: { a: 1 } });
    expect(lineOf(change, 'maxDailyCount').textContent).toBe('Max daily count: 1 → 2');
    expect(lineOf(change, 'some_flag').textContent).toBe('Some flag: Yes');
    expect(lineOf(change, 'extra').textContent).toBe('Extra: A: 1');
  });

  it('unchanged fields are left out; nothing changed is a dash', () => {
    expect(show({ nickName: 'a', isDisabled: true }, { nickName: 'b', isDisabled: true }).textContent).toBe('Nickname: a → b');
    cleanup();
    render(
      <MemoryRouter>
        <LogChange before={null} after={null} />
      </MemoryRouter>,
    );
    expect(screen.queryByTestId('log-change')).toBeNull();
    expect(screen.getByText('—')).toBeTruthy();
  });

  it('a role changed shows its own fields line by line', () => {
    const change = show(
      { roleUpdated: { role: 3, name: 'Desk', codes: ['MOVE_USER'] } },
      { roleUpdated: { role: 3, name: 'Front desk', codes: ['MOVE_USER'], holders: 2 } },
    );
    const role = lineOf(change, 'roleUpdated');
    expect(role.textContent).toContain('Role changed: ');
    expect(lineOf(role, 'role').textContent).toBe('Role: #3');
    expect(lineOf(role, 'name').textContent).toBe('Name: Desk → Front desk');
    expect(lineOf(role, 'holders').textContent).toBe('Holders: 2');
  });

  it("records named by id read as their names in the reader's language; a record that is gone keeps its id", async () => {
    const t4 = (zh_TW: string, en: string) => ({ zh_TW, en, th: '', vi: '' });
    const names: Names = {
      'storeGoods:21': t4('水壺', 'Flask'),
      'storeCategory:3': t4('生活用品', 'Home'),
      'gameCategory:3': t4('真人', 'Live casino'),
    };
    let change = show({ storeGoods: 21, category: 3, price: 10 }, { storeGoods: 21, category: 3, price: 12 }, {}, names);
    expect(lineOf(change, 'storeGoods').textContent).toBe('Goods: Flask');
    // In a row about goods, `category` is the store's category; elsewhere a lobby category.
    expect(lineOf(change, 'category').textContent).toBe('Category: Home');
    expect(change.textContent).not.toMatch(/#21|#3/);
    cleanup();
    change = show({ category: 3, sort: 1 }, { category: 3, sort: 2 }, {}, names);
    expect(lineOf(change, 'category').textContent).toBe('Category: Live casino');
    cleanup();
    change = show(null, { storeGoods: 99, categoryId: 3 }, {}, names);
    expect(lineOf(change, 'storeGoods').textContent).toBe('Goods: #99');
    expect(lineOf(change, 'categoryId').textContent).toBe('Category: Live casino');
    cleanup();
    await inLocale('zh_TW');
    change = show({ storeGoods: 21, price: 1 }, { storeGoods: 21, price: 2 }, {}, names);
    expect(lineOf(change, 'storeGoods').textContent).toBe('商品: 水壺');
  });

  it('an order reads as the names in order, a long one shortened with a count; a bulk change names its games', () => {
    const names: Names = Object.fromEntries(
      Array.from({ length: 12 }, (_, i) => [`gameCategory:${i + 1}`, { zh_TW: `分類${i + 1}`, en: `Cat ${i + 1}`, th: '', vi: '' }]),
    );
    let change = show({ categoryOrder: [4, 2, 3, 1] }, { categoryOrder: [1, 2, 3, 4] }, {}, names);
    const tags = (root: HTMLElement) => [...root.querySelectorAll('.ant-tag')].map((t) => t.textContent);
    expect(tags(lineOf(change, 'categoryOrder'))).toEqual(['Cat 4', 'Cat 2', 'Cat 3', 'Cat 1', 'Cat 1', 'Cat 2', 'Cat 3', 'Cat 4']);
    expect(change.textContent).not.toContain('#');
    cleanup();
    const twelve = Array.from({ length: 12 }, (_, i) => i + 1);
    change = show({ categoryOrder: twelve }, { categoryOrder: [...twelve].reverse() }, {}, names);
    const after = tags(lineOf(change, 'categoryOrder')).slice(9);
    expect(after).toEqual(['Cat 12', 'Cat 11', 'Cat 10', 'Cat 9', 'Cat 8', 'Cat 7', 'Cat 6', 'Cat 5', '+4 more']);
    cleanup();
    change = show(
      { games: [{ game: 7, status: 'ACTIVE' }] },
      { games: [{ game: 7, status: 'DISABLE' }] },
      {},
      { 'game:7': { zh_TW: '百家樂', en: 'Baccarat', th: '', vi: '' } },
    );
    expect(lineOf(change, 'games').textContent).toBe('Games: Game: Baccarat · Status: Active → Game: Baccarat · Status: Disabled');
  });

  it('an image reads as its picture, not its hash', () => {
    const sha = 'a'.repeat(64);
    const change = show({ icon: null }, { icon: sha, images: [sha] });
    expect(change.textContent).not.toContain(sha);
    const pictures = within(change).getAllByTestId('log-change-image');
    expect(pictures).toHaveLength(2);
    expect(pictures[0]!.querySelector('img')?.getAttribute('src')).toBe(`/api/files/${sha}`);
  });

  it('one provider category reads as its name; a long description is cut short', async () => {
    let change = show({ providerCategory: 'LIVE' }, { providerCategory: 'SLOT' });
    expect(lineOf(change, 'providerCategory').textContent).toBe('Provider category: Live → Slot');
    cleanup();
    const long = 'x'.repeat(200);
    change = show(
      { storeGoods: 1, description: { zh_TW: '短', en: 'Short', th: '', vi: '' } },
      { storeGoods: 1, description: { zh_TW: long, en: '', th: '', vi: '' } },
    );
    expect(lineOf(change, 'description').textContent).toBe(`Description: Short → ${'x'.repeat(60)}…`);
    cleanup();
    await inLocale('vi');
    change = show({ providerCategory: 'FISH' }, null);
    expect(lineOf(change, 'providerCategory').textContent).toBe('Danh mục của nhà cung cấp: Bắn cá');
  });

  it("a row's record target reads as its kind and name in the reader's language", async () => {
    const targetText = (target: LogTarget) => {
      render(<LogTargetName target={target} />);
      const text = screen.getByTestId('log-target').textContent;
      cleanup();
      return text;
    };
    const goods: LogTarget = { kind: 'storeGoods', id: 21, name: { zh_TW: '水壺', en: 'Flask', th: '', vi: '' } };
    expect(targetText(goods)).toBe('Goods Flask');
    expect(targetText({ kind: 'activity', id: 4, name: { zh_TW: '夏日盃', en: '', th: '', vi: '' } })).toBe('Activity 夏日盃');
    expect(targetText({ kind: 'games', id: null, name: null, count: 3 })).toBe('Games (3)');
    expect(targetText({ kind: 'gameTagOrder', id: 1, name: null })).toBe('Recommend order: Hot');
    expect(targetText({ kind: 'storeCategoryOrder', id: null, name: null })).toBe('Store category order');
    expect(targetText({ kind: 'provider', id: 'PG', name: null })).toBe('Game provider PG');
    await inLocale('zh_TW');
    expect(targetText(goods)).toBe('商品 水壺');
    await inLocale('th');
    expect(targetText({ kind: 'role', id: 2, name: { zh_TW: '稽核', en: 'Audit', th: 'ตรวจสอบ', vi: '' } })).toBe('บทบาท ตรวจสอบ');
  });

  it('the detail view shows the raw before/after JSON', async () => {
    const before = { isDisabled: false };
    const after = { isDisabled: true, disabledBy: 'admin001' };
    render(
      <AntApp>
        <LogRawButton before={before} after={after} rowId={5} />
      </AntApp>,
    );
    fireEvent.click(screen.getByTestId('log-raw-5'));
    const raw = await screen.findByTestId('log-raw');
    expect(JSON.parse(within(raw).getByTestId('log-raw-before').textContent!)).toEqual(before);
    expect(within(raw).getByTestId('log-raw-after').textContent).toBe(JSON.stringify(after, null, 2));
    expect(raw.textContent).toContain('"isDisabled": true');
  });
});
