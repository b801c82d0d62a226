import { describe, expect, it } from 'vitest';
import { inviteCodeOf } from '../routes/register-page';

describe('invite link', () => {
  it('reads the invite code of the URL the server hands out', () => {
    expect(inviteCodeOf(new URLSearchParams('invite=abcdef12'))).toBe('abcdef12');
    expect(inviteCodeOf(new URLSearchParams('code=abcdef12'))).toBe('abcdef12');
    expect(inviteCodeOf(new URLSearchParams('invite=abc'))).toBeNull();
    expect(inviteCodeOf(new URLSearchParams(''))).toBeNull();
  });
});
