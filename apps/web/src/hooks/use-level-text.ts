import { useTranslation } from 'react-i18next';
import { levelLabel } from '../lib/level-label';

/** An account's level in words in the current language: "Level 2 agent", "Shadow account"… never its number. */
export function useLevelText(): (lvl: number, isShadow?: boolean) => string {
  const { t } = useTranslation('dashboard');
  return (lvl, isShadow = false) => {
    const label = levelLabel(lvl, isShadow);
    return t(label.key, label.params ?? {});
  };
}
