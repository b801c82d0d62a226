import { CopyOutlined, DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCopy } from '../../../components/use-copy';
import { download } from '../../../lib/download';
import { useUserStore } from '../../../stores/user-store';

/**
 * The ten recovery codes, shown once after enrolment: copy, download as a text file, and "I saved
 * them", which is the only way on (the codes are never shown again).
 */
export function RecoveryCodes({ codes, onSaved, saving }: { codes: string[]; onSaved: () => void; saving: boolean }) {
  const { t } = useTranslation('twoFactor');
  const { copy, prompt } = useCopy();
  const accountNo = useUserStore((s) => s.userInfo?.accountNo ?? '');
  const text = codes.join('\n');

  return (
    <div data-testid="two-factor-recovery">
      <Alert type="warning" showIcon title={t('recovery.title')} description={t('recovery.hint')} style={{ marginBottom: 16 }} />
      <ol className="two-factor__codes" data-testid="two-factor-recovery-codes">
        {codes.map((code) => (
          <li key={code}>
            <Typography.Text code data-testid="two-factor-recovery-code">
              {code}
            </Typography.Text>
          </li>
        ))}
      </ol>
      <Space wrap>
        <Button icon={<CopyOutlined />} onClick={() => void copy(text)} data-testid="two-factor-recovery-copy">
          {t('recovery.copy')}
        </Button>
        <Button
          icon={<DownloadOutlined />}
          onClick={() => download(new Blob([`${text}\n`], { type: 'text/plain;charset=utf-8' }), `recovery-codes-${accountNo}.txt`)}
          data-testid="two-factor-recovery-download"
        >
          {t('recovery.download')}
        </Button>
        <Button type="primary" onClick={onSaved} loading={saving} data-testid="two-factor-saved">
          {t('recovery.saved')}
        </Button>
      </Space>
      {prompt}
    </div>
  );
}
