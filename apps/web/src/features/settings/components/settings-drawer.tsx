import { Button, Divider, Drawer, Popconfirm, Radio, Switch, Typography, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../../../hooks/use-is-mobile';
import {
  CONTENT_MODES,
  HEADER_BG_PALETTE,
  MENU_BG_PALETTE,
  PERMISSION_CACHE_TYPES,
  PERMISSION_MODES,
  ROUTER_TRANSITIONS,
  SESSION_TIMEOUT_PROCESSINGS,
  THEME_COLOR_PALETTE,
} from '../../../config/project-config';
import { useAppStore } from '../../../stores/app-store';
import { usePermissionStore } from '../../../stores/permission-store';
import { useCopy } from '../../../components/use-copy';
import { changeRole } from '../../../stores/change-role';
import { SWITCHABLE_ROLES } from '../../../config/role-route-mapping';
import { changePermissionMode, clearCacheAndSignOut, projectConfigText, resetSettings } from '../settings-actions';
import { ChoiceLabel, ChoiceSetting, ColorSetting, NumberSetting, SelectSetting, SettingRow, SwitchSetting } from './setting-controls';
import './settings-drawer.css';

const DRAWER_WIDTH = 360;

function Section({ title }: { title: string }) {
  return (
    <Divider titlePlacement="center" plain className="settings-section">
      {title}
    </Divider>
  );
}

function DarkModeSetting() {
  const { t } = useTranslation('settings');
  const dark = useAppStore((s) => s.darkMode);
  return (
    <SettingRow label={t('darkMode')}>
      <Switch
        size="small"
        checked={dark}
        onChange={(v) => useAppStore.getState().setDarkMode(v)}
        aria-label={t('darkMode')}
        data-testid="setting-darkMode"
      />
    </SettingRow>
  );
}

/** Role switch: offered in every mode, but only ROUTE_MAPPING accepts it (spec §4, §8). */
function RoleSetting() {
  const { t } = useTranslation('settings');
  const roles = usePermissionStore((s) => s.roleList);
  const mode = useAppStore((s) => s.projectConfig.permissionMode);
  return (
    <div className="settings-choice">
      <div className="settings-choice__label">
        {t('role.label')}
        {mode !== 'ROUTE_MAPPING' ? (
          <Typography.Text type="secondary" className="settings-choice__hint">
            {t('role.onlyRouteMapping')}
          </Typography.Text>
        ) : null}
      </div>
      <Radio.Group
        size="small"
        optionType="button"
        buttonStyle="solid"
        value={roles.length === 1 ? roles[0] : undefined}
        aria-label={t('role.label')}
        data-testid="settings-role"
        onChange={(e) => changeRole(e.target.value as string)}
      >
        {SWITCHABLE_ROLES.map((role) => (
          <Radio.Button key={role} value={role}>
            <ChoiceLabel testId={`settings-role-${role}`} checked={roles.length === 1 && roles[0] === role}>
              {t(`role.names.${role}`)}
            </ChoiceLabel>
          </Radio.Button>
        ))}
      </Radio.Group>
    </div>
  );
}

function SettingsActions({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('settings');
  const { copy, prompt } = useCopy();
  return (
    <div className="settings-actions">
      <Button
        block
        type="primary"
        data-testid="settings-copy"
        onClick={() => {
          const { projectConfig, darkMode } = useAppStore.getState();
          void copy(projectConfigText(projectConfig, darkMode));
        }}
      >
        {t('actions.copy')}
      </Button>
      <Button block data-testid="settings-reset" onClick={resetSettings}>
        {t('actions.reset')}
      </Button>
      <Popconfirm
        title={t('actions.clearCacheConfirm')}
        okButtonProps={{ 'data-testid': 'settings-clear-cache-confirm' } as ButtonProps}
        onConfirm={() => {
          onDone();
          void clearCacheAndSignOut();
        }}
      >
        <Button block danger data-testid="settings-clear-cache">
          {t('actions.clearCache')}
        </Button>
      </Popconfirm>
      {prompt}
    </div>
  );
}

/** Every project setting (spec §3), saved locally through the app store. */
export function SettingsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('settings');
  const isMobile = useIsMobile();
  const config = useAppStore((s) => s.projectConfig);
  const menuOff = !config.menuSetting.show;
  const headerOff = !config.headerSetting.show;
  const tabsOff = !config.multiTabsSetting.show;
  const transitionsOff = !config.transitionSetting.enable;
  const choices = <T extends string>(values: readonly T[], group: string) =>
    values.map((value) => ({ value, label: t(`${group}.${value}`) }));

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('title')}
      placement="right"
      size={isMobile ? '100%' : DRAWER_WIDTH}
      className="settings-drawer"
      data-testid="settings-drawer"
      rootClassName="settings-drawer-root"
    >
      <Section title={t('sections.theme')} />
      <DarkModeSetting />
      <ColorSetting path="themeColor" label={t('themeColor')} palette={THEME_COLOR_PALETTE} />
      <ColorSetting path="headerSetting.bgColor" label={t('headerBg')} palette={HEADER_BG_PALETTE} />
      <ColorSetting path="menuSetting.bgColor" label={t('menuBg')} palette={MENU_BG_PALETTE} />

      <Section title={t('sections.permission')} />
      <ChoiceSetting
        path="permissionMode"
        label={t('permissionMode.label')}
        options={choices(PERMISSION_MODES, 'permissionMode')}
        onChoose={(mode) => changePermissionMode(mode)}
      />
      <RoleSetting />
      <ChoiceSetting
        path="permissionCacheType"
        label={t('permissionCacheType.label')}
        options={choices(PERMISSION_CACHE_TYPES, 'permissionCacheType')}
      />

      <Section title={t('sections.interface')} />
      <SwitchSetting path="headerSetting.show" label={t('header.show')} />
      <SwitchSetting path="headerSetting.fixed" label={t('header.fixed')} disabled={headerOff} />
      <SwitchSetting path="headerSetting.showSearch" label={t('header.showSearch')} disabled={headerOff} />
      <SwitchSetting path="headerSetting.useLockPage" label={t('header.useLockPage')} disabled={headerOff} />
      <SwitchSetting path="showBreadCrumb" label={t('showBreadCrumb')} disabled={headerOff} />
      <SwitchSetting path="menuSetting.show" label={t('menu.show')} />
      <SwitchSetting path="menuSetting.collapsed" label={t('menu.collapsed')} disabled={menuOff} />
      <SwitchSetting path="menuSetting.accordion" label={t('menu.accordion')} disabled={menuOff} />
      <NumberSetting path="menuSetting.menuWidth" label={t('menu.width')} min={160} max={400} step={10} suffix="px" disabled={menuOff} />
      <SwitchSetting path="multiTabsSetting.show" label={t('tabs.show')} />
      <SwitchSetting path="multiTabsSetting.cache" label={t('tabs.cache')} disabled={tabsOff} />
      <SwitchSetting path="multiTabsSetting.showQuick" label={t('tabs.showQuick')} disabled={tabsOff} />
      <SwitchSetting path="multiTabsSetting.showRedo" label={t('tabs.showRedo')} disabled={tabsOff} />
      <SwitchSetting path="openKeepAlive" label={t('openKeepAlive')} />
      <ChoiceSetting path="contentMode" label={t('contentMode.label')} options={choices(CONTENT_MODES, 'contentMode')} />
      <SwitchSetting path="grayMode" label={t('grayMode')} />
      <SwitchSetting path="colorWeak" label={t('colorWeak')} />

      <Section title={t('sections.session')} />
      <ChoiceSetting
        path="sessionTimeoutProcessing"
        label={t('sessionTimeoutProcessing.label')}
        options={choices(SESSION_TIMEOUT_PROCESSINGS, 'sessionTimeoutProcessing')}
      />
      <NumberSetting path="lockTime" label={t('lockTime')} min={0} max={1440} suffix={t('minutes')} />

      <Section title={t('sections.transition')} />
      <SwitchSetting path="transitionSetting.enable" label={t('transition.enable')} />
      <SwitchSetting path="transitionSetting.openNProgress" label={t('transition.progress')} disabled={transitionsOff} />
      <SwitchSetting path="transitionSetting.openPageLoading" label={t('transition.pageLoading')} disabled={transitionsOff} />
      <SelectSetting
        path="transitionSetting.basicTransition"
        label={t('transition.basic')}
        options={choices(ROUTER_TRANSITIONS, 'transition.names')}
        disabled={transitionsOff}
      />

      <Divider />
      <Typography.Text type="secondary" className="settings-note">
        {t('savedLocally')}
      </Typography.Text>
      <SettingsActions onDone={onClose} />
    </Drawer>
  );
}
