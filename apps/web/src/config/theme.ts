import { theme, type ThemeConfig } from 'antd';
import { ANTD_SCREEN_TOKENS } from '../lib/breakpoints';
import { DEFAULT_PROJECT_CONFIG } from './project-config';

/** Theme colours of the spec (§9). */
export const THEME_COLORS = {
  colorPrimary: '#F9C904',
  colorInfo: '#F9C904',
  colorSuccess: '#55D187',
  colorWarning: '#EFBD47',
  colorError: '#ED6F6F',
} as const;

/** Dark text for surfaces filled with the (light yellow) primary colour: white on #F9C904 is unreadable. */
export const ON_PRIMARY_TEXT = 'rgba(0, 0, 0, 0.88)';
/** White text for surfaces filled with a dark colour. */
export const ON_DARK_TEXT = '#ffffff';
export const SIDER_BG = DEFAULT_PROJECT_CONFIG.menuSetting.bgColor;
const DARK_HEADER_BG = '#141414';

function channels(hex: string): [number, number, number] {
  const h = hex.replace('#', '');
  const full = h.length === 3 ? h.replace(/./g, (c) => c + c) : h.padEnd(6, '0').slice(0, 6);
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16) || 0) as [number, number, number];
}

/** WCAG relative luminance (0 black … 1 white). */
export function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: number, b: number): number {
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

/** True when text on this background is better dark than white. */
export function isLightColor(hex: string): boolean {
  const l = luminance(hex);
  return contrast(l, 0) > contrast(l, 1);
}

/** The text colour with the better contrast on a `hex` background. */
export function readableTextOn(hex: string): string {
  return isLightColor(hex) ? ON_PRIMARY_TEXT : ON_DARK_TEXT;
}

/** Mixes `hex` towards black by `amount` (0…1). */
function darken(hex: string, amount: number): string {
  return `#${channels(hex)
    .map((c) =>
      Math.round(c * (1 - amount))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** Mixes `hex` towards white by `amount` (0…1). */
function lighten(hex: string, amount: number): string {
  return `#${channels(hex)
    .map((c) =>
      Math.round(c + (255 - c) * amount)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

export interface ThemeOptions {
  dark: boolean;
  /** Primary colour (spec §9 default #F9C904). */
  themeColor?: string;
  headerBg?: string;
  menuBg?: string;
}

/** The header's background: a chosen colour, or the surface colour of the mode when left at white. */
export function headerBackground(dark: boolean, headerBg = DEFAULT_PROJECT_CONFIG.headerSetting.bgColor): string {
  return dark && headerBg.toUpperCase() === '#FFFFFF' ? DARK_HEADER_BG : headerBg;
}

/** The menu is drawn with antd's light or dark menu theme by its background's luminance. */
export function menuThemeFor(menuBg: string): 'light' | 'dark' {
  return isLightColor(menuBg) ? 'light' : 'dark';
}

/**
 * Light content with a dark menu in light mode (spec §9); the dark algorithm in dark mode.
 * Text on primary fills is dark or white, whichever reads better on the chosen colour. Links
 * and primary-coloured text on white get a deeper shade when the primary is too light to read
 * (the default yellow); fills keep the exact primary colour.
 */
export function buildTheme(options: ThemeOptions | boolean): ThemeConfig {
  const { dark, themeColor = THEME_COLORS.colorPrimary, menuBg = SIDER_BG } = typeof options === 'boolean' ? { dark: options } : options;
  const headerBg = headerBackground(dark, typeof options === 'boolean' ? undefined : options.headerBg);
  const onPrimary = readableTextOn(themeColor);
  const primaryTooLightForText = contrast(luminance(themeColor), 1) < 3;
  const isDefaultPrimary = themeColor.toUpperCase() === THEME_COLORS.colorPrimary;
  const lightLink = isDefaultPrimary ? '#9C7A00' : primaryTooLightForText ? darken(themeColor, 0.38) : themeColor;
  const lightLinkHover = isDefaultPrimary ? '#7A5F00' : darken(lightLink, 0.2);
  const darkLinkHover = isDefaultPrimary ? '#FFE14D' : lighten(themeColor, 0.25);
  const menuDark = menuThemeFor(menuBg) === 'dark';
  return {
    algorithm: dark ? theme.darkAlgorithm : theme.defaultAlgorithm,
    token: {
      ...THEME_COLORS,
      colorPrimary: themeColor,
      colorInfo: themeColor,
      colorLink: dark ? themeColor : lightLink,
      colorLinkHover: dark ? darkLinkHover : lightLinkHover,
      borderRadius: 6,
      ...ANTD_SCREEN_TOKENS,
    },
    components: {
      Button: { primaryColor: onPrimary, primaryShadow: 'none' },
      Radio: { buttonSolidCheckedColor: onPrimary },
      Menu: {
        darkItemBg: menuBg,
        darkSubMenuItemBg: menuDark ? darken(menuBg, 0.3) : menuBg,
        darkPopupBg: menuBg,
        darkItemSelectedBg: themeColor,
        darkItemSelectedColor: onPrimary,
      },
      Layout: {
        siderBg: menuBg,
        headerBg,
        headerHeight: 48,
        headerPadding: '0 12px',
        bodyBg: dark ? '#000000' : '#f0f2f5',
      },
    },
  };
}

/**
 * CSS variables for the few styles drawn outside antd's components (progress bar, avatars,
 * dashboard icon tints), so they follow the chosen theme colour too.
 */
export function primaryCssVariables(themeColor: string, dark: boolean): Record<string, string> {
  const { token } = buildTheme({ dark, themeColor });
  const [r, g, b] = channels(themeColor);
  return {
    '--app-primary': themeColor,
    '--app-on-primary': readableTextOn(themeColor),
    '--app-primary-text': String(token?.colorLink ?? themeColor),
    '--app-primary-soft': `rgba(${r}, ${g}, ${b}, 0.18)`,
  };
}
