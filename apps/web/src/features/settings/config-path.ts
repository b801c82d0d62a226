import type { ProjectConfigPatch } from '../../stores/app-store';
import type { ProjectConfig } from '../../config/project-config';

/**
 * A setting's address in the project config: a top-level key (`grayMode`) or a key of a setting
 * group (`menuSetting.collapsed`). It is also the control's test id (`setting-<path>`).
 */
export type SettingPath = {
  [K in keyof ProjectConfig]: ProjectConfig[K] extends object ? `${K & string}.${keyof ProjectConfig[K] & string}` : K;
}[keyof ProjectConfig];

export function readSetting(config: ProjectConfig, path: SettingPath): unknown {
  const [group, key] = path.split('.') as [keyof ProjectConfig, string | undefined];
  const value = config[group];
  return key === undefined ? value : (value as unknown as Record<string, unknown>)[key];
}

/** The patch that sets one setting; the store merges setting groups one level deep. */
export function settingPatch(path: SettingPath, value: unknown): ProjectConfigPatch {
  const [group, key] = path.split('.') as [keyof ProjectConfig, string | undefined];
  return (key === undefined ? { [group]: value } : { [group]: { [key]: value } }) as ProjectConfigPatch;
}
