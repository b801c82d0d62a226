import { onSessionReset } from './session';

/**
 * The password just typed at sign-in, kept in memory only (never stored) when the session must
 * replace it (a password someone else chose, sessions.step CHANGE_PASSWORD): the forced change
 * page then does not ask for it a second time. Tied to its session's token, so another session
 * never sees it, and forgotten once used, at sign-out or when the page reloads.
 */
let held: { token: string; password: string } | null = null;

export function holdSigninPassword(token: string, password: string): void {
  held = { token, password };
}

/** The password typed for the session of `token`, if still held. */
export function signinPasswordFor(token: string | null): string | undefined {
  return held && token && held.token === token ? held.password : undefined;
}

export function forgetSigninPassword(): void {
  held = null;
}

onSessionReset(forgetSigninPassword);
