import { useCallback, useEffect, useRef, useState } from 'react';
import { ERRORS, QR_APPROVE_PATH, type SignedIn } from '@agent-bo/shared';
import { isApiError } from '../../../lib/api-error';
import { qrApi } from '../api/qr-api';

/** A new code is asked for this long before the shown one expires, so nobody scans a code about to die. */
export const QR_REFRESH_BEFORE_SECONDS = 10;

export type QrCodeState =
  | { phase: 'starting' }
  /** `url` is what the picture holds; `refreshAt` when the page asks for the next code (ms, this clock). */
  | { phase: 'waiting'; url: string; refreshAt: number }
  | { phase: 'denied' }
  | { phase: 'failed'; message: string };

/** The approval link a QR code holds: this app's approval page with the request's code. */
export function qrApproveUrl(token: string): string {
  return `${window.location.origin}${QR_APPROVE_PATH}?t=${encodeURIComponent(token)}`;
}

const isExpired = (error: unknown) => isApiError(error) && error.code === ERRORS.QR_SIGN_IN_EXPIRED.code;

/**
 * The asking page's side of a QR sign-in: a code from the server, then the long poll, one call at
 * a time (each answers when the request is decided, or after the server's wait, and the next
 * starts at once: the server paces it, never a timer here). A new code comes by itself a little
 * before the shown one expires, and when the server says it has (QR_SIGN_IN_EXPIRED, once in a row:
 * a second in a row is shown rather than asked again forever). An approval is handed to
 * `onSignedIn`; a denial waits for `renew`. Leaving the page aborts the call in flight.
 */
export function useQrCode(onSignedIn: (signedIn: SignedIn) => void): { state: QrCodeState; renew: () => void } {
  const [state, setState] = useState<QrCodeState>({ phase: 'starting' });
  // Each generation is one code: bumping it ends the previous code's calls and asks for another.
  const [generation, setGeneration] = useState(0);
  const signedIn = useRef(onSignedIn);
  signedIn.current = onSignedIn;
  // Codes the server called expired with no "still pending" between them.
  const expiredInARow = useRef(0);
  const nextCode = useCallback(() => {
    setState({ phase: 'starting' });
    setGeneration((g) => g + 1);
  }, []);
  const renew = useCallback(() => {
    expiredInARow.current = 0;
    nextCode();
  }, [nextCode]);

  useEffect(() => {
    const controller = new AbortController();
    let refresh: ReturnType<typeof setTimeout> | undefined;

    const run = async () => {
      const started = await qrApi.start(controller.signal);
      const refreshIn = Math.max(1, started.expiresIn - QR_REFRESH_BEFORE_SECONDS) * 1000;
      refresh = setTimeout(nextCode, refreshIn);
      setState({ phase: 'waiting', url: qrApproveUrl(started.token), refreshAt: Date.now() + refreshIn });
      for (;;) {
        const answer = await qrApi.wait(started.waitToken, controller.signal);
        if (controller.signal.aborted) return;
        if (answer.status === 'PENDING') {
          expiredInARow.current = 0;
          continue;
        }
        clearTimeout(refresh);
        if (answer.status === 'DENIED') setState({ phase: 'denied' });
        else signedIn.current(answer.signedIn);
        return;
      }
    };
    run().catch((error: unknown) => {
      if (controller.signal.aborted || (isApiError(error) && error.kind === 'cancelled')) return;
      clearTimeout(refresh);
      if (isExpired(error) && expiredInARow.current === 0) {
        expiredInARow.current = 1;
        nextCode();
        return;
      }
      setState({ phase: 'failed', message: error instanceof Error && error.message ? error.message : '' });
    });
    return () => {
      controller.abort();
      clearTimeout(refresh);
    };
  }, [generation, nextCode]);

  return { state, renew };
}
