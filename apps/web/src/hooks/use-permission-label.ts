import { useCallback } from 'react';
import { localized, PERMISSION_LABELS, type PermissionCode } from '@agent-bo/shared';
import { useLocaleStore } from '../stores/locale-store';

/**
 * A permission code's name in the current language, from the catalogue the server's role
 * screen also serves (one list of labels for the member and role screens); an unknown code
 * shows as itself.
 */
export function usePermissionLabel(): (code: string) => string {
  const locale = useLocaleStore((s) => s.locale);
  return useCallback(
    (code: string) => {
      const label = PERMISSION_LABELS[code as PermissionCode];
      return label ? localized(label, locale) || code : code;
    },
    [locale],
  );
}
