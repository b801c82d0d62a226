import { QR_APPROVE_PATH } from '@agent-bo/shared';

/**
 * The in-app path a scanned QR code leads to, when it is one of this app's sign-in codes (this
 * origin's approval page with a code); null for anything else, so the scanner never follows a
 * link to another site.
 */
export function scannedSignInPath(text: string, origin: string): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  const token = url.searchParams.get('t');
  if (url.origin !== origin || url.pathname !== QR_APPROVE_PATH || !token) return null;
  return `${QR_APPROVE_PATH}?t=${encodeURIComponent(token)}`;
}
