import type { ButtonProps } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Modal, Select, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { memberApi, memberKeys } from '../../api/member-api';
import type { Target } from './target';

/** Move an account under another agent of its allowed upper chain (MOVE_USER). */
export function MoveModal({ target, currentParentId, onClose }: { target: Target | null; currentParentId: number; onClose: () => void }) {
  const { t } = useTranslation('member');
  const queryClient = useQueryClient();
  const [parentId, setParentId] = useState<number | null>(null);
  const upper = useQuery({
    queryKey: ['member', 'moveTargets', target?.id],
    queryFn: ({ signal }) => memberApi.upperAgents(target!.id, signal),
    enabled: target !== null,
    gcTime: 0,
  });
  const move = useMutation({
    mutationFn: () => memberApi.move({ id: target!.id, newParentId: parentId! }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: memberKeys.all });
      close();
    },
  });
  function close() {
    setParentId(null);
    move.reset();
    onClose();
  }
  const options = (upper.data ?? []).filter((a) => a.id !== currentParentId);
  return (
    <Modal
      open={target !== null}
      title={t('move.title', { accountNo: target?.accountNo ?? '' })}
      onCancel={close}
      onOk={() => move.mutate()}
      okText={t('move.confirm')}
      okButtonProps={{ disabled: parentId === null, loading: move.isPending, 'data-testid': 'move-confirm' } as ButtonProps}
      destroyOnHidden
    >
      <div data-testid="move-dialog">
        <Typography.Paragraph type="secondary">{t('move.hint')}</Typography.Paragraph>
        <Select<number>
          style={{ width: '100%' }}
          loading={upper.isFetching}
          value={parentId ?? undefined}
          onChange={setParentId}
          placeholder={t('move.placeholder')}
          notFoundContent={upper.isFetching ? <Spin size="small" /> : t('move.noTargets')}
          options={options.map((a) => ({ value: a.id, label: `${a.accountNo} · ${a.nickName}` }))}
          data-testid="move-select"
        />
      </div>
    </Modal>
  );
}
