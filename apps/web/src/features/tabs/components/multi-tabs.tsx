import {
  ArrowLeftOutlined,
  ArrowRightOutlined,
  CloseOutlined,
  ColumnWidthOutlined,
  DownOutlined,
  MinusOutlined,
  RedoOutlined,
} from '@ant-design/icons';
import type { MenuProps } from 'antd';
import { Button, ConfigProvider, Dropdown, Tabs, theme, Tooltip } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAppStore } from '../../../stores/app-store';
import type { Tab } from '../../../stores/tab-store';
import { useTabSync, useTabs, useTabTitle } from '../use-tabs';
import './multi-tabs.css';

type TabsApi = ReturnType<typeof useTabs>;

/** Refresh and close actions for `target` (a tab id), disabled when there is nothing to close. */
function useActionItems(tabsApi: TabsApi, target: string | undefined): MenuProps['items'] {
  const { t } = useTranslation('tabs');
  const can = tabsApi.abilities(target);
  const item = (key: string, icon: ReactNode, disabled = false) => ({
    key,
    icon,
    disabled,
    label: <span data-testid={`tabs-action-${key}`}>{t(`actions.${key}`)}</span>,
  });
  return [
    item('refresh', <RedoOutlined />, target === undefined),
    item('close-current', <CloseOutlined />, !can.current),
    { type: 'divider' as const },
    item('close-left', <ArrowLeftOutlined />, !can.left),
    item('close-right', <ArrowRightOutlined />, !can.right),
    { type: 'divider' as const },
    item('close-others', <ColumnWidthOutlined />, !can.others),
    item('close-all', <MinusOutlined />, !can.all),
  ];
}

function runAction(tabsApi: TabsApi, key: string, target: string | undefined): void {
  switch (key) {
    case 'refresh':
      tabsApi.refresh(target);
      break;
    case 'close-current':
      tabsApi.close(target);
      break;
    case 'close-left':
      tabsApi.closeLeft(target);
      break;
    case 'close-right':
      tabsApi.closeRight(target);
      break;
    case 'close-others':
      tabsApi.closeOthers(target);
      break;
    case 'close-all':
      tabsApi.closeAll();
      break;
  }
}

/** A tab's label, with its right-click menu acting on that tab. */
function TabLabel({ tab, title, tabsApi }: { tab: Tab; title: string; tabsApi: TabsApi }) {
  const items = useActionItems(tabsApi, tab.id);
  return (
    <Dropdown trigger={['contextMenu']} menu={{ items, onClick: ({ key }) => runAction(tabsApi, key, tab.id) }}>
      <span className="multi-tabs__label" data-testid={`tab-${tab.fullPath}`} title={title}>
        {title}
      </span>
    </Dropdown>
  );
}

function QuickActions({ tabsApi }: { tabsApi: TabsApi }) {
  const { t } = useTranslation('tabs');
  const items = useActionItems(tabsApi, tabsApi.activeId ?? undefined);
  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      menu={{ items, onClick: ({ key }) => runAction(tabsApi, key, tabsApi.activeId ?? undefined) }}
    >
      <Button type="text" size="small" icon={<DownOutlined />} aria-label={t('quick')} data-testid="tabs-quick" />
    </Dropdown>
  );
}

/** The tab bar (spec §2 "Tabs"): shown in multi-tab mode; the current URL's tab opens on every navigation. */
export function MultiTabs() {
  useTabSync();
  const show = useAppStore((s) => s.projectConfig.multiTabsSetting.show);
  return show ? <TabBar /> : null;
}

function TabBar() {
  const { t } = useTranslation('tabs');
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const tabsApi = useTabs();
  const titleOf = useTabTitle();
  const { showQuick, showRedo } = useAppStore((s) => s.projectConfig.multiTabsSetting);
  const style = {
    '--multi-tabs-bg': token.colorBgContainer,
    '--multi-tabs-border': token.colorBorderSecondary,
    '--multi-tabs-accent': token.colorPrimary,
  } as CSSProperties;
  // Text in the theme's text colour: the yellow primary is too light for text on white; the
  // current tab is marked by a primary bar instead (CSS).
  const tabsTheme = {
    components: {
      Tabs: {
        itemSelectedColor: token.colorText,
        itemActiveColor: token.colorText,
        itemHoverColor: token.colorText,
        itemColor: token.colorTextSecondary,
      },
    },
  };

  const items = tabsApi.tabs.map((tab) => ({
    key: tab.id,
    label: <TabLabel tab={tab} title={titleOf(tab)} tabsApi={tabsApi} />,
    closable: !tab.affix,
    closeIcon: <CloseOutlined data-testid={`tab-close-${tab.fullPath}`} aria-label={t('close')} />,
  }));

  const extra = (
    <div className="multi-tabs__extra">
      {showRedo ? (
        <Tooltip title={t('actions.refresh')}>
          <Button
            type="text"
            size="small"
            icon={<RedoOutlined />}
            aria-label={t('actions.refresh')}
            disabled={!tabsApi.activeId}
            onClick={() => tabsApi.refresh()}
            data-testid="tabs-refresh"
          />
        </Tooltip>
      ) : null}
      {showQuick ? <QuickActions tabsApi={tabsApi} /> : null}
    </div>
  );

  return (
    <div className="multi-tabs" style={style} data-testid="multi-tabs">
      <ConfigProvider theme={tabsTheme}>
        <Tabs
          type="editable-card"
          size="small"
          hideAdd
          activeKey={tabsApi.activeId ?? ''}
          items={items}
          onChange={(id) => {
            const tab = tabsApi.tabs.find((x) => x.id === id);
            if (tab) void navigate(tab.fullPath);
          }}
          onEdit={(id, action) => {
            if (action === 'remove' && typeof id === 'string') tabsApi.close(id);
          }}
          tabBarExtraContent={{ right: extra }}
        />
      </ConfigProvider>
    </div>
  );
}
