/**
 * Screen breakpoints of the spec (§9), in px: the minimum widths of the xs … xxl ranges.
 * Mobile is under `lg` (960): the menu becomes a drawer and wide tables scroll sideways.
 */
export const BREAKPOINTS = { xs: 320, sm: 640, md: 768, lg: 960, xl: 1280, xxl: 1536 } as const;

export const MOBILE_BREAKPOINT = BREAKPOINTS.lg;

/** antd's screen tokens set to the spec's breakpoints, so `Grid.useBreakpoint` and responsive props agree with the layout. */
export const ANTD_SCREEN_TOKENS = {
  screenXS: BREAKPOINTS.xs,
  screenSM: BREAKPOINTS.sm,
  screenMD: BREAKPOINTS.md,
  screenLG: BREAKPOINTS.lg,
  screenXL: BREAKPOINTS.xl,
  screenXXL: BREAKPOINTS.xxl,
} as const;
