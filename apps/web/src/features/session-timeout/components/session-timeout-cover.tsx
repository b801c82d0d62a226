/** Page cover with an in-place sign-in, shown on session expiry in PAGE_COVERAGE mode. */
export function SessionTimeoutCover() {
  return null;
}
