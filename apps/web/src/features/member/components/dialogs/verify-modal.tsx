import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Input, Modal, Space, Spin, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { memberApi, memberKeys } from '../../api/member-api';
import { usePlayerTerms } from '../../../../hooks/use-player-terms';
import type { Target } from './target';

/** Verification of a registered player: what it submitted, then approve or reject. */
export function VerifyModal({ target, onClose }: { target: Target | null; onClose: () => void }) {
  const { t } = useTranslation('member');
  const terms = usePlayerTerms();
  const queryClient = useQueryClient();
  const [memo, setMemo] = useState('');
  const verification = useQuery({
    queryKey: memberKeys.verification(target?.id ?? 0),
    queryFn: ({ signal }) => memberApi.verification(target!.id, signal),
    enabled: target !== null,
    gcTime: 0,
  });
  const verify = useMutation({
    mutationFn: (approve: boolean) => memberApi.verify({ id: target!.id, approve, memo: memo.trim() || undefined }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: memberKeys.all });
      close();
    },
  });
  function close() {
    setMemo('');
    verify.reset();
    onClose();
  }
  const v = verification.data;
  const pending = v?.status === 'PENDING';
  return (
    <Modal
      open={target !== null}
      title={t('verify.title', { ...terms, accountNo: target?.accountNo ?? '' })}
      onCancel={close}
      destroyOnHidden
      footer={
        <Space wrap>
          <Button onClick={close}>{t('common:actions.cancel')}</Button>
          <Button
            danger
            disabled={!pending}
            loading={verify.isPending && verify.variables === false}
            onClick={() => verify.mutate(false)}
            data-testid="verify-reject"
          >
            {t('verify.reject')}
          </Button>
          <Button
            type="primary"
            disabled={!pending}
            loading={verify.isPending && verify.variables === true}
            onClick={() => verify.mutate(true)}
            data-testid="verify-approve"
          >
            {t('verify.approve')}
          </Button>
        </Space>
      }
    >
      <div data-testid="verify-dialog">
        <Spin spinning={verification.isFetching}>
          {v ? (
            <Descriptions column={1} size="small" bordered styles={{ label: { width: 130 } }}>
              <Descriptions.Item label={t('verify.status')}>
                <Tag color={pending ? 'processing' : v.status === 'VERIFIED' ? 'success' : 'default'}>{t(`verifyStatus.${v.status}`)}</Tag>
              </Descriptions.Item>
              <Descriptions.Item label={t('verify.realName')}>
                <span data-testid="verify-realname">{v.realName ?? '—'}</span>
              </Descriptions.Item>
              <Descriptions.Item label={t('verify.phone')}>{v.phone ?? '—'}</Descriptions.Item>
              <Descriptions.Item label={t('verify.submittedAt')}>{v.submittedAt ?? '—'}</Descriptions.Item>
            </Descriptions>
          ) : verification.isError ? (
            <Alert type="error" showIcon title={verification.error.message} />
          ) : (
            <div style={{ minHeight: 120 }} />
          )}
        </Spin>
        {v && !pending ? <Alert style={{ marginTop: 12 }} type="info" showIcon title={t('verify.notPending')} /> : null}
        {pending ? (
          <Input.TextArea
            style={{ marginTop: 12 }}
            value={memo}
            onChange={(e) => setMemo(e.target.value)}
            maxLength={200}
            placeholder={t('verify.memo')}
            autoSize={{ minRows: 2, maxRows: 4 }}
            data-testid="verify-memo"
          />
        ) : null}
      </div>
    </Modal>
  );
}
