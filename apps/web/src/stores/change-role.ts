import i18n from 'i18next';
import { navigateTo } from './navigation';
import { rebuildRoutes, homePath } from './session';
import { useAppStore } from './app-store';
import { usePermissionStore } from './permission-store';
import { showToast } from '../lib/feedback';
import { clearTabCache, closeAllTabs } from './tab-actions';

/**
 * Role switch (spec §4): only in ROUTE_MAPPING mode. Sets the role list, clears the tab cache
 * and closes all tabs, rebuilds the routes (recording the menu build time), then goes home.
 * In any other mode it shows the spec §8 message and changes nothing. Returns whether it switched.
 */
export function changeRole(roles: string | readonly string[]): boolean {
  if (useAppStore.getState().projectConfig.permissionMode !== 'ROUTE_MAPPING') {
    showToast({ type: 'warning', content: i18n.t('settings:role.needRouteMapping'), key: 'change-role' });
    return false;
  }
  usePermissionStore.getState().setRoleList(typeof roles === 'string' ? [roles] : [...roles]);
  clearTabCache();
  closeAllTabs();
  rebuildRoutes();
  navigateTo(homePath(), true);
  return true;
}
