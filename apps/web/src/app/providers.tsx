import { ConfigProvider } from 'antd';
import type { Locale as AntLocale } from 'antd/es/locale';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Locale } from '@agent-bo/shared';
import { antLocaleOf, ensureLocale } from '../lib/i18n';
import { isLocale } from '../lib/locale';
import { queryClient } from '../lib/query-client';
import { useAppStore } from '../stores/app-store';
import { useLocaleStore } from '../stores/locale-store';
import { buildTheme } from '../config/theme';
import { useReducedMotion } from '../hooks/use-reduced-motion';
import { FeedbackProvider } from './feedback-provider';

/**
 * antd's locale, following i18next's language so that both switch together: a picked locale's
 * messages and antd locale load first (lib/i18n.ts `switchLocale`), then the language changes.
 */
function useAntLocale(): AntLocale | undefined {
  const { i18n } = useTranslation();
  const stored = useLocaleStore((s) => s.locale);
  const locale: Locale = isLocale(i18n.language) ? i18n.language : stored;
  const [, setLoaded] = useState(0);
  const antLocale = antLocaleOf(locale);
  useEffect(() => {
    if (antLocale) return;
    let active = true;
    void ensureLocale(locale).then(() => {
      if (active) setLoaded((n) => n + 1);
    });
    return () => {
      active = false;
    };
  }, [antLocale, locale]);
  return antLocale;
}

const NO_WAVE = { disabled: true };

export function AppProviders({ children }: { children: ReactNode }) {
  const dark = useAppStore((s) => s.darkMode);
  const themeColor = useAppStore((s) => s.projectConfig.themeColor);
  const headerBg = useAppStore((s) => s.projectConfig.headerSetting.bgColor);
  const menuBg = useAppStore((s) => s.projectConfig.menuSetting.bgColor);
  const antLocale = useAntLocale();
  // Less motion when the system asks for it (WCAG 2.3.3): no zooming dialogs or sliding drawers.
  const motion = !useReducedMotion();
  const themeConfig = useMemo(
    () => buildTheme({ dark, themeColor, headerBg, menuBg, motion }),
    [dark, themeColor, headerBg, menuBg, motion],
  );

  return (
    <QueryClientProvider client={queryClient}>
      {/* Without motion antd's click wave cannot finish its transition: its element stayed in the
          page for five seconds (the motion's deadline) after every click on a button or switch. */}
      <ConfigProvider theme={themeConfig} locale={antLocale} wave={motion ? undefined : NO_WAVE}>
        <FeedbackProvider>{children}</FeedbackProvider>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
