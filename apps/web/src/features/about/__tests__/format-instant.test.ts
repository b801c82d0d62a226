import { describe, expect, it } from 'vitest';
import { formatInstant } from '../build-info';

describe('formatInstant', () => {
  const iso = '2026-06-15T12:00:00.000Z';

  it('writes an instant in the reader’s language with its time zone named', () => {
    expect(formatInstant(iso, 'en')).toMatch(/^Jun 1[56], 2026, .+ \(.+\)$/);
    expect(formatInstant(iso, 'zh_TW')).toMatch(/^2026年6月1[56]日 .+ \(.+\)$/);
    expect(formatInstant(iso, 'vi')).toContain('2026');
  });

  it('counts Gregorian years in Thai too, and leaves what is not a date as it is', () => {
    expect(formatInstant(iso, 'th')).toContain('2026');
    expect(formatInstant(iso, 'th')).not.toContain('2569');
    expect(formatInstant('not a date', 'en')).toBe('not a date');
  });
});
