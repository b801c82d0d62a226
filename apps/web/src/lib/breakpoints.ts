/**
 * Screen breakpoints of the spec (§9), in px: the minimum widths of the xs … xxl ranges.
 * Mobile is under `lg` (960): the menu becomes a drawer and wide tables scroll sideways.
 */
export const BREAKPOINTS = { xs: 320, sm: 640, md: 768, lg: 960, xl: 1280, xxl: 1536 } as const;

export const MOBILE_BREAKPOINT = BREAKPOINTS.lg;

/**
 * antd's screen tokens set to the spec's breakpoints, so `Grid.useBreakpoint` and responsive
 * props agree with the layout. antd derives the Min/Max tokens from its own defaults, not from
 * overridden sizes, so each range is given whole.
 */
export const ANTD_SCREEN_TOKENS = {
  screenXS: BREAKPOINTS.xs,
  screenXSMin: BREAKPOINTS.xs,
  screenXSMax: BREAKPOINTS.sm - 1,
  screenSM: BREAKPOINTS.sm,
  screenSMMin: BREAKPOINTS.sm,
  screenSMMax: BREAKPOINTS.md - 1,
  screenMD: BREAKPOINTS.md,
  screenMDMin: BREAKPOINTS.md,
  screenMDMax: BREAKPOINTS.lg - 1,
  screenLG: BREAKPOINTS.lg,
  screenLGMin: BREAKPOINTS.lg,
  screenLGMax: BREAKPOINTS.xl - 1,
  screenXL: BREAKPOINTS.xl,
  screenXLMin: BREAKPOINTS.xl,
  screenXLMax: BREAKPOINTS.xxl - 1,
  screenXXL: BREAKPOINTS.xxl,
  screenXXLMin: BREAKPOINTS.xxl,
} as const;
