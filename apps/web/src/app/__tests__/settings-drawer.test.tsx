import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../providers';
import { DEFAULT_PROJECT_CONFIG } from '../../config/project-config';
import { useAppStore } from '../../stores/app-store';
import { initI18n } from '../../lib/i18n';
import { SettingsDrawer } from '../../features/settings/components/settings-drawer';
import { COLOR_WEAK_CLASS, GRAY_MODE_CLASS, SettingsEffects } from '../../features/settings/components/settings-effects';
import { changePermissionMode } from '../../features/settings/settings-actions';

beforeAll(() => {
  initI18n('en');
});

afterEach(() => {
  cleanup();
  act(() => {
    useAppStore.getState().resetProjectConfig();
    useAppStore.getState().setDarkMode(false);
  });
});

function renderDrawer() {
  return render(
    <MemoryRouter>
      <AppProviders>
        <SettingsEffects />
        <SettingsDrawer open onClose={() => undefined} />
      </AppProviders>
    </MemoryRouter>,
  );
}

const html = () => document.documentElement.classList;

describe('settings drawer', () => {
  it('gray mode and colour-weak put their filter classes on <html>, and take them off', () => {
    renderDrawer();
    expect(html().contains(GRAY_MODE_CLASS)).toBe(false);
    fireEvent.click(screen.getByTestId('setting-grayMode'));
    expect(useAppStore.getState().projectConfig.grayMode).toBe(true);
    expect(html().contains(GRAY_MODE_CLASS)).toBe(true);
    fireEvent.click(screen.getByTestId('setting-colorWeak'));
    expect(html().contains(COLOR_WEAK_CLASS)).toBe(true);
    fireEvent.click(screen.getByTestId('setting-grayMode'));
    expect(html().contains(GRAY_MODE_CLASS)).toBe(false);
    expect(html().contains(COLOR_WEAK_CLASS)).toBe(true);
  });

  it('saves changes into the project config and reset restores the spec defaults and light mode', () => {
    renderDrawer();
    fireEvent.click(screen.getByTestId('setting-themeColor-0960BD'));
    fireEvent.click(screen.getByTestId('setting-menuSetting.collapsed'));
    fireEvent.click(screen.getByTestId('setting-contentMode-fixed'));
    fireEvent.click(screen.getByTestId('setting-sessionTimeoutProcessing-PAGE_COVERAGE'));
    fireEvent.click(screen.getByTestId('setting-multiTabsSetting.show'));
    fireEvent.click(screen.getByTestId('setting-darkMode'));
    const changed = useAppStore.getState();
    expect(changed.projectConfig.themeColor).toBe('#0960BD');
    expect(changed.projectConfig.menuSetting.collapsed).toBe(true);
    expect(changed.projectConfig.menuSetting.menuWidth).toBe(210);
    expect(changed.projectConfig.contentMode).toBe('fixed');
    expect(changed.projectConfig.sessionTimeoutProcessing).toBe('PAGE_COVERAGE');
    expect(changed.projectConfig.multiTabsSetting.show).toBe(true);
    expect(changed.darkMode).toBe(true);

    fireEvent.click(screen.getByTestId('settings-reset'));
    expect(useAppStore.getState().projectConfig).toEqual(DEFAULT_PROJECT_CONFIG);
    expect(useAppStore.getState().darkMode).toBe(false);
    expect(useAppStore.getState().projectConfig.themeColor).toBe('#F9C904');
  });

  it('lock time takes minutes, 0 meaning never', () => {
    renderDrawer();
    fireEvent.change(screen.getByTestId('setting-lockTime'), { target: { value: '15' } });
    expect(useAppStore.getState().projectConfig.lockTime).toBe(15);
  });
});

describe('copy settings', () => {
  it('offers the config for manual copying when the clipboard is unavailable', async () => {
    renderDrawer();
    fireEvent.click(screen.getByTestId('setting-grayMode'));
    fireEvent.click(screen.getByTestId('settings-copy'));
    const text = (await screen.findByTestId('manual-copy-text')) as HTMLTextAreaElement;
    const copied = JSON.parse(text.value) as { grayMode: boolean; themeColor: string; darkMode: boolean };
    expect(copied.grayMode).toBe(true);
    expect(copied.themeColor).toBe('#F9C904');
    expect(copied.darkMode).toBe(false);
  });
});

describe('changePermissionMode', () => {
  it('saves the new mode and reloads; choosing the current mode does nothing', () => {
    const reload = vi.fn();
    changePermissionMode('ROLE', reload);
    expect(reload).not.toHaveBeenCalled();
    changePermissionMode('ROUTE_MAPPING', reload);
    expect(useAppStore.getState().projectConfig.permissionMode).toBe('ROUTE_MAPPING');
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
