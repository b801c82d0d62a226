import { describe, expect, it } from 'vitest';
import { levelLabel } from '../level-label';
import { i18n, initI18n } from '../i18n';

describe('levelLabel', () => {
  it('labels admin, the level-1 agent, the n-th agent (n = lvl - 1) and shadows', () => {
    expect(levelLabel(0)).toEqual({ key: 'levels.admin' });
    expect(levelLabel(1)).toEqual({ key: 'levels.general' });
    expect(levelLabel(2)).toEqual({ key: 'levels.nth', params: { n: 1 } });
    expect(levelLabel(5)).toEqual({ key: 'levels.nth', params: { n: 4 } });
    expect(levelLabel(3, true)).toEqual({ key: 'levels.shadow' });
    expect(levelLabel(0, true)).toEqual({ key: 'levels.shadow' });
  });

  it('translates in every locale', async () => {
    initI18n('en');
    const { key, params } = levelLabel(4);
    expect(i18n.t(`dashboard:${key}`, params)).toBe('Level 3 agent');
    await i18n.changeLanguage('zh_TW');
    expect(i18n.t(`dashboard:${key}`, params)).toBe('3 級代理');
    expect(i18n.t('dashboard:levels.admin')).toBe('管理員');
  });
});
