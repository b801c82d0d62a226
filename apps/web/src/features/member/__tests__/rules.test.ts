import { describe, expect, it } from 'vitest';
import { generatePassword } from '../components/account-wizard';
import {
  canWrite,
  copyInfoText,
  isShownDisabled,
  ratioError,
  restrictionSetters,
  restrictionTags,
  statusActionsFor,
  stepFields,
} from '../rules';

const ok = { isShadow: false, isDisabled: false, isFullDisabled: false, isFullReadonly: false };
const clean = {
  isDisabled: false,
  isFullDisabled: false,
  isFullReadonly: false,
  inheritedFullDisabled: false,
  inheritedFullReadonly: false,
};

describe('canWrite (spec §4: who gets edit and create controls)', () => {
  it('allows a loaded, unrestricted, non-shadow user', () => {
    expect(canWrite(ok)).toBe(true);
  });
  it('refuses a user not yet loaded', () => {
    expect(canWrite(null)).toBe(false);
    expect(canWrite(undefined)).toBe(false);
  });
  it.each(['isShadow', 'isDisabled', 'isFullDisabled', 'isFullReadonly'] as const)('refuses when %s holds', (flag) => {
    expect(canWrite({ ...ok, [flag]: true })).toBe(false);
  });
});

describe('restrictions of a row', () => {
  it('an unrestricted row is active', () => {
    expect(restrictionTags(clean)).toEqual([]);
    expect(isShownDisabled(clean)).toBe(false);
  });
  it('any restriction, own or inherited, shows disabled and says which', () => {
    expect(restrictionTags({ ...clean, isDisabled: true })).toEqual(['disabled']);
    expect(restrictionTags({ ...clean, inheritedFullReadonly: true })).toEqual(['inheritedFullReadonly']);
    expect(isShownDisabled({ ...clean, inheritedFullDisabled: true })).toBe(true);
    expect(restrictionTags({ ...clean, isFullDisabled: true, isFullReadonly: true, inheritedFullDisabled: true })).toEqual([
      'fullDisabled',
      'fullReadonly',
      'inheritedFullDisabled',
    ]);
  });
  it('offers the status actions that apply: set or lift each own flag; shadows only sign-in', () => {
    expect(statusActionsFor(clean, 'agent')).toEqual(['DISABLE', 'FULLY_DISABLE', 'FULLY_READ_ONLY']);
    expect(statusActionsFor({ ...clean, isDisabled: true, isFullDisabled: true, isFullReadonly: true }, 'player')).toEqual([
      'ACTIVE',
      'FULLY_ACTIVE',
      'FULLY_READ_ONLY_CANCEL',
    ]);
    expect(statusActionsFor({ ...clean, isDisabled: true }, 'shadow')).toEqual(['ACTIVE']);
    // An inherited restriction is lifted on the ancestor, not here.
    expect(statusActionsFor({ ...clean, inheritedFullDisabled: true }, 'agent')).toEqual(['DISABLE', 'FULLY_DISABLE', 'FULLY_READ_ONLY']);
  });
  it('hides the lift of a restriction set above the viewer; says who set each own restriction', () => {
    const above = { accountNo: 'admin001', liftable: false };
    const mine = { accountNo: 'agentA01', liftable: true };
    const row = {
      ...clean,
      isDisabled: true,
      disabledBy: above,
      isFullDisabled: true,
      fullDisabledBy: mine,
      isFullReadonly: true,
      fullReadonlyBy: above,
    };
    expect(statusActionsFor(row, 'agent')).toEqual(['FULLY_ACTIVE']);
    expect(statusActionsFor({ ...clean, isDisabled: true, disabledBy: above }, 'shadow')).toEqual([]);
    expect(restrictionSetters(row)).toEqual([
      { tag: 'disabled', setter: above },
      { tag: 'fullDisabled', setter: mine },
      { tag: 'fullReadonly', setter: above },
    ]);
    // A setter of a flag that no longer holds is not shown.
    expect(restrictionSetters({ ...clean, disabledBy: above })).toEqual([]);
  });
});

describe('wizard step validation', () => {
  it('checks the ratio: required, format, at most 100, never above the parent (no float math)', () => {
    expect(ratioError(undefined, '90.00')).toBe('ratio.required');
    expect(ratioError('  ', '90.00')).toBe('ratio.required');
    expect(ratioError('12.345', '90.00')).toBe('ratio.format');
    expect(ratioError('-1', null)).toBe('ratio.format');
    expect(ratioError('100.01', null)).toBe('ratio.max');
    expect(ratioError('90.01', '90.00')).toBe('ratio.aboveParent');
    expect(ratioError('90', '90.00')).toBeNull();
    expect(ratioError('0.1', '0.10')).toBeNull();
    expect(ratioError('45.5', null)).toBeNull();
  });
  it('validates the fields of the current step only', () => {
    expect(stepFields('agent', 'create', 0)).toEqual(['accountNo', 'nickName', 'password']);
    expect(stepFields('agent', 'edit', 0)).toEqual(['nickName']);
    expect(stepFields('agent', 'create', 1)).toEqual(['ratio']);
    expect(stepFields('player', 'create', 1)).toEqual([]);
    expect(stepFields('player', 'create', 4)).toEqual([]);
  });
  it('generates passwords that meet the shared rule', () => {
    for (let i = 0; i < 50; i++) expect(generatePassword()).toMatch(/^(?=.*[A-Za-z])(?=.*\d)[A-Za-z0-9]{10}$/);
  });
});

describe('copy info, history and invite links', () => {
  const labels = { url: 'URL', nickName: 'Nickname', accountNo: 'Account', pwd: 'Password' };
  it('puts url, nickname, account and the one-time password on the clipboard', () => {
    expect(copyInfoText({ url: 'http://x/login', nickName: 'N', accountNo: 'agent0001', pwd: 'Pass1234' }, labels)).toBe(
      'URL: http://x/login\nNickname: N\nAccount: agent0001\nPassword: Pass1234',
    );
    expect(copyInfoText({ url: 'u', nickName: 'N', accountNo: 'a', pwd: null }, labels)).not.toContain('Password');
    // A player of a site without a configured game client: no address line at all.
    expect(copyInfoText({ url: '', nickName: 'N', accountNo: 'player01', pwd: 'Pass1234' }, labels)).toBe(
      'Nickname: N\nAccount: player01\nPassword: Pass1234',
    );
  });
});
