import { describe, expect, it } from 'vitest';
import {
  compareBalances,
  compareWithCashLog,
  compareWithLedger,
  parseCsv,
  type CashRow,
  type KeyRecord,
  type LedgerRow,
} from './harness.js';

/** The load tests' checks must catch what they claim to catch: each kind of damage, once. */

const rec = (key: string, final: KeyRecord['final'], transactionId?: string): KeyRecord => ({
  key,
  client: 'agentC01',
  op: 'recharge',
  callerId: 10,
  childId: 20,
  childKind: 'AGENT',
  amountMinor: 500n,
  final,
  transactionId,
  attempts: 1,
  sawTimeout: false,
  request: { url: '/api/manage/agent/recharge', token: 't', body: {}, headers: {} },
});
const row = (
  key: string,
  transactionId: string,
  entries = [
    { accountId: 10, amountMinor: -500n },
    { accountId: 20, amountMinor: 500n },
  ],
): LedgerRow => ({
  key,
  transactionId,
  kind: 'RECHARGE',
  amountMinor: entries.filter((e) => e.amountMinor > 0n).reduce((s, e) => s + e.amountMinor, 0n),
  entries,
});

describe('compareWithLedger', () => {
  it('accepts exactly-once, nothing for refused, at most one for unknown', () => {
    const rows = new Map([
      ['k1', [row('k1', '1')]],
      ['k3', [row('k3', '3')]],
    ]);
    expect(compareWithLedger([rec('k1', 'ok', '1'), rec('k2', 'refused'), rec('k3', 'unknown'), rec('k4', 'unknown')], rows)).toEqual([]);
  });

  it('catches a lost, a duplicated, a foreign and a refused-but-written transaction', () => {
    expect(compareWithLedger([rec('k1', 'ok', '1')], new Map())).toHaveLength(1);
    expect(compareWithLedger([rec('k1', 'ok', '1')], new Map([['k1', [row('k1', '1'), row('k1', '2')]]]))).not.toEqual([]);
    expect(compareWithLedger([rec('k1', 'ok', '1')], new Map([['k1', [row('k1', '9')]]]))).toHaveLength(1);
    expect(compareWithLedger([rec('k2', 'refused')], new Map([['k2', [row('k2', '2')]]]))).toHaveLength(1);
    expect(compareWithLedger([rec('k3', 'unknown')], new Map([['k3', [row('k3', '3'), row('k3', '4')]]]))).not.toEqual([]);
    expect(compareWithLedger([], new Map([['kx', [row('kx', '5')]]]))).toHaveLength(1);
  });

  it('catches half-written, unbalanced and misdirected entries', () => {
    expect(
      compareWithLedger([rec('k1', 'ok', '1')], new Map([['k1', [row('k1', '1', [{ accountId: 10, amountMinor: -500n }])]]])),
    ).not.toEqual([]);
    expect(
      compareWithLedger(
        [rec('k1', 'ok', '1')],
        new Map([
          [
            'k1',
            [
              row('k1', '1', [
                { accountId: 10, amountMinor: -400n },
                { accountId: 20, amountMinor: 500n },
              ]),
            ],
          ],
        ]),
      ),
    ).not.toEqual([]);
    expect(
      compareWithLedger(
        [rec('k1', 'ok', '1')],
        new Map([
          [
            'k1',
            [
              row('k1', '1', [
                { accountId: 20, amountMinor: -500n },
                { accountId: 10, amountMinor: 500n },
              ]),
            ],
          ],
        ]),
      ),
    ).not.toEqual([]);
  });
});

describe('compareBalances', () => {
  const rows = new Map([['k1', [row('k1', '1')]]]);
  it('accepts balances = before + entries', () => {
    expect(
      compareBalances(
        new Map([
          [10, 1000n],
          [20, 0n],
        ]),
        new Map([
          [10, 500n],
          [20, 500n],
        ]),
        rows,
      ),
    ).toEqual([]);
  });
  it('catches a lost update and a move outside the ledger', () => {
    expect(
      compareBalances(
        new Map([
          [10, 1000n],
          [20, 0n],
        ]),
        new Map([
          [10, 500n],
          [20, 0n],
        ]),
        rows,
      ),
    ).toHaveLength(1);
    expect(
      compareBalances(
        new Map([
          [10, 1000n],
          [20, 0n],
          [30, 7n],
        ]),
        new Map([
          [10, 500n],
          [20, 500n],
          [30, 8n],
        ]),
        rows,
      ),
    ).toHaveLength(1);
  });
});

describe('compareWithCashLog', () => {
  const cash = (tx: string, amount: string): CashRow => ({ transactionId: tx, kind: 'RECHARGE', accountNo: 'x', amount, memo: 'load k1' });
  it('wants the two entries of an accepted request under its id, nothing for a refused one', () => {
    expect(compareWithCashLog([rec('k1', 'ok', '1')], new Map([['load k1', [cash('1', '-5.00'), cash('1', '5.00')]]]))).toEqual([]);
    expect(compareWithCashLog([rec('k1', 'ok', '1')], new Map([['load k1', [cash('1', '-5.00')]]]))).toHaveLength(1);
    expect(
      compareWithCashLog(
        [rec('k1', 'ok', '1')],
        new Map([['load k1', [cash('1', '-5.00'), cash('1', '5.00'), cash('2', '-5.00'), cash('2', '5.00')]]]),
      ),
    ).toHaveLength(1);
    expect(compareWithCashLog([rec('k1', 'refused')], new Map([['load k1', [cash('1', '-5.00'), cash('1', '5.00')]]]))).toHaveLength(1);
  });
});

describe('parseCsv', () => {
  it('reads quoted fields, doubled quotes, CRLF and a BOM', () => {
    expect(parseCsv('\uFEFFa,b,c\r\n1,"x, ""y""",-5.00\r\n')).toEqual([
      ['a', 'b', 'c'],
      ['1', 'x, "y"', '-5.00'],
    ]);
  });
});
