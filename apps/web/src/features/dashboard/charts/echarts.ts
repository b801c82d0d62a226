import { BarChart, LineChart, PieChart, type BarSeriesOption, type LineSeriesOption, type PieSeriesOption } from 'echarts/charts';
import {
  GridComponent,
  LegendComponent,
  TooltipComponent,
  type GridComponentOption,
  type LegendComponentOption,
  type TooltipComponentOption,
} from 'echarts/components';
import { use as registerParts, type ComposeOption } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

/**
 * The only ECharts pieces the dashboard draws with: registering them on `echarts/core` (instead
 * of importing `echarts`) keeps the other chart types, components and the SVG renderer out of
 * the bundle.
 */
registerParts([LineChart, BarChart, PieChart, GridComponent, TooltipComponent, LegendComponent, CanvasRenderer]);

export type ChartOption = ComposeOption<
  LineSeriesOption | BarSeriesOption | PieSeriesOption | GridComponentOption | TooltipComponentOption | LegendComponentOption
>;

export { init, type ECharts } from 'echarts/core';
