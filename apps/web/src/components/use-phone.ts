import { Grid } from 'antd';

/**
 * A phone-wide screen (antd's xs, under 576 px): the store's tables then fold their columns into
 * one or two cells so the status, points and actions stay in view without scrolling sideways.
 */
export function usePhone(): boolean {
  return Grid.useBreakpoint().xs === true;
}
