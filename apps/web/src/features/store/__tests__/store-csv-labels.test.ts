import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { localizeCsv } from '../../../lib/localize-csv';
import { usePointsCsvLabels } from '../hooks/use-store-csv-labels';

// i18next is one instance for the worker's files: give the next file the language this one found.
const found = i18n.language;
afterEach(async () => {
  await i18n.changeLanguage(found);
});

describe('the points entries export in words', () => {
  it('names an order as the table does and leaves a bet as its provider and bet id', async () => {
    await i18n.changeLanguage('zh_TW');
    const { result } = renderHook(() => usePointsCsvLabels());
    const api =
      '\uFEFFid,accountNo,type,source,amount,balanceAfter,createdAt\r\n3,9000001,PointsStore,order:500,-100,50,2026-11-24 12:00:00\r\n2,9000001,PointsStore,PG:bet-1,120,150,2026-11-24 11:00:00\r\n';
    const [header, order, bet] = localizeCsv(api, result.current).split('\r\n');
    expect(header).toBe('紀錄,玩家,類型,來源,積分,變動後餘額,時間');
    expect(order).toContain(',訂單 #500,');
    expect(bet).toContain(',PG:bet-1,');
    await i18n.changeLanguage('en');
    const { result: english } = renderHook(() => usePointsCsvLabels());
    expect(localizeCsv(api, english.current).split('\r\n')[1]).toContain(',Order #500,');
  });
});
