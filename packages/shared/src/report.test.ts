import { describe, expect, it } from 'vitest';
import { businessRanges } from './business-day.js';
import { MENU } from './menu.js';
import {
  REPORT_MAX_DAYS,
  agentReportExportQuerySchema,
  agentReportRequestSchema,
  businessDatesOf,
  daysInRange,
  epochDay,
} from './report.js';

describe('business dates of the report', () => {
  it('counts days with both ends included and rejects impossible dates', () => {
    expect(daysInRange('2030-01-10', '2030-01-10')).toBe(1);
    expect(daysInRange('2030-01-10', '2030-01-12')).toBe(3);
    expect(daysInRange('2030-02-27', '2030-03-01')).toBe(3);
    expect(daysInRange('2030-01-12', '2030-01-10')).toBe(-1);
    expect(epochDay('2030-02-30')).toBeNull();
    expect(epochDay('2030-1-5')).toBeNull();
  });

  it('turns the noon-based presets into business dates', () => {
    // 2030-01-15 09:00 in Taipei is still the business day of 2030-01-14 (a Monday)
    const ranges = businessRanges(new Date('2030-01-15T01:00:00Z'), 'Asia/Taipei');
    expect(businessDatesOf(ranges.today)).toEqual({ start: '2030-01-14', end: '2030-01-14' });
    expect(businessDatesOf(ranges.yesterday)).toEqual({ start: '2030-01-13', end: '2030-01-13' });
    expect(businessDatesOf(ranges.thisWeek)).toEqual({ start: '2030-01-14', end: '2030-01-20' });
    expect(businessDatesOf(ranges.lastMonth)).toEqual({ start: '2029-12-01', end: '2029-12-31' });
  });
});

describe('agentReportRequestSchema', () => {
  const parse = (v: unknown) => agentReportRequestSchema.safeParse(v);
  const messages = (v: unknown) => parse(v).error?.issues.map((i) => i.message);

  it('accepts a range of one day up to the maximum', () => {
    expect(parse({ start: '2030-01-10', end: '2030-01-10' }).success).toBe(true);
    expect(daysInRange('2030-01-01', '2030-04-03')).toBe(REPORT_MAX_DAYS);
    expect(parse({ start: '2030-01-01', end: '2030-04-03', agentId: 5, providerCode: 'PG' }).success).toBe(true);
  });

  it('refuses a reversed or too long range, bad dates and unknown fields', () => {
    expect(messages({ start: '2030-01-12', end: '2030-01-10' })).toEqual(['dateRange.order']);
    expect(messages({ start: '2030-01-01', end: '2030-04-04' })).toEqual(['dateRange.max']);
    expect(messages({ start: '2030-02-30', end: '2030-03-01' })).toEqual(['date.format']);
    expect(parse({ start: '2030-01-10', end: '2030-01-10', extra: 1 }).success).toBe(false);
  });

  it('the export takes the agent id as query text', () => {
    expect(agentReportExportQuerySchema.parse({ start: '2030-01-10', end: '2030-01-10', agentId: '12' }).agentId).toBe(12);
    expect(agentReportExportQuerySchema.safeParse({ start: '2030-01-10', end: '2030-01-10', agentId: 'x' }).success).toBe(false);
  });
});

describe('menu', () => {
  it('/report (order 20) holds the agent report, open to every agent', () => {
    const report = MENU.find((e) => e.path === '/report');
    expect(report?.order).toBe(20);
    expect(report?.permission).toBeUndefined();
    expect(report?.children?.map((c) => [c.name, c.path, c.titleKey, c.permission])).toEqual([
      ['AgentReport', '/report/agent', 'routes.agentReport', undefined],
    ]);
  });
});
