import { ReloadOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Alert, App, Button, DatePicker, Drawer, Form, InputNumber, Space, Switch, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LOCALE, type ContentItem, type ContentType, type Locale } from '@agent-bo/shared';
import { localeOfError } from '../../../lib/locale-of-error';
import { ImageField } from '../../../components/image-field';
import { useIsMobile } from '../../../hooks/use-is-mobile';
import { DATE_TIME_FORMAT, siteNow } from '../../../lib/time-range';
import { contentApi } from '../api/content-api';
import { formValuesOf, hasBody, newFormValues, type ContentFormValues } from '../form-values';
import { useContentSave } from '../hooks/use-content-save';
import { ContentLocaleTabs } from './locale-tabs';
import { wholeNumberRule } from '../../../lib/whole-number-rule';

/** What the drawer shows: a new item, or an existing one to edit (or, for a reader, to view). */
export type DrawerTarget = { mode: 'create' } | { mode: 'edit' | 'view'; item: ContentItem };

/**
 * Create, edit or view one item: per-locale texts, image (activities and announcements), the
 * window in the site's time zone, Published / Draft and the sort number. An update sends the
 * version it read; when someone saved in between, the server's message offers a reload.
 */
export function ContentDrawer({
  type,
  target,
  timeZone,
  onClose,
  onSaved,
}: {
  type: ContentType;
  target: DrawerTarget | null;
  timeZone: string;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('announcement');
  const { message } = App.useApp();
  const isMobile = useIsMobile();
  const [form] = Form.useForm<ContentFormValues>();
  const [item, setItem] = useState<ContentItem | null>(null);
  const [locale, setLocale] = useState<Locale>(DEFAULT_LOCALE);
  const { save, saving, stale, clearStale } = useContentSave(type, form, onSaved);

  // Each opening starts from the item as listed, or from a fresh draft. The last opening is kept
  // while the drawer closes, so its title does not change on the way out.
  const [opened, setOpened] = useState<DrawerTarget | null>(null);
  if (target && target !== opened) {
    setOpened(target);
    setItem(target.mode === 'create' ? null : target.item);
    setLocale(DEFAULT_LOCALE);
    clearStale();
  }
  const readOnly = opened?.mode === 'view';
  useEffect(() => {
    if (!target) return;
    form.resetFields();
    form.setFieldsValue(target.mode === 'create' ? newFormValues(siteNow(timeZone)) : formValuesOf(target.item));
  }, [target, form, timeZone]);

  const reread = useMutation({
    mutationFn: () => contentApi.reread(type, item!.id),
    onSuccess: (fresh) => {
      if (!fresh) {
        void message.warning(t('form.gone'));
        onClose();
        return;
      }
      setItem(fresh);
      form.setFieldsValue(formValuesOf(fresh));
      clearStale();
    },
  });

  const title =
    opened?.mode === 'create' ? t(`drawer.create.${type}`) : t(readOnly ? 'drawer.view' : 'drawer.edit', { id: item?.id ?? '' });

  const footer = readOnly ? null : (
    <Space className="ann-drawer__footer">
      <Button onClick={onClose} data-testid="content-cancel">
        {t('common:actions.cancel')}
      </Button>
      <Button type="primary" loading={saving} onClick={() => form.submit()} data-testid="content-save">
        {t('actions.save')}
      </Button>
    </Space>
  );

  return (
    <Drawer
      open={target !== null}
      onClose={onClose}
      size={isMobile ? '100%' : 720}
      title={title}
      footer={footer}
      destroyOnHidden
      data-testid="content-drawer"
    >
      {stale ? (
        <Alert
          type="warning"
          showIcon
          className="ann-stale"
          title={stale}
          data-testid="content-stale"
          action={
            <Button
              size="small"
              icon={<ReloadOutlined />}
              loading={reread.isPending}
              onClick={() => reread.mutate()}
              data-testid="content-reload"
            >
              {t('form.reload')}
            </Button>
          }
          description={t('form.reloadHint')}
        />
      ) : null}
      <Form<ContentFormValues>
        form={form}
        layout="vertical"
        disabled={readOnly}
        onFinish={(values) => void save(values, item)}
        onFinishFailed={({ errorFields }) => {
          const failed = localeOfError(errorFields);
          if (failed) setLocale(failed);
        }}
        data-testid="content-form"
      >
        <ContentLocaleTabs type={type} readOnly={readOnly} canUpload={!readOnly} active={locale} onActiveChange={setLocale} />
        {hasBody(type) ? (
          <Form.Item
            name="imageId"
            label={t('form.image')}
            extra={type === 'ACTIVITY' ? t('form.imageActivityHint') : t('form.imageOptional')}
          >
            <ImageField canUpload={!readOnly} testId="content-image" />
          </Form.Item>
        ) : null}
        <Typography.Paragraph type="secondary" className="ann-zone">
          {t('form.timeZone', { zone: timeZone })}
        </Typography.Paragraph>
        <div className="ann-drawer__row">
          <Form.Item name="startAt" label={t('form.startAt')} rules={[{ required: true, message: t('validation.startRequired') }]}>
            <DatePicker showTime format={DATE_TIME_FORMAT} className="ann-picker" data-testid="content-start" />
          </Form.Item>
          <Form.Item
            name="endAt"
            label={t('form.endAt')}
            dependencies={['startAt']}
            rules={[
              { required: true, message: t('validation.endRequired') },
              ({ getFieldValue }) => ({
                validator: async (_rule, end: Dayjs | null) => {
                  const start = getFieldValue('startAt') as Dayjs | null;
                  if (start && end && !end.isAfter(start)) throw new Error(t('validation.endBeforeStart'));
                },
              }),
            ]}
          >
            <DatePicker showTime format={DATE_TIME_FORMAT} className="ann-picker" data-testid="content-end" />
          </Form.Item>
        </div>
        <div className="ann-drawer__row">
          <Form.Item name="published" label={t('form.status')} valuePropName="checked">
            <Switch checkedChildren={t('status.Published')} unCheckedChildren={t('status.Draft')} data-testid="content-published" />
          </Form.Item>
          <Form.Item
            name="sort"
            label={t('form.sort')}
            extra={t('form.sortHint')}
            rules={[{ required: true, message: t('validation.sort') }, wholeNumberRule(t, 0, 9999)]}
          >
            <InputNumber className="ann-sort" data-testid="content-sort" />
          </Form.Item>
        </div>
      </Form>
    </Drawer>
  );
}
