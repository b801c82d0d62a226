import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Form, Input, Modal, Result, Select, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ERRORS,
  toMinorUnits,
  transferBackRequestSchema,
  type ProviderPosition,
  type ProviderPositions,
  type TransferBackRequest,
  type TransferBackResult,
} from '@agent-bo/shared';
import { api } from '../../../lib/api';
import { isApiError } from '../../../lib/api-error';
import { formatMoney } from '../../../lib/money';
import { zodRule } from '../../../lib/zod-rule';
import { createKeyKeeper, isDefinitiveRefusal, parseAmount } from '../credit';

export interface PullBackTarget {
  id: number;
  accountNo: string;
  nickName: string;
}

interface Fields {
  providerCode?: string;
  amount: string;
  memo?: string;
}

const positionsKey = (id: number) => ['member', 'provider-positions', id] as const;

/** Pull-backs of the position still awaiting the provider's confirmation, when there are any. */
const pendingOf = (p: ProviderPosition | undefined): string | undefined => (p?.pending && p.pending !== '0.00' ? p.pending : undefined);

/** The two calls of this dialog (server: modules/wallet). */
export const pullBackApi = {
  positions: (id: number, signal?: AbortSignal) =>
    api.get<ProviderPositions>('/manage/player/provider_positions', { params: { id }, signal, errorMessageMode: 'none' }),
  transferBack: (body: Omit<TransferBackRequest, 'idempotencyKey'>, idempotencyKey: string) =>
    api.post<TransferBackResult>('/manage/player/transfer_back', body, {
      errorMessageMode: 'none',
      headers: { 'Idempotency-Key': idempotencyKey },
    }),
};

/**
 * OPERATION_TRANSFER: pull a player's credit back from a provider into its main balance, at most
 * its outstanding position there (the server enforces the cap again under the row lock). One
 * idempotency key per opening, kept while the same submission is retried, as the credit dialog.
 *
 * A pull-back completes only when the provider confirms it. Until then the server answers
 * PULL_BACK_PENDING (nothing credited, the amount reserved): the dialog says so as a warning, keeps
 * the key, and sending the same amount and memo again resends that same request. What is reserved
 * by pull-backs awaiting the provider is shown next to each position.
 */
