import { describe, expect, it } from 'vitest';
import { satisfies } from './access.js';

describe('satisfies (spec §5 permission check)', () => {
  const held = new Set(['ACTIVITY_READ', 'GAME_WRITE']);

  it('allows when nothing is required', () => {
    expect(satisfies(undefined, held)).toBe(true);
    expect(satisfies('', held)).toBe(true);
    expect(satisfies([], held)).toBe(true);
  });

  it('needs a single code to be held', () => {
    expect(satisfies('ACTIVITY_READ', held)).toBe(true);
    expect(satisfies('ACTIVITY_WRITE', held)).toBe(false);
  });

  it('passes a list when any item matches', () => {
    expect(satisfies(['ACTIVITY_WRITE', 'GAME_WRITE'], held)).toBe(true);
    expect(satisfies(['ACTIVITY_WRITE', 'TAG_READ'], held)).toBe(false);
  });

  it('combines codes with || (any) and && (all)', () => {
    expect(satisfies('ACTIVITY_WRITE||ACTIVITY_READ', held)).toBe(true);
    expect(satisfies('ACTIVITY_WRITE||TAG_READ', held)).toBe(false);
    expect(satisfies('ACTIVITY_READ&&GAME_WRITE', held)).toBe(true);
    expect(satisfies('ACTIVITY_READ&&TAG_READ', held)).toBe(false);
  });

  it('accepts a plain array of held codes', () => {
    expect(satisfies('GAME_WRITE', ['GAME_WRITE'])).toBe(true);
  });
});
