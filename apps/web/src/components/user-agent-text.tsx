import { Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { summariseUserAgent } from '../lib/user-agent';

/**
 * A session's or sign-in's browser as a person names it ("Chrome 131 · Windows 10"), the whole user
 * agent in a tooltip; a user agent no parser knows (a script) shows as itself, cut short.
 */
export function UserAgentText({ userAgent }: { userAgent: string | null }) {
  const { t } = useTranslation('sessions');
  if (!userAgent) return <Typography.Text type="secondary">{t('unknownBrowser')}</Typography.Text>;
  const { browser, os } = summariseUserAgent(userAgent);
  const text = browser || os ? [browser ?? t('unknownBrowser'), os].filter(Boolean).join(' · ') : userAgent;
  return (
    <Tooltip title={userAgent}>
      <Typography.Text className="session-ua" ellipsis>
        {text}
      </Typography.Text>
    </Tooltip>
  );
}
