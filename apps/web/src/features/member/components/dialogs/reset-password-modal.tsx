import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Modal, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { memberApi, memberKeys, type AccountKind } from '../../api/member-api';
import { CopyInfoView } from '../copy-info';
import type { Target } from './target';

/**
 * Password reset: confirmation, then the new copy info (the one-time hand-off). A reset also
 * answers the account's "forgot password" request, so the open requests are read again.
 */
export function ResetPasswordModal({ target, kind, onClose }: { target: Target | null; kind: AccountKind; onClose: () => void }) {
  const { t } = useTranslation('member');
  const queryClient = useQueryClient();
  const reset = useMutation({
    mutationFn: () => memberApi.resetPassword(kind, target!.id),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: memberKeys.resetRequests }),
  });
  const close = () => {
    reset.reset();
    onClose();
  };
  return (
    <Modal
      open={target !== null}
      title={t('reset.title', { accountNo: target?.accountNo ?? '' })}
      onCancel={close}
      destroyOnHidden
      footer={
        reset.data ? (
          <Button type="primary" onClick={close}>
            {t('wizard.done')}
          </Button>
        ) : (
          <Space>
            <Button onClick={close}>{t('common:actions.cancel')}</Button>
            <Button type="primary" danger loading={reset.isPending} onClick={() => reset.mutate()} data-testid="reset-confirm">
              {t('actions.resetPassword')}
            </Button>
          </Space>
        )
      }
    >
      {reset.data ? <CopyInfoView info={reset.data} /> : <Typography.Paragraph>{t('reset.confirm')}</Typography.Paragraph>}
    </Modal>
  );
}
