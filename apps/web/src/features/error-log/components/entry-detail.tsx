import { Descriptions, Drawer, theme } from 'antd';
import type { ClientErrorEntry, ClientErrorRow } from '@agent-bo/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../../../hooks/use-is-mobile';
import { ErrorTypeTag } from './type-tag';
import './error-log.css';

type Shown = ClientErrorEntry & Partial<Pick<ClientErrorRow, 'accountNo' | 'userAgent' | 'ip' | 'createdAt'>>;

/** Every field of one entry, the stack and detail in full. */
export function EntryDetail({ entry, onClose }: { entry: Shown | null; onClose: () => void }) {
  const { t } = useTranslation('errorLog');
  const { token } = theme.useToken();
  const isMobile = useIsMobile();
  const pre = (text: string): ReactNode =>
    text ? (
      <pre className="error-log__pre" style={{ background: token.colorFillTertiary }}>
        {text}
      </pre>
    ) : (
      '-'
    );
  const items = entry
    ? [
        { key: 'type', label: t('fields.type'), children: <ErrorTypeTag type={entry.type} /> },
        { key: 'name', label: t('fields.name'), children: entry.name || '-' },
        { key: 'message', label: t('fields.message'), children: entry.message || '-' },
        { key: 'file', label: t('fields.file'), children: <span className="error-log__break">{entry.file || '-'}</span> },
        { key: 'url', label: t('fields.url'), children: <span className="error-log__break">{entry.url || '-'}</span> },
        { key: 'time', label: t('fields.time'), children: entry.time },
        ...(entry.createdAt !== undefined
          ? [
              { key: 'createdAt', label: t('fields.createdAt'), children: entry.createdAt },
              { key: 'accountNo', label: t('fields.accountNo'), children: entry.accountNo ?? '-' },
              { key: 'ip', label: t('fields.ip'), children: entry.ip ?? '-' },
              {
                key: 'userAgent',
                label: t('fields.userAgent'),
                children: <span className="error-log__break">{entry.userAgent ?? '-'}</span>,
              },
            ]
          : []),
        { key: 'stack', label: t('fields.stack'), children: pre(entry.stack) },
        { key: 'detail', label: t('fields.detail'), children: pre(entry.detail) },
      ]
    : [];
  return (
    <Drawer open={!!entry} onClose={onClose} title={t('detailTitle')} size={isMobile ? '100%' : 720} destroyOnHidden>
      <div data-testid="error-log-detail">
        <Descriptions column={1} bordered size="small" items={items} />
      </div>
    </Drawer>
  );
}
