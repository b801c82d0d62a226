import { describe, expect, it } from 'vitest';
import { businessDate } from '@agent-bo/shared';
import { businessDateOf } from '../../src/modules/provider-api/business-date.js';

/** Instants every `stepMs` over [from, to). */
function* instants(from: string, to: string, stepMs: number) {
  for (let t = Date.parse(from); t < Date.parse(to); t += stepMs) yield t;
}

describe('provider API: the business date from a cached offset', () => {
  // The sites' zones, and zones whose offset changes: at a whole hour (New York, London), at a
  // half hour with a 30-minute shift (Lord Howe), twice a year south of the equator (Santiago).
  const zones = [
    'Asia/Taipei',
    'Asia/Ho_Chi_Minh',
    'Asia/Bangkok',
    'America/New_York',
    'Europe/London',
    'Australia/Lord_Howe',
    'America/Santiago',
  ];

  it('gives businessDate’s answer for every instant, across offset changes and the noon boundary', () => {
    const wrong: string[] = [];
    for (const zone of zones) {
      // Every 3 h 7 min 13.5 s over a year: every hour of the day and many minutes of the hour.
      for (const t of instants('2026-01-01T00:00:00Z', '2027-01-01T00:00:00Z', 11_233_500)) {
        if (businessDateOf(t, zone) !== businessDate(new Date(t), zone)) wrong.push(`${zone} ${new Date(t).toISOString()}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('agrees second by second around changes inside an hour and around noon', () => {
    const windows: [string, string, string][] = [
      // Lord Howe: 02:00 local (+10:30 → +11) on 2026-10-04 = 2026-10-03T15:30Z; back on 2026-04-05 02:00 (+11) = 2026-04-04T15:00Z.
      ['Australia/Lord_Howe', '2026-10-03T14:55:00Z', '2026-10-03T16:05:00Z'],
      ['Australia/Lord_Howe', '2026-04-04T14:25:00Z', '2026-04-04T15:35:00Z'],
      ['America/New_York', '2026-03-08T06:30:00Z', '2026-03-08T07:30:00Z'],
      // Taipei noon (04:00Z): the last millisecond of one business day and the first of the next.
      ['Asia/Taipei', '2026-11-20T03:59:00Z', '2026-11-20T04:01:00Z'],
    ];
    const wrong: string[] = [];
    for (const [zone, from, to] of windows) {
      for (const t of instants(from, to, 997)) {
        if (businessDateOf(t, zone) !== businessDate(new Date(t), zone)) wrong.push(`${zone} ${new Date(t).toISOString()}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(businessDateOf(Date.parse('2026-11-20T03:59:59.999Z'), 'Asia/Taipei')).toBe('2026-11-19');
    expect(businessDateOf(Date.parse('2026-11-20T04:00:00.000Z'), 'Asia/Taipei')).toBe('2026-11-20');
  });
});
