import { describe, expect, it } from 'vitest';
import { LOCALES, LOG_ACCOUNT_ID_KEYS, LOG_TARGET_KINDS } from '@agent-bo/shared';
import { loadResources } from '../i18n';
import { ACCOUNT_NO_BESIDE, LOG_FIELDS, changeLines, humanizeKey, logField } from '../log-fields';

const RESOURCES = await loadResources();

describe('log fields', () => {
  it('every field has a label in every locale, and no label is left without a field', () => {
    for (const locale of LOCALES) {
      const change = (RESOURCES[locale].log as { change: Record<string, Record<string, string>> }).change;
      for (const key of Object.keys(LOG_FIELDS)) expect(change.fields?.[key], `${locale}: ${key}`).toBeTruthy();
      expect(Object.keys(change.fields ?? {}).sort()).toEqual(Object.keys(LOG_FIELDS).sort());
    }
  });

  it("the sign-in area's rows read as words: a reset asked for, answered or dismissed, through which channel", () => {
    for (const key of ['resetRequested', 'resetRequest', 'by']) expect(logField(key)?.kind).toBe('word');
    for (const locale of LOCALES) {
      const values = (RESOURCES[locale].log as { change: { values: Record<string, string> } }).change.values;
      for (const code of ['UPPER', 'sms', 'email', 'DONE', 'DISMISSED']) expect(values[code], `${locale}: ${code}`).toBeTruthy();
    }
  });

  it('an address list set or removed reads as its blocks, as tags', () => {
    expect(logField('addressList')?.kind).toBe('list');
  });

  it("every kind of record a row is about has its name in every locale (the site's sign-in security too)", () => {
    for (const locale of LOCALES) {
      const targets = (RESOURCES[locale].log as { targets: Record<string, string> }).targets;
      for (const kind of LOG_TARGET_KINDS) expect(targets[kind], `${locale}: ${kind}`).toBeTruthy();
    }
  });

  it('sessions an upper agent ended count; the site security settings read as a flag and a number of hours', () => {
    expect(logField('sessionsEnded')?.kind).toBe('count');
    expect(logField('twoFactorRequired')?.kind).toBe('flag');
    expect(logField('handoffPasswordHours')?.kind).toBe('count');
  });

  it('the account id keys the server resolves are account fields here', () => {
    for (const key of LOG_ACCOUNT_ID_KEYS) expect(logField(key)?.kind).toBe('account');
    for (const id of Object.keys(ACCOUNT_NO_BESIDE)) expect(logField(id)?.kind).toBe('account');
  });

  it('humanises keys no label knows', () => {
    expect(humanizeKey('maxDailyCount')).toBe('Max daily count');
    expect(humanizeKey('site_id')).toBe('Site id');
    expect(humanizeKey('HTTPStatus')).toBe('Http status');
    expect(humanizeKey('')).toBe('');
    expect(logField('toString')).toBeUndefined();
    expect(logField('constructor')).toBeUndefined();
  });

  it('lines: what changed, one side only, context first, the number beside an id left to the id', () => {
    expect(changeLines({ isDisabled: false, isFullDisabled: false }, { isDisabled: true, isFullDisabled: false })).toEqual([
      { key: 'isDisabled', before: { value: false }, after: { value: true } },
    ]);
    expect(changeLines(null, { accountNo: 'p1', parentId: 3, parentAccountNo: 'agentA01' }).map((l) => l.key)).toEqual([
      'accountNo',
      'parentId',
    ]);
    expect(changeLines({ status: 'ACTIVE', provider: 'PG' }, { status: 'MAINTAIN', provider: 'PG' })).toEqual([
      { key: 'provider', after: { value: 'PG' } },
      { key: 'status', before: { value: 'ACTIVE' }, after: { value: 'MAINTAIN' } },
    ]);
    expect(changeLines(null, null)).toEqual([]);
    expect(changeLines('a', 'a')).toEqual([]);
    expect(changeLines('a', 'b')).toEqual([{ key: '', before: { value: 'a' }, after: { value: 'b' } }]);
    expect(changeLines(['x'], null)).toEqual([{ key: '', before: { value: ['x'] } }]);
  });
});
