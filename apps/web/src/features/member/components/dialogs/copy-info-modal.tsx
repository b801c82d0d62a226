import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Modal, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CopyInfo } from '@agent-bo/shared';
import { memberApi, type AccountKind } from '../../api/member-api';
import { CopyInfoView } from '../copy-info';
import type { Target } from './target';

/** Copy info of an existing account; when the one-time password is gone, offers a reset (writers only). */
export function CopyInfoModal({
  target,
  kind,
  canReset,
  onClose,
}: {
  target: Target | null;
  kind: AccountKind;
  canReset: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('member');
  const [fresh, setFresh] = useState<CopyInfo | null>(null);
  const info = useQuery({
    queryKey: ['member', 'copyInfo', kind, target?.id],
    queryFn: () => memberApi.copyInfo(kind, target!.id),
    enabled: target !== null,
    gcTime: 0,
    staleTime: 0,
  });
  const reset = useMutation({ mutationFn: () => memberApi.resetPassword(kind, target!.id), onSuccess: setFresh });
  const shown = fresh ?? info.data;
  return (
    <Modal
      open={target !== null}
      title={t('copy.title', { accountNo: target?.accountNo ?? '' })}
      onCancel={() => {
        setFresh(null);
        onClose();
      }}
      footer={null}
      destroyOnHidden
    >
      <Spin spinning={info.isFetching || reset.isPending}>
        {shown ? (
          <CopyInfoView info={shown} onResetPassword={canReset ? () => reset.mutate() : undefined} resetting={reset.isPending} />
        ) : info.isError ? (
          <Alert type="error" showIcon title={info.error.message} />
        ) : (
          <div style={{ minHeight: 120 }} />
        )}
      </Spin>
    </Modal>
  );
}
