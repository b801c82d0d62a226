import { describe, expect, it } from 'vitest';
import { InstantText } from '../../src/modules/provider-api/place.js';

describe('InstantText', () => {
  it('writes every instant as toISOString does, whatever came before it', () => {
    const text = new InstantText();
    const base = Date.parse('2026-11-28T03:59:59.000Z');
    const instants = [
      base,
      base + 1,
      base + 9,
      base + 10,
      base + 99,
      base + 100,
      base + 999,
      base + 1000, // the next second
      base + 5,
      base - 1, // back a second
      Date.parse('2026-12-31T15:59:59.999Z'),
      Date.parse('2027-01-01T00:00:00.000Z'),
      Date.parse('1969-12-31T23:59:59.123Z'), // before the epoch: the second rounds down, not towards zero
      0,
      Date.parse('2026-11-28T03:59:59.040Z'),
    ];
    for (const ms of instants) expect(text.iso(ms)).toBe(new Date(ms).toISOString());
  });
});
