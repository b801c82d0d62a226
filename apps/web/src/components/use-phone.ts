import { Grid } from 'antd';

/**
 * A phone-wide screen (antd's xs, under 576 px): tables that fold their columns there (the
 * store's) keep the status, points and actions in view without scrolling sideways.
 */
export function usePhone(): boolean {
  return Grid.useBreakpoint().xs === true;
}
