import { describe, expect, it } from 'vitest';
import { SITES, SITE_IDS, siteTimeZone } from './sites.js';

describe('siteTimeZone', () => {
  it('is the zone of the site in SITES, for every site id', () => {
    expect(siteTimeZone('tw_web')).toBe('Asia/Taipei');
    expect(siteTimeZone('ph_mc')).toBe('Asia/Manila');
    for (const id of SITE_IDS) expect(siteTimeZone(id)).toBe(SITES.find((s) => s.id === id)!.timeZone);
  });

  it('throws for an id that is not a site instead of falling back to another zone', () => {
    expect(() => siteTimeZone('nowhere')).toThrow(/unknown site id "nowhere"/);
    expect(() => siteTimeZone('')).toThrow(/unknown site id/);
    // Site ids are exact: no case folding, no host names.
    expect(() => siteTimeZone('TW_WEB')).toThrow(/unknown site id/);
    expect(() => siteTimeZone('localhost')).toThrow(/unknown site id/);
  });

  it('every site names a zone Intl knows', () => {
    for (const s of SITES) expect(() => new Intl.DateTimeFormat('en', { timeZone: siteTimeZone(s.id) })).not.toThrow();
  });
});
