import { DatePicker, Form, Select, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  ERRORS,
  MATERIAL_NAME_MAX,
  MODULE_LAYOUTS,
  type Game,
  type Locale,
  type ModuleDetail,
  type ModuleLayout,
  type ModuleSaveRequest,
} from '@agent-bo/shared';
import { DATE_TIME_FORMAT } from '../../../lib/time-range';
import { materialApi, materialKeys } from '../api/material-api';
import { EditDrawer } from '../../../components/edit-drawer';
import { useEditDrawer } from '../../../hooks/use-edit-drawer';
import { ModuleGamesField } from './module-games-field';
import { NameTabs } from './name-tabs';
import { completeTexts } from '../../../lib/localized-text';
import { SortField } from './sort-field';

export type ModuleTarget = { mode: 'create' } | { mode: 'edit'; item: ModuleDetail };

interface FormValues {
  title: Partial<Record<Locale, string>>;
  layout: ModuleLayout;
  published: boolean;
  startAt: Dayjs | null;
  endAt: Dayjs | null;
  sort: number;
  games: Game[];
}

const valuesOf = (d: ModuleDetail | null): FormValues =>
  d
    ? {
        title: d.module.title,
        layout: d.module.layout,
        published: d.module.status === 'Published',
        startAt: d.module.startAt ? dayjs(d.module.startAt) : null,
        endAt: d.module.endAt ? dayjs(d.module.endAt) : null,
        sort: d.module.sort,
        games: d.games,
      }
    : { title: {}, layout: 'grid', published: false, startAt: null, endAt: null, sort: 0, games: [] };

/**
 * Create or edit a lobby module: title per locale (zh-TW required), layout, publish status,
 * start and end (site wall clock, empty: no bound), sort and its games in lobby order. A save
 * carries the version it read.
 */
export function ModuleDrawer({ target, onClose }: { target: ModuleTarget | null; onClose: () => void }) {
  const { t } = useTranslation('material');
  const [form] = Form.useForm<FormValues>();
  const drawer = useEditDrawer({
    opening: target,
    initial: target?.mode === 'edit' ? target.item : null,
    form,
    valuesOf,
    reread: (d: ModuleDetail) => materialApi.rereadModule(d.module.id),
    send: materialApi.saveModule,
    onClose,
    staleCode: ERRORS.MATERIAL_VERSION_STALE.code,
    invalidate: materialKeys.all,
  });
  const current = drawer.item?.module;

  const submit = (v: FormValues) => {
    const body: ModuleSaveRequest = {
      ...(current ? { id: current.id, version: current.version } : {}),
      title: completeTexts(v.title),
      layout: v.layout,
      status: v.published ? 'Published' : 'Draft',
      startAt: v.startAt ? v.startAt.format(DATE_TIME_FORMAT) : null,
      endAt: v.endAt ? v.endAt.format(DATE_TIME_FORMAT) : null,
      sort: v.sort,
      gameIds: (v.games ?? []).map((g) => g.id),
    };
    void drawer.save(body);
  };

  return (
    <EditDrawer
      testIdPrefix="material"
      open={target !== null}
      onClose={onClose}
      width={640}
      title={current ? t('module.edit', { id: current.id }) : t('module.create')}
      testId="module-drawer"
      state={drawer}
      onSave={() => form.submit()}
    >
      <Form<FormValues> form={form} layout="vertical" onFinish={submit} onFinishFailed={drawer.onFinishFailed}>
        <NameTabs
          field="title"
          label={t('module.titleField')}
          max={MATERIAL_NAME_MAX}
          active={drawer.locale}
          onActiveChange={drawer.setLocale}
        />
        <div className="material-drawer__row">
          <Form.Item name="layout" label={t('module.layout')} extra={t('module.layoutHint')}>
            <Select options={MODULE_LAYOUTS.map((l) => ({ value: l, label: t(`layout.${l}`) }))} data-testid="module-layout" />
          </Form.Item>
          <Form.Item name="published" label={t('form.status')} valuePropName="checked">
            <Switch checkedChildren={t('publish.Published')} unCheckedChildren={t('publish.Draft')} data-testid="module-status" />
          </Form.Item>
        </div>
        <div className="material-drawer__row">
          <Form.Item name="startAt" label={t('module.startAt')} extra={t('module.boundHint')}>
            <DatePicker showTime format={DATE_TIME_FORMAT} className="material-sort" data-testid="module-start" />
          </Form.Item>
          <Form.Item
            name="endAt"
            label={t('module.endAt')}
            dependencies={['startAt']}
            rules={[
              ({ getFieldValue }) => ({
                validator: (_, end: Dayjs | null) => {
                  const start = getFieldValue('startAt') as Dayjs | null;
                  return !end || !start || end.isAfter(start)
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('validation.endAfterStart')));
                },
              }),
            ]}
          >
            <DatePicker showTime format={DATE_TIME_FORMAT} className="material-sort" data-testid="module-end" />
          </Form.Item>
        </div>
        <SortField hint />
        <Form.Item name="games" label={t('module.games')}>
          <ModuleGamesField />
        </Form.Item>
      </Form>
    </EditDrawer>
  );
}
