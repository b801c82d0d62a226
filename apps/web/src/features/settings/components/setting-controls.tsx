import { CheckOutlined } from '@ant-design/icons';
import { InputNumber, Radio, Select, Switch, theme } from 'antd';
import type { ReactNode } from 'react';
import { useAppStore } from '../../../stores/app-store';
import { readableTextOn } from '../../../config/theme';
import { readSetting, settingPatch, type SettingPath } from '../config-path';

/** One labelled row of the drawer. */
export function SettingRow({ label, children, disabled }: { label: ReactNode; children: ReactNode; disabled?: boolean }) {
  return (
    <div className={`settings-row${disabled ? ' settings-row--disabled' : ''}`}>
      <span className="settings-row__label">{label}</span>
      <span className="settings-row__control">{children}</span>
    </div>
  );
}

function useSetting<T>(path: SettingPath): [T, (value: T) => void] {
  const value = useAppStore((s) => readSetting(s.projectConfig, path)) as T;
  const set = (next: T) => useAppStore.getState().setProjectConfig(settingPatch(path, next));
  return [value, set];
}

export function SwitchSetting({ path, label, disabled }: { path: SettingPath; label: string; disabled?: boolean }) {
  const [value, set] = useSetting<boolean>(path);
  return (
    <SettingRow label={label} disabled={disabled}>
      <Switch size="small" checked={value} onChange={set} disabled={disabled} aria-label={label} data-testid={`setting-${path}`} />
    </SettingRow>
  );
}

export function NumberSetting({
  path,
  label,
  min,
  max,
  step = 1,
  suffix,
  disabled,
}: {
  path: SettingPath;
  label: string;
  min: number;
  max: number;
  step?: number;
  suffix?: string;
  disabled?: boolean;
}) {
  const [value, set] = useSetting<number>(path);
  return (
    <SettingRow label={label} disabled={disabled}>
      <InputNumber
        size="small"
        min={min}
        max={max}
        step={step}
        precision={0}
        value={value}
        disabled={disabled}
        suffix={suffix}
        aria-label={label}
        style={{ width: 110 }}
        data-testid={`setting-${path}`}
        // An emptied field keeps the previous value rather than storing null.
        onChange={(next) => typeof next === 'number' && set(Math.min(max, Math.max(min, next)))}
      />
    </SettingRow>
  );
}

/**
 * The visible part of a choice button, carrying its test id and whether it is chosen: antd keeps
 * the radio input itself invisible, so tests click (and read) this.
 */
export function ChoiceLabel({ testId, checked, children }: { testId: string; checked: boolean; children: ReactNode }) {
  return (
    <span data-testid={testId} data-checked={checked}>
      {children}
    </span>
  );
}

export interface ChoiceOption<T extends string> {
  value: T;
  label: string;
}

/** Button-style choices; each option is `setting-<path>-<VALUE>`. */
export function ChoiceSetting<T extends string>({
  path,
  label,
  options,
  onChoose,
  disabled,
}: {
  path: SettingPath;
  label: string;
  options: readonly ChoiceOption<T>[];
  /** Replaces the plain save (e.g. the permission mode also reloads). */
  onChoose?: (value: T) => void;
  disabled?: boolean;
}) {
  const [value, set] = useSetting<T>(path);
  return (
    <div className="settings-choice">
      <div className="settings-choice__label">{label}</div>
      <Radio.Group
        size="small"
        optionType="button"
        buttonStyle="solid"
        value={value}
        disabled={disabled}
        aria-label={label}
        data-testid={`setting-${path}`}
        onChange={(e) => (onChoose ?? set)(e.target.value as T)}
      >
        {options.map((o) => (
          <Radio.Button key={o.value} value={o.value}>
            <ChoiceLabel testId={`setting-${path}-${o.value}`} checked={o.value === value}>
              {o.label}
            </ChoiceLabel>
          </Radio.Button>
        ))}
      </Radio.Group>
    </div>
  );
}

export function SelectSetting<T extends string>({
  path,
  label,
  options,
  disabled,
}: {
  path: SettingPath;
  label: string;
  options: readonly ChoiceOption<T>[];
  disabled?: boolean;
}) {
  const [value, set] = useSetting<T>(path);
  return (
    <SettingRow label={label} disabled={disabled}>
      <Select
        size="small"
        value={value}
        disabled={disabled}
        onChange={set}
        options={options.map((o) => ({ ...o, 'data-testid': `setting-${path}-${o.value}` }))}
        aria-label={label}
        popupMatchSelectWidth={false}
        style={{ width: 130 }}
        data-testid={`setting-${path}`}
      />
    </SettingRow>
  );
}

/** Colour swatches; each is `setting-<path>-<HEX without #>`. */
export function ColorSetting({ path, label, palette }: { path: SettingPath; label: string; palette: readonly string[] }) {
  const [value, set] = useSetting<string>(path);
  const { token } = theme.useToken();
  return (
    <div className="settings-choice">
      <div className="settings-choice__label">{label}</div>
      <div className="settings-swatches" role="radiogroup" aria-label={label} data-testid={`setting-${path}`}>
        {palette.map((color) => {
          const selected = color.toUpperCase() === value.toUpperCase();
          return (
            <button
              key={color}
              type="button"
              role="radio"
              aria-checked={selected}
              aria-label={color}
              title={color}
              className="settings-swatch"
              style={{ background: color, borderColor: token.colorBorder, color: readableTextOn(color) }}
              data-testid={`setting-${path}-${color.replace('#', '')}`}
              onClick={() => set(color)}
            >
              {selected ? <CheckOutlined /> : null}
            </button>
          );
        })}
      </div>
    </div>
  );
}
