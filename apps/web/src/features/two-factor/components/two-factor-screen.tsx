import { SafetyCertificateOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Descriptions, Skeleton, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { SecondFactorStart } from '@agent-bo/shared';
import { fetchUserInfo } from '../../../lib/auth-api';
import { homePath } from '../../../stores/session';
import { useUserStore } from '../../../stores/user-store';
import { twoFactorApi, twoFactorKeys } from '../api/two-factor-api';
import { DisableForm } from './disable-form';
import { EnrolForm } from './enrol-form';
import { RecoveryCodes } from './recovery-codes';
import './two-factor.css';

/**
 * Two-step verification of the caller's own account (issue 33): whether it is on, setting it up
 * (QR code, first code, the recovery codes once) and turning it off with a fresh code. A session
 * whose site or role requires it is sent here until it is on; saving the recovery codes ends that.
 */
export function TwoFactorScreen() {
  const { t } = useTranslation('twoFactor');
  const { message } = App.useApp();
  const client = useQueryClient();
  const navigate = useNavigate();
  const mustEnrol = useUserStore((s) => s.userInfo?.sessionStep === 'ENROL_SECOND_FACTOR');
  const status = useQuery({ queryKey: twoFactorKeys.status, queryFn: ({ signal }) => twoFactorApi.status(signal) });
  const [started, setStarted] = useState<SecondFactorStart | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);

  const start = useMutation({ mutationFn: twoFactorApi.start, onSuccess: setStarted });
  // The codes were saved: the session's step (if any) is over on the server; take the new state in.
  const saved = useMutation({
    mutationFn: async () => {
      const wasSent = useUserStore.getState().userInfo?.sessionStep === 'ENROL_SECOND_FACTOR';
      const info = await fetchUserInfo();
      useUserStore.getState().setUserInfo(info);
      await client.invalidateQueries({ queryKey: twoFactorKeys.status });
      return wasSent;
    },
    onSuccess: (wasSent) => {
      setCodes(null);
      setStarted(null);
      void message.success(t('enabled'));
      // Sent here by the sign-in: on to where the person was going.
      if (wasSent) void navigate(homePath(), { replace: true });
    },
  });
  const disabled = async () => {
    const info = await fetchUserInfo();
    useUserStore.getState().setUserInfo(info);
    await client.invalidateQueries({ queryKey: twoFactorKeys.status });
    void message.success(t('disabled'));
  };

  const body = () => {
    if (codes) return <RecoveryCodes codes={codes} onSaved={() => saved.mutate()} saving={saved.isPending} />;
    if (started) return <EnrolForm started={started} onConfirmed={setCodes} />;
    if (!status.data) return <Skeleton active />;
    if (status.data.enrolled) {
      return (
        <>
          <Descriptions column={1} size="small" className="two-factor__status" data-testid="two-factor-status">
            <Descriptions.Item label={t('status.label')}>
              <Tag color="success" data-testid="two-factor-on">
                {t('status.on')}
              </Tag>
            </Descriptions.Item>
            <Descriptions.Item label={t('status.recoveryLeft')}>
              <span data-testid="two-factor-recovery-left">{status.data.recoveryCodesLeft}</span>
            </Descriptions.Item>
          </Descriptions>
          {status.data.recoveryCodesLeft <= 3 ? (
            <Alert type="warning" showIcon title={t('status.fewLeft')} style={{ marginBottom: 16 }} />
          ) : null}
          <DisableForm required={status.data.required} onDisabled={() => void disabled()} />
        </>
      );
    }
    return (
      <>
        <Typography.Paragraph>{t('intro')}</Typography.Paragraph>
        <Button type="primary" onClick={() => start.mutate()} loading={start.isPending} data-testid="two-factor-start">
          {t('start')}
        </Button>
      </>
    );
  };

  return (
    <div className="page two-factor" data-testid="two-factor-page">
      <Card
        variant="borderless"
        title={
          <span>
            <SafetyCertificateOutlined /> {t('title')}
          </span>
        }
      >
        {mustEnrol ? (
          <Alert type="info" showIcon title={t('required')} style={{ marginBottom: 16 }} data-testid="two-factor-required" />
        ) : null}
        {body()}
      </Card>
    </div>
  );
}