export function PullBackDialog({ target, onClose, onDone }: { target: PullBackTarget; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation('member');
  const [form] = Form.useForm<Fields>();
  const provider = Form.useWatch('providerCode', form);
  const [error, setError] = useState<string | null>(null);
  /** The last answer was PULL_BACK_PENDING: the provider has not confirmed yet. */
  const [awaiting, setAwaiting] = useState(false);
  const keeper = useMemo(() => createKeyKeeper(), []);
  const positions = useQuery({
    queryKey: positionsKey(target.id),
    queryFn: ({ signal }) => pullBackApi.positions(target.id, signal),
    staleTime: 0,
  });
  const rows = positions.data?.positions ?? [];
  const withCredit = rows.filter((p) => p.position !== '0.00');
  // Until one is picked, the provider holding the most is the chosen one (the server lists the
  // largest first).
  const positionOf = (code: string | undefined) => rows.find((p) => p.providerCode === (code ?? withCredit[0]?.providerCode));
  const selected = positionOf(provider);
  const selectedPending = pendingOf(selected);

  const submit = useMutation({
    mutationFn: ({ providerCode, amount, memo }: { providerCode: string; amount: string; memo: string }) => {
      const note = memo.trim();
      const key = keeper.keyFor(`${providerCode}|${amount}|${note}`);
      return pullBackApi.transferBack({ id: target.id, providerCode, amount, ...(note ? { memo: note } : {}) }, key);
    },
    onSuccess: () => {
      setError(null);
      setAwaiting(false);
      onDone();
    },
    onError: (e) => {
      if (isApiError(e) && e.kind === 'unauthorized') return;
      if (isApiError(e) && e.code === ERRORS.PULL_BACK_PENDING.code) {
        // Not an outcome: the pull-back is reserved and waits for the provider. The key is kept, so
        // the same submission resends this request; the positions now show what is reserved.
        setError(null);
        setAwaiting(true);
        void positions.refetch();
        return;
      }
      setAwaiting(false);
      // A refusal spends the key on that outcome; a lost answer or a 5xx keeps it for the replay.
      if (isDefinitiveRefusal(e)) {
        keeper.forget();
        void positions.refetch();
      }
      setError(isApiError(e) ? e.message : t('pullBack.failed'));
    },
  });

  const amountRules = [
    { required: true, whitespace: true, message: t('validation:amount.required') },
    zodRule(transferBackRequestSchema.shape.amount, t, 'validation:amount.required'),
    {
      // At most what the player has outstanding at the chosen provider.
      validator: async (_r: unknown, value: string) => {
        const position = positionOf(form.getFieldValue('providerCode') as string | undefined);
        const parsed = parseAmount(value);
        if (position && parsed.ok && parsed.minor > toMinorUnits(position.position)) throw new Error(t('errors:TRANSFER_ABOVE_POSITION'));
      },
    },
  ];

  /** The amount passed its rules: send it. */
  function confirm(values: Fields) {
    const position = positionOf(values.providerCode);
    const parsed = parseAmount(values.amount);
    if (!position || !parsed.ok) return;
    setError(null);
    setAwaiting(false);
    submit.mutate({ providerCode: position.providerCode, amount: parsed.text, memo: values.memo ?? '' });
  }

  const result = submit.data;
  const footer = result ? (
    <Button type="primary" onClick={onClose} data-testid="pull-back-close">
      {t('pullBack.close')}
    </Button>
  ) : (
    <Space>
      <Button onClick={onClose} disabled={submit.isPending}>
        {t('common:actions.cancel')}
      </Button>
      <Button
        type="primary"
        onClick={() => form.submit()}
        loading={submit.isPending}
        disabled={!selected || selected.position === '0.00'}
        data-testid="pull-back-confirm"
      >
        {t('pullBack.confirm')}
      </Button>
    </Space>
  );

  return (
    <Modal
      open
      title={t('pullBack.title', { accountNo: target.accountNo })}
      onCancel={submit.isPending ? undefined : onClose}
      footer={footer}
      destroyOnHidden
      maskClosable={false}
      width={520}
    >
      <div data-testid="pull-back-dialog" data-step={result ? 'done' : 'form'}>
        {result ? (
          <Result
            status="success"
            title={t('pullBack.success', { amount: formatMoney(result.amount), provider: result.providerCode })}
            subTitle={
              result.replayed
                ? t('pullBack.replayed')
                : t('pullBack.after', { balance: formatMoney(result.player.balanceAfter), position: formatMoney(result.positionAfter) })
            }
            data-testid="pull-back-success"
          />
        ) : (
          <>
            <Typography.Paragraph type="secondary">{t('pullBack.intro')}</Typography.Paragraph>
            <Descriptions size="small" column={1} style={{ marginBottom: 12 }}>
              <Descriptions.Item label={t('pullBack.player')}>
                <Typography.Text strong>{target.accountNo}</Typography.Text>
                {` · ${target.nickName}`}
              </Descriptions.Item>
              {positions.data ? (
                <Descriptions.Item label={t('pullBack.balance')}>
                  <span className="member-money" data-testid="pull-back-balance">
                    {formatMoney(positions.data.balance)}
                  </span>
                </Descriptions.Item>
              ) : null}
            </Descriptions>
            {positions.isError ? <Alert type="error" showIcon title={t('pullBack.loadFailed')} /> : null}
            {positions.data && !withCredit.length ? (
              <Alert type="info" showIcon title={t('pullBack.nothing')} data-testid="pull-back-nothing" />
            ) : null}
            <Form<Fields>
              form={form}
              layout="vertical"
              onFinish={confirm}
              onValuesChange={(changed: Partial<Fields>) => {
                if (!('amount' in changed) && !('providerCode' in changed)) return;
                // A changed amount or provider is checked again on confirming: its message goes until then.
                form.setFields([{ name: 'amount', errors: [] }]);
                setError(null);
                setAwaiting(false);
              }}
            >
              <Form.Item
                name="providerCode"
                label={t('pullBack.provider')}
                required
                getValueProps={(v: string | undefined) => ({ value: v ?? withCredit[0]?.providerCode })}
              >
                <Select
                  loading={positions.isLoading}
                  options={rows.map((p) => ({
                    value: p.providerCode,
                    label: [
                      `${p.providerName} (${p.providerCode})`,
                      t('pullBack.outstanding', { amount: formatMoney(p.position) }),
                      ...[pendingOf(p)].filter((v) => v !== undefined).map((v) => t('pullBack.pending', { amount: formatMoney(v) })),
                    ].join(' · '),
                    disabled: p.position === '0.00',
                  }))}
                  data-testid="pull-back-provider"
                />
              </Form.Item>
              {selected ? (
                <Typography.Paragraph data-testid="pull-back-position" data-value={selected.position}>
                  {t('pullBack.position', { provider: selected.providerName })}{' '}
                  <Typography.Text strong className="member-money">
                    {formatMoney(selected.position)}
                  </Typography.Text>
                  {selectedPending ? (
                    <>
                      {' '}
                      <Typography.Text type="warning" data-testid="pull-back-pending" data-value={selectedPending}>
                        ({t('pullBack.pending', { amount: formatMoney(selectedPending) })})
                      </Typography.Text>
                    </>
                  ) : null}
                </Typography.Paragraph>
              ) : null}
              <Form.Item noStyle shouldUpdate>
                {() => (
                  <Form.Item
                    label={t('pullBack.amount')}
                    required
                    help={form.getFieldError('amount').length ? undefined : t('pullBack.amountHint')}
                  >
                    <Space.Compact style={{ width: '100%' }}>
                      <Form.Item name="amount" noStyle rules={amountRules} validateFirst validateTrigger={[]}>
                        <Input inputMode="decimal" maxLength={16} placeholder="0.00" data-testid="pull-back-amount" />
                      </Form.Item>
                      <Button
                        onClick={() => selected && form.setFieldValue('amount', selected.position)}
                        disabled={!selected || selected.position === '0.00'}
                        data-testid="pull-back-all"
                      >
                        {t('pullBack.all')}
                      </Button>
                    </Space.Compact>
                  </Form.Item>
                )}
              </Form.Item>
              <Form.Item name="memo" label={t('pullBack.memo')}>
                <Input.TextArea maxLength={200} autoSize={{ minRows: 1, maxRows: 3 }} data-testid="pull-back-memo" />
              </Form.Item>
              <button type="submit" hidden />
            </Form>
          </>
        )}
        {awaiting && !result ? (
          <Alert
            type="warning"
            showIcon
            title={t('pullBack.pendingTitle')}
            description={t('pullBack.pendingWarning')}
            data-testid="pull-back-awaiting"
          />
        ) : null}
        {error ? <Alert type="error" showIcon title={error} data-testid="pull-back-error" /> : null}
      </div>
    </Modal>
  );
}
