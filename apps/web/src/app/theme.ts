import { theme, type ThemeConfig } from 'antd';

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
export const SIDER_BG = '#001529';

/**
 * Light content with a dark menu in light mode (PRODUCT.md §9); the dark algorithm in dark
 * mode. Links and primary-coloured text get a deeper gold in light mode so they stay legible
 * on white; fills keep the exact primary colour.
 */
export function buildTheme(dark: boolean): ThemeConfig {
  return {
    algorithm: dark ? theme.darkAlgorithm : theme.defaultAlgorithm,
    token: {
      ...THEME_COLORS,
      colorLink: dark ? THEME_COLORS.colorPrimary : '#9C7A00',
      colorLinkHover: dark ? '#FFE14D' : '#7A5F00',
      borderRadius: 6,
    },
    components: {
      Button: { primaryColor: ON_PRIMARY_TEXT, primaryShadow: 'none' },
      Radio: { buttonSolidCheckedColor: ON_PRIMARY_TEXT },
      Menu: {
        darkItemBg: SIDER_BG,
        darkSubMenuItemBg: '#000c17',
        darkPopupBg: SIDER_BG,
        darkItemSelectedBg: THEME_COLORS.colorPrimary,
        darkItemSelectedColor: ON_PRIMARY_TEXT,
      },
      Layout: {
        siderBg: SIDER_BG,
        headerBg: dark ? '#141414' : '#ffffff',
        headerHeight: 48,
        headerPadding: '0 12px',
        bodyBg: dark ? '#000000' : '#f0f2f5',
      },
    },
  };
}
