import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '@agent-bo/shared';
import { isLocale } from '../lib/locale';
import { persistStorage, syncWithOtherTabs } from '../lib/storage';

/** Locale setting (spec §3): the picker is shown, zh_TW is default and fallback. */
interface LocaleState {
  locale: Locale;
  showPicker: boolean;
  fallback: Locale;
  availableLocales: readonly Locale[];
  setLocale: (locale: Locale) => void;
}

export const useLocaleStore = create<LocaleState>()(
  persist(
    (set) => ({
      locale: DEFAULT_LOCALE,
      showPicker: true,
      fallback: DEFAULT_LOCALE,
      availableLocales: LOCALES,
      setLocale: (locale) => set({ locale }),
    }),
    {
      name: 'locale',
      storage: persistStorage<Pick<LocaleState, 'locale'>>(),
      partialize: (s) => ({ locale: s.locale }),
      merge: (persisted, current) => {
        const stored = (persisted as { locale?: unknown } | undefined)?.locale;
        return { ...current, locale: isLocale(stored) ? stored : current.locale };
      },
      version: 1,
    },
  ),
);

syncWithOtherTabs(useLocaleStore);
