import { describe, expect, it } from 'vitest';
import { localizeCsv } from '../localize-csv';

const labels = {
  headers: { id: '編號', status: '狀態', memo: '備註' },
  values: { status: (code: string) => ({ Settled: '已結算', Unsettled: '未結算' })[code] ?? code },
};

describe('localizeCsv', () => {
  it('names the columns and the coded values in words, and leaves the rest as the API wrote it', () => {
    const api = '\uFEFFid,status,memo,amount\r\n1,Settled,plain,12.50\r\n2,Unsettled,,-3.00\r\n3,Canceled,x,0.00\r\n';
    expect(localizeCsv(api, labels)).toBe('編號,狀態,備註,amount\r\n1,已結算,plain,12.50\r\n2,未結算,,-3.00\r\n3,Canceled,x,0.00\r\n');
  });

  it('keeps fields with commas, quotes and line breaks quoted, and a defused formula as text', () => {
    const api = 'id,status,memo\r\n1,Settled,"a, b"\r\n2,Settled,"say ""hi"""\r\n3,Settled,"two\r\nlines"\r\n4,Settled,\'=SUM(A1)\r\n';
    expect(localizeCsv(api, labels)).toBe(
      '編號,狀態,備註\r\n1,已結算,"a, b"\r\n2,已結算,"say ""hi"""\r\n3,已結算,"two\r\nlines"\r\n4,已結算,\'=SUM(A1)\r\n',
    );
  });

  it('gives back an empty file as it came', () => {
    expect(localizeCsv('', labels)).toBe('');
  });
});
