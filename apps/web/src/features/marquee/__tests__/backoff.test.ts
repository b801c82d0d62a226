import { describe, expect, it } from 'vitest';
import { reconnectDelay } from '../backoff';

describe('reconnect back-off', () => {
  it('doubles from 1 s to at most 30 s, drawn from the upper half', () => {
    const ceilings = [1000, 2000, 4000, 8000, 16_000, 30_000, 30_000];
    ceilings.forEach((ceiling, attempt) => {
      expect(reconnectDelay(attempt, () => 0)).toBe(ceiling / 2);
      expect(reconnectDelay(attempt, () => 0.999_999)).toBeCloseTo(ceiling, -1);
    });
    expect(reconnectDelay(50, () => 1)).toBe(30_000);
  });
});
