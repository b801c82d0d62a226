import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-error';

/**
 * The failure a recovery page shows in its own alert (its calls toast nothing): the server's
 * message, or the client's when no answer came. A call cancelled by leaving the page says nothing.
 */
export function useErrorText(): { error: string | null; clear: () => void; show: (error: unknown) => void } {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const clear = useCallback(() => setError(null), []);
  const show = useCallback(
    (failure: unknown) => {
      if (isApiError(failure) && failure.kind === 'cancelled') return;
      setError((failure instanceof Error && failure.message) || t('http:requestFailed'));
    },
    [t],
  );
  return { error, clear, show };
}
