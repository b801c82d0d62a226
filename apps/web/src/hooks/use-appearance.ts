import type { LocalePickerProps } from '../components/locale-picker';
import { useAppStore } from '../stores/app-store';
import { useLocaleStore } from '../stores/locale-store';

/** The locale picker's value, choices and change: the locale store's. */
export function useLocalePicker(): Omit<LocalePickerProps, 'showLabel'> {
  const value = useLocaleStore((s) => s.locale);
  const options = useLocaleStore((s) => s.availableLocales);
  const onChange = useLocaleStore((s) => s.setLocale);
  return { value, options, onChange };
}

/** The dark toggle's state and change: the app store's dark-mode flag. */
export function useDarkToggle(): { checked: boolean; onChange: (dark: boolean) => void } {
  const checked = useAppStore((s) => s.darkMode);
  const onChange = useAppStore((s) => s.setDarkMode);
  return { checked, onChange };
}
