import { App as AntApp, ConfigProvider } from 'antd';
import type { Locale as AntLocale } from 'antd/es/locale';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { localeSchema, type Locale } from '@agent-bo/shared';
import { bindFeedback } from '../lib/feedback';
import { antLocaleOf, ensureLocale } from '../lib/i18n';
import { queryClient } from '../lib/query-client';
import { useAppStore } from '../stores/app-store';
import { useLocaleStore } from '../stores/locale-store';
import { buildTheme } from '../config/theme';

/**
 * antd's locale, following i18next's language so that both switch together: a picked locale's
 * messages and antd locale load first (lib/i18n.ts `switchLocale`), then the language changes.
 */
function useAntLocale(): AntLocale | undefined {
  const { i18n } = useTranslation();
  const stored = useLocaleStore((s) => s.locale);
  const parsed = localeSchema.safeParse(i18n.language);
  const locale: Locale = parsed.success ? parsed.data : stored;
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

/** Hands antd's context-aware message/modal/notification to code outside React. */
function FeedbackBridge() {
  const { message, modal, notification } = AntApp.useApp();
  useEffect(() => {
    bindFeedback({ message, modal, notification });
  }, [message, modal, notification]);
  return null;
}

export function AppProviders({ children }: { children: ReactNode }) {
  const dark = useAppStore((s) => s.darkMode);
  const themeColor = useAppStore((s) => s.projectConfig.themeColor);
  const headerBg = useAppStore((s) => s.projectConfig.headerSetting.bgColor);
  const menuBg = useAppStore((s) => s.projectConfig.menuSetting.bgColor);
  const antLocale = useAntLocale();
  const themeConfig = useMemo(() => buildTheme({ dark, themeColor, headerBg, menuBg }), [dark, themeColor, headerBg, menuBg]);

  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider theme={themeConfig} locale={antLocale}>
        <AntApp message={{ maxCount: 5 }}>
          <FeedbackBridge />
          {children}
        </AntApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
