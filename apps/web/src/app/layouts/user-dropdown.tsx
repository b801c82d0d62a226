import {
  DesktopOutlined,
  IdcardOutlined,
  InboxOutlined,
  InfoCircleOutlined,
  LockOutlined,
  LogoutOutlined,
  MobileOutlined,
  SafetyCertificateOutlined,
  ScanOutlined,
  SecurityScanOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Avatar, Dropdown, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLockStore } from '../../stores/lock-store';
import { OwnAccountModal } from '../../features/member/components/own-account-modal';
import { ContactsDialog } from '../../features/contacts/components/contacts-dialog';
import { ABOUT_PATH, LOGIN_PATH, OUTBOX_PATH, QR_SCAN_PATH, SESSIONS_PATH, SITE_SECURITY_PATH, TWO_FACTOR_PATH } from '../../config/routes';
import { useIsSiteAdmin } from '../../hooks/use-is-site-admin';
import { signOut } from '../../stores/session';
import { useAppStore } from '../../stores/app-store';
import { useUserStore } from '../../stores/user-store';

export function UserDropdown({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const user = useUserStore((s) => s.userInfo);
  const navigate = useNavigate();
  const name = user?.nickName || user?.accountNo || '';
  const [ownOpen, setOwnOpen] = useState(false);
  const [contactsOpen, setContactsOpen] = useState(false);
  // The outbox's messages carry codes that open accounts: the site's admin only (the server refuses anyone else).
  const siteAdmin = useIsSiteAdmin();
  const lockEnabled = useAppStore((s) => s.projectConfig.headerSetting.useLockPage);
  const lock = useLockStore((s) => s.lock);

  return (
    <>
      <Dropdown
        trigger={['click']}
        placement="bottomRight"
        menu={{
          items: [
            {
              key: 'who',
              disabled: true,
              label: (
                <div className="user-dropdown__who">
                  <Typography.Text strong>{name}</Typography.Text>
                  <br />
                  <Typography.Text type="secondary">{t('header.account', { accountNo: user?.accountNo ?? '' })}</Typography.Text>
                </div>
              ),
            },
            { type: 'divider' },
            // On a phone: read another browser's QR sign-in code (issue 33).
            ...(compact
              ? [
                  {
                    key: 'qrScan',
                    icon: <ScanOutlined />,
                    label: <span data-testid="qr-scan-open">{t('qrSignIn:scanMenu')}</span>,
                  },
                ]
              : []),
            {
              key: 'own',
              icon: <IdcardOutlined />,
              label: <span data-testid="own-account">{t('member:own.title')}</span>,
            },
            {
              key: 'contacts',
              icon: <MobileOutlined />,
              label: <span data-testid="contacts-open">{t('contacts:menu')}</span>,
            },
            {
              key: 'twoFactor',
              icon: <SafetyCertificateOutlined />,
              label: <span data-testid="two-factor-open">{t('twoFactor:menu')}</span>,
            },
            {
              key: 'sessions',
              icon: <DesktopOutlined />,
              label: <span data-testid="sessions-open">{t('sessions:menu')}</span>,
            },
            ...(lockEnabled
              ? [
                  {
                    key: 'lock',
                    icon: <LockOutlined />,
                    label: <span data-testid="lock-screen">{t('lock:menu')}</span>,
                  },
                ]
              : []),
            {
              key: 'about',
              icon: <InfoCircleOutlined />,
              label: <span data-testid="about-page">{t('routes:about')}</span>,
            },
            ...(siteAdmin
              ? [
                  {
                    key: 'outbox',
                    icon: <InboxOutlined />,
                    label: <span data-testid="outbox-open">{t('routes:outbox')}</span>,
                  },
                  {
                    key: 'siteSecurity',
                    icon: <SecurityScanOutlined />,
                    label: <span data-testid="site-security-open">{t('siteSecurity:menu')}</span>,
                  },
                ]
              : []),
            {
              key: 'signout',
              icon: <LogoutOutlined />,
              label: <span data-testid="signout">{t('header.signOut')}</span>,
            },
          ],
          onClick: async ({ key }) => {
            if (key === 'own') setOwnOpen(true);
            if (key === 'contacts') setContactsOpen(true);
            if (key === 'lock') lock();
            if (key === 'about') void navigate(ABOUT_PATH);
            if (key === 'outbox') void navigate(OUTBOX_PATH);
            if (key === 'twoFactor') void navigate(TWO_FACTOR_PATH);
            if (key === 'sessions') void navigate(SESSIONS_PATH);
            if (key === 'qrScan') void navigate(QR_SCAN_PATH);
            if (key === 'siteSecurity') void navigate(SITE_SECURITY_PATH);
            if (key !== 'signout') return;
            await signOut();
            void navigate(LOGIN_PATH, { replace: true });
          },
        }}
      >
        {/* Named by the visible name when shown (WCAG 2.5.3), by its purpose when only the avatar is. */}
        <button
          type="button"
          className="user-menu-trigger"
          data-testid="user-menu"
          aria-label={compact || !name ? t('header.userMenu') : undefined}
          aria-description={compact || !name ? undefined : t('header.userMenu')}
        >
          <Avatar size={28} icon={name ? undefined : <UserOutlined />} className="user-menu-trigger__avatar" aria-hidden>
            {name.slice(0, 1).toUpperCase() || undefined}
          </Avatar>
          {compact ? null : <span className="user-menu-trigger__name">{name}</span>}
        </button>
      </Dropdown>
      <OwnAccountModal open={ownOpen} onClose={() => setOwnOpen(false)} />
      <ContactsDialog open={contactsOpen} onClose={() => setContactsOpen(false)} />
    </>
  );
}
