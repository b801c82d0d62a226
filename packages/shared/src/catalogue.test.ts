import { describe, expect, it } from 'vitest';
import { ERROR_MESSAGES, ERROR_NAMES, ERRORS, errorMessage, errorNameForCode } from './errors.js';
import { LOCALES, normalizeLocale } from './locales.js';
import { ACCOUNT_NO_PATTERN, signinRequestSchema } from './auth.js';
import { siteForHost } from './sites.js';

describe('error catalogue', () => {
  it('has a message for every error in every locale', () => {
    for (const locale of LOCALES) {
      expect(Object.keys(ERROR_MESSAGES[locale]).sort(), locale).toEqual([...ERROR_NAMES].sort());
      for (const name of ERROR_NAMES) expect(ERROR_MESSAGES[locale][name].length, `${locale}.${name}`).toBeGreaterThan(0);
    }
  });

  it('gives every error a distinct code', () => {
    const codes = ERROR_NAMES.map((n) => ERRORS[n].code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(errorNameForCode(401)).toBe('UNAUTHORIZED');
  });

  it('fills the seconds into the lock-out message', () => {
    expect(errorMessage('SIGNIN_LOCKED', 'en', { n: 42 })).toContain('42');
  });

  it('names the refused entry of an address list in every locale, as typed', () => {
    for (const locale of ['zh_TW', 'en', 'th', 'vi'] as const) {
      const text = errorMessage('ADDRESS_LIST_INVALID', locale, { entry: '10.0.0.$&/33' });
      expect(text, locale).toContain('10.0.0.$&/33');
      expect(text, locale).not.toContain('{{entry}}');
    }
  });
});

describe('locales and sites', () => {
  it('normalizes language headers to our locales, zh_TW by default', () => {
    expect(normalizeLocale('zh-TW')).toBe('zh_TW');
    expect(normalizeLocale('en-US,en;q=0.9')).toBe('en');
    expect(normalizeLocale('vi')).toBe('vi');
    expect(normalizeLocale('fr')).toBe('zh_TW');
    expect(normalizeLocale(undefined)).toBe('zh_TW');
  });

  it('selects the site by host, ignoring the port', () => {
    expect(siteForHost('localhost:3000')).toBe('tw_web');
    expect(siteForHost('PH-MC.localhost')).toBe('ph_mc');
    expect(siteForHost('evil.example')).toBeUndefined();
    expect(siteForHost('bo.example.com', { 'bo.example.com': 'richman' })).toBe('richman');
  });
});

describe('sign-in schema', () => {
  it('accepts 8 to 12 letters or digits and trims', () => {
    expect(ACCOUNT_NO_PATTERN.test('abcd1234')).toBe(true);
    expect(signinRequestSchema.parse({ accountNo: ' admin001 ', password: 'x' }).accountNo).toBe('admin001');
  });

  it('refuses short, long, symbol-bearing ids and extra fields', () => {
    for (const accountNo of ['abc1234', 'abcdefghi1234', 'abcd_1234', 'abcd 1234']) {
      expect(signinRequestSchema.safeParse({ accountNo, password: 'x' }).success, accountNo).toBe(false);
    }
    expect(signinRequestSchema.safeParse({ accountNo: 'admin001', password: 'x', extra: 1 }).success).toBe(false);
    expect(signinRequestSchema.safeParse({ accountNo: 'admin001', password: '' }).success).toBe(false);
  });
});
