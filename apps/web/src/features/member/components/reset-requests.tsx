import { KeyOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Badge, Button, Descriptions, Drawer, Empty, Space, Tag, Typography, type ButtonProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResetRequest } from '@agent-bo/shared';
import { useIsMobile } from '../../../hooks/use-is-mobile';
import { memberApi, memberKeys } from '../api/member-api';
import './reset-requests.css';

/**
 * "Forgot password" requests for the upper agents (issue 33): accounts inside the caller's subtree
 * that asked for a new password at the sign-in page. A button with their count (shown only while
 * there are some) opens a drawer listing them; each is answered by the member screen's password
 * reset (`onReset`, whose hand-off shows the new password) or dismissed after a confirmation.
 * Both close the request on the server, and the list is read again.
 */
export function ResetRequests({ enabled, onReset }: { enabled: boolean; onReset: (request: ResetRequest) => void }) {
  const { t } = useTranslation('member');
  const { modal, message } = App.useApp();
  const isMobile = useIsMobile();
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const requests = useQuery({
    queryKey: memberKeys.resetRequests,
    queryFn: ({ signal }) => memberApi.resetRequests(signal),
    enabled,
  });
  const refresh = () => client.invalidateQueries({ queryKey: memberKeys.resetRequests });
  const dismiss = useMutation({ mutationFn: (id: number) => memberApi.dismissResetRequest(id), onSettled: refresh });

  const total = requests.data?.total ?? 0;
  const list = requests.data?.list ?? [];

  const confirmDismiss = (r: ResetRequest) => {
    void modal.confirm({
      title: t('resetRequests.dismissTitle', { accountNo: r.accountNo }),
      content: t('resetRequests.dismissHint'),
      okText: t('resetRequests.dismiss'),
      okButtonProps: { danger: true, 'data-testid': 'reset-request-dismiss-ok' } as ButtonProps,
      cancelText: t('common:actions.cancel'),
      onOk: async () => {
        try {
          await dismiss.mutateAsync(r.id);
          void message.success(t('resetRequests.dismissed', { accountNo: r.accountNo }));
        } catch {
          // the API client already showed the failure
        }
      },
    });
  };

  const label = t('resetRequests.button', { count: total });
  // The accessible name starts with the visible text (WCAG 2.5.3) and adds the count the badge shows.
  return (
    <>
      {enabled && total > 0 ? (
        <Badge count={total} overflowCount={99} size="small" className="member-head__requests" data-testid="reset-requests-count">
          <Button size="small" icon={<KeyOutlined />} onClick={() => setOpen(true)} aria-label={label} data-testid="reset-requests-open">
            {t('resetRequests.title')}
          </Button>
        </Badge>
      ) : null}
      <Drawer open={open} onClose={() => setOpen(false)} title={t('resetRequests.title')} size={isMobile ? '100%' : 520} destroyOnHidden>
        <div data-testid="reset-requests">
          <Typography.Paragraph type="secondary">{t('resetRequests.intro')}</Typography.Paragraph>
          {list.length === 0 ? (
            <Empty description={t('resetRequests.empty')} data-testid="reset-requests-empty" />
          ) : (
            <ul className="reset-requests">
              {list.map((r) => (
                <li key={r.id} className="reset-requests__item" data-testid={`reset-request-${r.accountNo}`}>
                  <div className="reset-requests__who">
                    <Typography.Text strong>{r.accountNo}</Typography.Text>
                    <Typography.Text type="secondary">{r.nickName}</Typography.Text>
                    {r.isShadow ? <Tag>{t('resetRequests.shadow')}</Tag> : null}
                  </div>
                  <Descriptions
                    size="small"
                    column={1}
                    className="reset-requests__facts"
                    // The values start on one line whatever the label's length.
                    styles={{ label: { minWidth: 128 } }}
                    items={[
                      { key: 'first', label: t('resetRequests.firstAsked'), children: r.createdAt },
                      ...(r.asks > 1 ? [{ key: 'last', label: t('resetRequests.lastAsked'), children: r.lastAskedAt }] : []),
                      { key: 'asks', label: t('resetRequests.asks'), children: r.asks },
                      { key: 'ip', label: t('resetRequests.ip'), children: r.ip ?? '—' },
                    ]}
                  />
                  <Space wrap>
                    <Button type="primary" onClick={() => onReset(r)} data-testid={`reset-request-reset-${r.accountNo}`}>
                      {t('actions.resetPassword')}
                    </Button>
                    <Button onClick={() => confirmDismiss(r)} data-testid={`reset-request-dismiss-${r.accountNo}`}>
                      {t('resetRequests.dismiss')}
                    </Button>
                  </Space>
                </li>
              ))}
            </ul>
          )}
        </div>
      </Drawer>
    </>
  );
}
