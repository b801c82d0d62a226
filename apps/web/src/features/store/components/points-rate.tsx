import { EditOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, InputNumber, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { POINTS_RATE_MAX } from '@agent-bo/shared';
import { isApiError } from '../../../lib/api-error';
import { isStale, storeApi, storeKeys } from '../api/store-api';
import { formatCount } from './counts';

/**
 * The site's points rate: how many points 100.00 of valid bet earns. Shown above the goods (and
 * on the points detail); a STORE_GOODS_WRITE holder changes it in place. The save carries the
 * version read; if someone changed the rate in between, the current one is read again and the
 * change is not made. Bets settled from the save on earn at the new rate; earned points stay.
 */
export function PointsRate({ canWrite }: { canWrite: boolean }) {
  const { t } = useTranslation('store');
  const { message } = App.useApp();
  const client = useQueryClient();
  const settings = useQuery({ queryKey: storeKeys.settings, queryFn: ({ signal }) => storeApi.settings(signal) });
  const [draft, setDraft] = useState<number | null>(null);
  const save = useMutation({
    mutationFn: (pointsPer100: number) => storeApi.saveSettings({ pointsPer100, version: settings.data!.version }),
    onSuccess: (saved) => {
      client.setQueryData(storeKeys.settings, saved);
      setDraft(null);
      void message.success(t('common:edit.saved'));
    },
    onError: (error) => {
      if (!isApiError(error) || error.kind === 'cancelled' || error.kind === 'unauthorized') return;
      void message.error(error.message);
      if (isStale(error)) {
        setDraft(null);
        void settings.refetch();
      }
    },
  });

  if (!settings.data) return null;
  const rate = settings.data.pointsPer100;
  return (
    <Alert
      type="info"
      className="store-rate"
      data-testid="points-rate"
      title={
        draft === null ? (
          <Space wrap>
            <span data-testid="points-rate-text">{t('rate.text', { points: formatCount(rate) })}</span>
            {canWrite ? (
              <Button size="small" type="link" icon={<EditOutlined />} onClick={() => setDraft(rate)} data-testid="points-rate-edit">
                {t('rate.change')}
              </Button>
            ) : null}
          </Space>
        ) : (
          <Space wrap>
            <span>{t('rate.label')}</span>
            <InputNumber<number>
              min={0}
              max={POINTS_RATE_MAX}
              precision={0}
              value={draft}
              onChange={(v) => setDraft(v ?? 0)}
              aria-label={t('rate.label')}
              data-testid="points-rate-input"
            />
            <Button type="primary" size="small" loading={save.isPending} onClick={() => save.mutate(draft)} data-testid="points-rate-save">
              {t('common:actions.save')}
            </Button>
            <Button size="small" onClick={() => setDraft(null)}>
              {t('common:actions.cancel')}
            </Button>
            <Typography.Text type="secondary">{t('rate.hint')}</Typography.Text>
          </Space>
        )
      }
    />
  );
}
