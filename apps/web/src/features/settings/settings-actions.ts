import { navigateTo } from '../../stores/navigation';
import type { PermissionMode, ProjectConfig } from '../../config/project-config';
import { LOGIN_PATH } from '../../config/routes';
import { signOut } from '../../stores/session';
import { useAppStore } from '../../stores/app-store';
import { clearTabCache } from '../../stores/tab-actions';

/** The config as pretty JSON, for the copy button (with dark mode, which is stored beside it). */
export function projectConfigText(config: ProjectConfig, darkMode: boolean): string {
  return JSON.stringify({ ...config, darkMode }, null, 2);
}

/** Reset: the spec §9 defaults and light mode. */
export function resetSettings(): void {
  const app = useAppStore.getState();
  app.resetProjectConfig();
  app.setDarkMode(false);
}

/**
 * Routes are built once per page load from the permission mode (spec §4), so a new mode is
 * saved and the page reloaded to build them again.
 */
export function changePermissionMode(mode: PermissionMode, reload: () => void = () => window.location.reload()): void {
  if (useAppStore.getState().projectConfig.permissionMode === mode) return;
  useAppStore.getState().setProjectConfig({ permissionMode: mode });
  reload();
}

/**
 * Clear cache and back to login: the settings go back to their defaults, the tab cache is
 * dropped, and the session is signed out (which clears user, permission and tab state).
 */
export async function clearCacheAndSignOut(): Promise<void> {
  resetSettings();
  clearTabCache();
  await signOut();
  navigateTo(LOGIN_PATH, true);
}
