import { SearchOutlined } from '@ant-design/icons';
import { Card, Col, Input, Row, Table, Tabs, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { InstalledDependency, WorkspaceDependencies } from 'virtual:dependencies';
import { FIT_TABLE, NOWRAP } from '../../../components/fit-table';

type Kind = 'production' | 'development';

function DependencyTable({ kind, rows }: { kind: Kind; rows: InstalledDependency[] }) {
  const { t } = useTranslation('about');
  const columns: ColumnsType<InstalledDependency> = [
    { title: t('deps.name'), dataIndex: 'name', key: 'name', className: 'about-dep-name' },
    {
      title: t('deps.version'),
      key: 'version',
      ...NOWRAP,
      render: (_: unknown, d) => d.version ?? <Typography.Text type="secondary">{t('deps.notInstalled')}</Typography.Text>,
    },
    { title: t('deps.range'), dataIndex: 'range', key: 'range', ...NOWRAP, responsive: ['sm'] },
  ];
  return (
    <section className="about-deps__section" aria-labelledby={`about-deps-${kind}-title`}>
      <Typography.Title level={5} id={`about-deps-${kind}-title`} style={{ marginTop: 0 }}>
        {t(kind === 'production' ? 'deps.production' : 'deps.development', { n: rows.length })}
      </Typography.Title>
      <Table<InstalledDependency>
        data-testid={`about-deps-${kind}`}
        size="small"
        rowKey="name"
        columns={columns}
        dataSource={rows}
        pagination={false}
        locale={{ emptyText: t('deps.none') }}
        {...FIT_TABLE}
      />
    </section>
  );
}

/**
 * What each workspace package of this release declares, production and development dependencies
 * apart, with the versions installed (build/dependencies.ts). A tab per package; the filter
 * matches package names in every tab.
 */
export function DependencyList({ workspaces }: { workspaces: readonly WorkspaceDependencies[] }) {
  const { t } = useTranslation('about');
  const [filter, setFilter] = useState('');
  const needle = filter.trim().toLowerCase();
  const matching = (list: InstalledDependency[]) => (needle ? list.filter((d) => d.name.toLowerCase().includes(needle)) : list);

  const items = workspaces.map((ws) => {
    const production = matching(ws.dependencies);
    const development = matching(ws.devDependencies);
    return {
      key: ws.path,
      label: (
        <span data-testid={`about-deps-tab-${ws.path.replace(/[^a-z0-9]+/gi, '-')}`}>
          {ws.name}
          <span className="about-deps__count"> ({production.length + development.length})</span>
        </span>
      ),
      children: (
        <>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 12 }}>
            {t('deps.where', { path: ws.path, version: ws.version ?? t('unknown') })}
          </Typography.Paragraph>
          <Row gutter={[24, 16]}>
            <Col xs={24} xl={12}>
              <DependencyTable kind="production" rows={production} />
            </Col>
            <Col xs={24} xl={12}>
              <DependencyTable kind="development" rows={development} />
            </Col>
          </Row>
        </>
      ),
    };
  });

  return (
    <Card variant="borderless" title={t('deps.title')} className="about-card about-deps" data-testid="about-deps">
      <Typography.Paragraph type="secondary">{t('deps.intro')}</Typography.Paragraph>
      <Input
        allowClear
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
        prefix={<SearchOutlined aria-hidden />}
        placeholder={t('deps.filter')}
        aria-label={t('deps.filter')}
        className="about-deps__filter"
        data-testid="about-deps-filter"
      />
      <Tabs items={items} destroyOnHidden />
    </Card>
  );
}
