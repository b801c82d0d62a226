import { App as AntApp, ConfigProvider } from 'antd';
import type { Locale as AntLocale } from 'antd/es/locale';
import enUS from 'antd/locale/en_US';
import thTH from 'antd/locale/th_TH';
import viVN from 'antd/locale/vi_VN';
import zhTW from 'antd/locale/zh_TW';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useMemo, type ReactNode } from 'react';
import type { Locale } from '@agent-bo/shared';
import { bindFeedback } from '../lib/feedback';
import { queryClient } from '../lib/query-client';
import { useAppStore } from '../stores/app-store';
import { useLocaleStore } from '../stores/locale-store';
import { buildTheme } from '../config/theme';

const ANT_LOCALES: Record<Locale, AntLocale> = { zh_TW: zhTW, en: enUS, th: thTH, vi: viVN };

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
  const locale = useLocaleStore((s) => s.locale);
  const themeConfig = useMemo(() => buildTheme({ dark, themeColor, headerBg, menuBg }), [dark, themeColor, headerBg, menuBg]);

  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider theme={themeConfig} locale={ANT_LOCALES[locale]}>
        <AntApp message={{ maxCount: 5 }}>
          <FeedbackBridge />
          {children}
        </AntApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
