import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Descriptions, Form, Input, Modal, type ButtonProps } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { STORE_NOTE_MAX, type StoreOrder } from '@agent-bo/shared';
import { isApiError } from '../../../lib/api-error';
import { useLocaleStore } from '../../../stores/locale-store';
import { storeApi, storeKeys } from '../api/store-api';
import { textIn } from '../../../lib/localized-text';
import { formatCount } from './counts';

export type OrderAction = 'ship' | 'cancel';

/**
 * The confirmation of shipping an order (with the shipping note the player is told) or of
 * cancelling it before shipping (the points go back to the player and the stock to the goods, in
 * one step). It sends the version it read: an order someone else shipped or cancelled meanwhile
 * is refused, said, and the list read again.
 */
export function OrderActionModal({ target, onClose }: { target: { order: StoreOrder; action: OrderAction } | null; onClose: () => void }) {
  const { t } = useTranslation('store');
  const locale = useLocaleStore((s) => s.locale);
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<{ note: string }>();
  const action = target?.action ?? 'ship';
  const run = useMutation({
    mutationFn: ({ order, note }: { order: StoreOrder; note: string }) =>
      (action === 'ship' ? storeApi.ship : storeApi.cancel)({ id: order.id, version: order.version, note }),
    onSettled: () => client.invalidateQueries({ queryKey: storeKeys.all }),
  });

  useEffect(() => {
    if (target) form.resetFields();
  }, [target, form]);

  const submit = async ({ note }: { note?: string }) => {
    if (!target) return;
    try {
      await run.mutateAsync({ order: target.order, note: note?.trim() ?? '' });
      void message.success(t(action === 'ship' ? 'order.shipped' : 'order.cancelled'));
      onClose();
    } catch (error) {
      if (!isApiError(error) || error.kind === 'cancelled' || error.kind === 'unauthorized') return;
      void message.error(error.message);
      onClose();
    }
  };

  const order = target?.order;
  return (
    <Modal
      open={target !== null}
      title={t(action === 'ship' ? 'order.shipTitle' : 'order.cancelTitle', { id: order?.id })}
      okText={t(action === 'ship' ? 'order.ship' : 'order.cancel')}
      okButtonProps={{ danger: action === 'cancel', loading: run.isPending, 'data-testid': 'order-action-ok' } as ButtonProps}
      cancelText={t('common:actions.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      data-testid="order-action-modal"
    >
      {order ? (
        <>
          <Descriptions size="small" column={1} bordered className="store-order-facts">
            <Descriptions.Item label={t('order.player')}>{order.accountNo}</Descriptions.Item>
            <Descriptions.Item label={t('order.goods')}>
              {textIn(order.goodsName, locale)} × {order.quantity}
            </Descriptions.Item>
            <Descriptions.Item label={t('order.points')}>{formatCount(order.points)}</Descriptions.Item>
          </Descriptions>
          {action === 'cancel' ? (
            <Alert
              type="warning"
              showIcon
              className="store-order-warning"
              title={t('order.cancelWarning', { n: formatCount(order.points), player: order.accountNo, q: order.quantity })}
            />
          ) : null}
        </>
      ) : null}
      <Form form={form} layout="vertical" onFinish={(v) => void submit(v)}>
        <Form.Item
          name="note"
          label={t(action === 'ship' ? 'order.shipNote' : 'order.cancelNote')}
          extra={action === 'ship' ? t('order.shipNoteHint') : undefined}
          rules={[{ max: STORE_NOTE_MAX, message: t('validation.tooLong', { n: STORE_NOTE_MAX }) }]}
        >
          <Input.TextArea rows={3} maxLength={STORE_NOTE_MAX} showCount data-testid="order-note" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
