import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Form, Input, Modal, Result, Space, Steps, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { creditRequestSchema, type CreditResult } from '@agent-bo/shared';
import { isApiError } from '../../../lib/api-error';
import { formatMoney } from '../../../lib/money';
import { zodRule } from '../../../lib/zod-rule';
import { memberApi, memberKeys } from '../api/member-api';
import { createKeyKeeper, creditPreview, isDefinitiveRefusal, parseAmount, type CreditOp, type Party } from '../credit';
import { usePlayerTerms } from '../../../hooks/use-player-terms';
import { type BalanceLine, BalanceTable } from './credit-balance-table';

export interface CreditTarget {
  kind: 'agent' | 'player';
  op: CreditOp;
  id: number;
  accountNo: string;
  nickName: string;
  /** The child's balance as its row shows it. */
  balance: string;
}

type Step = 'form' | 'confirm' | 'done';

interface Fields {
  amount: string;
  memo?: string;
}

/**
 * Recharge, withdraw or relief with a direct child: amount (two decimals, the shared schema),
 * both balances before and after, an optional memo, a confirmation step, then the server's
 * answer. One idempotency key per opening, reused when the same submission is retried.
 */
export function CreditDialog({
  target,
  caller,
  onClose,
  onDone,
}: {
  target: CreditTarget;
  caller: (Party & { isHouse: boolean }) | null;
  onClose: () => void;
  /** Called after a move succeeded or was refused, so the tables refresh. */
  onDone: () => void;
}) {
  const { t } = useTranslation('member');
  const terms = usePlayerTerms();
  const [step, setStep] = useState<Step>('form');
  const [form] = Form.useForm<Fields>();
  // The amount as typed, for the balances' preview at each keystroke (the form holds the field).
  const [typed, setTyped] = useState('');
  // The memo the amount step submitted: the confirmation shows it, the request sends it.
  const [memo, setMemo] = useState('');
  const [error, setError] = useState<string | null>(null);
  const keeper = useMemo(() => createKeyKeeper(), []);
  const rule = useQuery({
    queryKey: memberKeys.reliefRule,
    queryFn: ({ signal }) => memberApi.reliefRule(signal),
    enabled: target.op === 'poor',
    staleTime: 60_000,
  });

  const parsed = parseAmount(typed);
  const child: Party = { accountNo: target.accountNo, balance: target.balance };
  const preview = caller ? creditPreview(target.op, caller, child, parsed.ok ? parsed.minor : 0n) : null;
  const payerRole = target.op === 'withdraw' ? t('credit.roles.child') : t('credit.roles.you');
  const payeeRole = target.op === 'withdraw' ? t('credit.roles.you') : t('credit.roles.child');

  const submit = useMutation({
    mutationFn: () => {
      if (!parsed.ok) throw new Error('amount');
      const note = memo.trim();
      const key = keeper.keyFor(`${parsed.text}|${note}`);
      return memberApi.credit(target.kind, target.op, { id: target.id, amount: parsed.text, ...(note ? { memo: note } : {}) }, key);
    },
    onSuccess: () => {
      setError(null);
      setStep('done');
      onDone();
    },
    onError: (e) => {
      if (isApiError(e) && e.kind === 'unauthorized') return;
      // The server answered: that key is spent on its outcome. A lost answer keeps the key.
      const definitive = isDefinitiveRefusal(e);
      if (definitive) keeper.forget();
      setError(isApiError(e) ? e.message : t('credit.failed'));
      // Balances may have moved meanwhile: refresh what the tables show.
      if (definitive) onDone();
    },
  });

  const amountRules = [
    { required: true, whitespace: true, message: t('validation:amount.required') },
    zodRule(creditRequestSchema.shape.amount, t, 'validation:amount.required'),
  ];

  /** The amount passed its rules: stop an overdraft here, else go to the confirmation. */
  function next(values: Fields) {
    setMemo(values.memo ?? '');
    if (preview?.overdraws) {
      setError(t('errors:INSUFFICIENT_BALANCE'));
      return;
    }
    setError(null);
    setStep('confirm');
  }

  const result: CreditResult | undefined = submit.data;
  const lines: BalanceLine[] = result
    ? [
        {
          key: 'from',
          role: payerRole,
          accountNo: result.from.accountNo,
          before: result.from.balanceBefore,
          after: result.from.balanceAfter,
        },
        { key: 'to', role: payeeRole, accountNo: result.to.accountNo, before: result.to.balanceBefore, after: result.to.balanceAfter },
      ]
    : preview
      ? [
          {
            key: 'from',
            role: payerRole,
            accountNo: preview.from.accountNo,
            before: preview.from.before,
            after: parsed.ok ? preview.from.after : null,
          },
          {
            key: 'to',
            role: payeeRole,
            accountNo: preview.to.accountNo,
            before: preview.to.before,
            after: parsed.ok ? preview.to.after : null,
          },
        ]
      : [];

  const opLabel = t(`credit.ops.${target.op}`, terms);
  const footer =
    step === 'form' ? (
      <Space>
        <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
        <Button type="primary" onClick={() => form.submit()} disabled={!caller} data-testid="credit-next">
          {t('credit.next')}
        </Button>
      </Space>
    ) : step === 'confirm' ? (
      <Space>
        <Button onClick={() => setStep('form')} disabled={submit.isPending} data-testid="credit-back">
          {t('credit.back')}
        </Button>
        <Button
          type="primary"
          danger={target.op === 'withdraw'}
          loading={submit.isPending}
          onClick={() => submit.mutate()}
          data-testid="credit-confirm"
        >
          {t('credit.confirm', { op: opLabel })}
        </Button>
      </Space>
    ) : (
      <Button type="primary" onClick={onClose} data-testid="credit-close">
        {t('credit.close')}
      </Button>
    );

  return (
    <Modal
      open
      title={t('credit.title', { op: opLabel, accountNo: target.accountNo })}
      onCancel={submit.isPending ? undefined : onClose}
      footer={footer}
      destroyOnHidden
      maskClosable={false}
      width={560}
    >
      <div data-testid="credit-dialog" data-op={target.op} data-step={step}>
        <Steps
          size="small"
          current={step === 'form' ? 0 : step === 'confirm' ? 1 : 2}
          items={[{ title: t('credit.steps.amount') }, { title: t('credit.steps.confirm') }, { title: t('credit.steps.done') }]}
          className="credit-steps"
          responsive={false}
          orientation="horizontal"
        />
        {step === 'done' && result ? (
          <Result
            status="success"
            className="credit-result"
            title={t('credit.success', { op: opLabel, amount: formatMoney(result.amount) })}
            subTitle={result.replayed ? t('credit.replayed') : t('credit.transaction', { id: result.transactionId, at: result.createdAt })}
            data-testid="credit-success"
          />
        ) : null}
        {step !== 'done' ? (
          <Descriptions size="small" column={1} className="credit-summary">
            <Descriptions.Item label={t('credit.target')}>
              <Typography.Text strong>{target.accountNo}</Typography.Text>
              {` · ${target.nickName}`}
            </Descriptions.Item>
            {step === 'confirm' && parsed.ok ? (
              <Descriptions.Item label={t('credit.amount')}>
                <Typography.Text strong className="member-money" data-testid="credit-confirm-amount">
                  {formatMoney(parsed.text)}
                </Typography.Text>
              </Descriptions.Item>
            ) : null}
            {step === 'confirm' && memo.trim() ? <Descriptions.Item label={t('credit.memoShort')}>{memo.trim()}</Descriptions.Item> : null}
          </Descriptions>
        ) : null}
        {target.op === 'poor' && step === 'form' ? (
          rule.data ? (
            <Alert
              type="info"
              showIcon
              className="credit-rule"
              data-testid="credit-relief-rule"
              title={t('credit.reliefRule', {
                threshold: formatMoney(rule.data.threshold),
                max: formatMoney(rule.data.maxAmount),
                count: rule.data.dailyCount,
              })}
            />
          ) : rule.isError ? (
            <Alert type="warning" showIcon className="credit-rule" title={t('credit.reliefRuleUnknown')} />
          ) : null
        ) : null}
        {step === 'form' ? (
          <Form<Fields>
            form={form}
            layout="vertical"
            onFinish={next}
            onValuesChange={(changed: Partial<Fields>) => {
              if (!('amount' in changed)) return;
              // A changed amount is checked again on the next step: its message goes until then.
              setTyped(changed.amount ?? '');
              form.setFields([{ name: 'amount', errors: [] }]);
              setError(null);
            }}
            className="credit-form"
          >
            <Form.Item noStyle shouldUpdate>
              {() => (
                <Form.Item
                  name="amount"
                  label={t('credit.amount')}
                  required
                  rules={amountRules}
                  validateFirst
                  validateTrigger={[]}
                  help={form.getFieldError('amount').length ? undefined : t('credit.amountHint')}
                >
                  <Input autoFocus inputMode="decimal" maxLength={16} placeholder="0.00" data-testid="credit-amount" />
                </Form.Item>
              )}
            </Form.Item>
            <Form.Item name="memo" label={t('credit.memo')}>
              <Input.TextArea maxLength={200} autoSize={{ minRows: 1, maxRows: 3 }} data-testid="credit-memo" />
            </Form.Item>
            <button type="submit" hidden />
          </Form>
        ) : null}
        {caller ? <BalanceTable lines={lines} /> : <Alert type="warning" showIcon title={t('credit.ownBalanceUnknown')} />}
        {step === 'confirm' ? <Typography.Paragraph className="credit-note">{t('credit.confirmNote')}</Typography.Paragraph> : null}
        {error ? <Alert type="error" showIcon className="credit-error" title={error} data-testid="credit-error" /> : null}
      </div>
    </Modal>
  );
}
