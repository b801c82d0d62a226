/** The lock screen: covers the app after the configured idle time or on demand. */
export function LockScreen() {
  return null;
}
