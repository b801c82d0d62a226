import { describe, expect, it } from 'vitest';
import { formatInstant } from '../build-info';

describe('formatInstant', () => {
  const iso = '2026-06-15T12:00:00.000Z';

  it('writes an instant in the reader’s language with its time zone named', () => {
    expect(formatInstant(iso, 'en')).toMatch(/^Jun 1[56], 2026, .+ \(.+\)$/);
    expect(formatInstant(iso, 'zh_TW')).toMatch(/^2026年6月1[56]日 .+ \(.+\)$/);
    expect(formatInstant(iso, 'vi')).toContain('2026');
  });

  it('reads the instant on the given zone’s clock (the site’s), and names the zone', () => {
    expect(formatInstant('2026-06-15T16:30:00.000Z', 'en', 'Asia/Taipei')).toMatch(/^Jun 16, 2026, 12:30:00\sAM \(GMT\+8\)$/);
    expect(formatInstant('2026-06-15T16:30:00.000Z', 'en', 'UTC')).toMatch(/^Jun 15, 2026, 4:30:00\sPM \(UTC\)$/);
  });

  it('counts Gregorian years in Thai too, and leaves what is not a date as it is', () => {
    expect(formatInstant(iso, 'th')).toContain('2026');
    expect(formatInstant(iso, 'th')).not.toContain('2569');
    expect(formatInstant('not a date', 'en')).toBe('not a date');
  });
});
