/**
 * Performance Charts' drawings, by Mantine's charts package (recharts): bars by month, bars along
 * rows, lines, and the mix as a donut. This module and the library are one lazy chunk that /dataviz
 * requests right after its first render (chart-card.tsx, `loadChartsDrawing`); until it arrives,
 * each figure holds an empty box of the chart's height. No other page imports it (the bundle check's
 * `afterFirstRender`, scripts/bundle-budget.json).
 *
 * The drawing is a picture inside ChartCard's figure, which names it, describes it in words, offers
 * its table and takes the keyboard: recharts' own accessibility layer is off (one tab stop a chart),
 * and the figure's arrow keys show the library's tooltip at `active` (the tooltip's `defaultIndex`).
 */
import '@mantine/charts/styles.css';
import { BarChart, DonutChart, LineChart } from '@mantine/charts';
import type { ChartRow } from './performance-charts-model.ts';

/** One measure of a chart: the row's key it reads, its name and its colour. */
export type ChartSeries = { key: string; label: string; color: string };
export type DonutSlice = { name: string; value: number; color: string };

/** What a chart draws, as ChartCard hands it over (the figure also reads it for its live text). */
export type Drawing =
  | {
      /** Bars standing on the months, bars lying along rows of carriers or agencies, or lines. */
      kind: 'columns' | 'rows' | 'line';
      rows: ChartRow[];
      categoryKey: string;
      series: ChartSeries[];
      format: (value: number) => string;
      height: number;
      /** The room for the value axis's labels (columns, line) or the categories' names (rows). */
      axisWidth: number;
      withLegend?: boolean;
    }
  | {
      /** Shares of a whole, each slice labelled with its percentage. */
      kind: 'donut';
      slices: DonutSlice[];
      format: (value: number) => string;
      height: number;
      size: number;
      thickness: number;
    };

/** About how wide a character of the axes' text is at most, to cut the rows' names to one line. */
const CHAR_WIDTH = 8;

/** A label cut to `chars` characters, with an ellipsis. */
const cut = (text: string, chars: number) =>
  text.length <= chars ? text : `${text.slice(0, Math.max(1, chars - 1))}…`;

/**
 * One chart drawn. `active` is the item (month, carrier, slice) the figure's keyboard points at, its
 * tooltip shown; null shows none (the pointer still shows its own).
 */
export function ChartDrawing({ drawing, active }: { drawing: Drawing; active: number | null }) {
  const tooltipProps = { defaultIndex: active ?? undefined };
  if (drawing.kind === 'donut') {
    return (
      <DonutChart
        // The whole width and the figure's height (Mantine's donut is a square of its size, its
        // labels and legend), the legend below the ring.
        w="100%"
        miw={0}
        h={drawing.height}
        mih={drawing.height}
        data={drawing.slices}
        size={drawing.size}
        thickness={drawing.thickness}
        withLabels
        labelsType="percent"
        withLegend
        legendProps={{ itemSorter: null }}
        tooltipDataSource="segment"
        valueFormatter={drawing.format}
        accessibilityLayer={false}
        pieProps={{ isAnimationActive: false, rootTabIndex: -1 }}
        tooltipProps={tooltipProps}
      />
    );
  }
  const { rows, categoryKey, series, format, height, axisWidth, withLegend = false } = drawing;
  const common = {
    h: height,
    data: rows,
    dataKey: categoryKey,
    series: series.map((s) => ({ name: s.key, label: s.label, color: s.color })),
    valueFormatter: format,
    withLegend,
    // In the series' order (the library sorts them by name otherwise).
    legendProps: { verticalAlign: 'bottom' as const, height: 40, itemSorter: null },
    accessibilityLayer: false,
    tooltipProps,
    tooltipAnimationDuration: 0,
  };
  if (drawing.kind === 'line') {
    return (
      <LineChart
        {...common}
        // A month not reported is a gap, not a line across it.
        connectNulls={false}
        curveType="linear"
        yAxisProps={{ width: axisWidth }}
        lineProps={{ isAnimationActive: false }}
      />
    );
  }
  if (drawing.kind === 'rows') {
    return (
      <BarChart
        {...common}
        orientation="vertical"
        gridAxis="x"
        yAxisProps={{
          width: axisWidth,
          tickFormatter: (name: string) => cut(String(name), Math.floor((axisWidth - 24) / CHAR_WIDTH)),
        }}
        barProps={{ isAnimationActive: false }}
      />
    );
  }
  return <BarChart {...common} yAxisProps={{ width: axisWidth }} barProps={{ isAnimationActive: false }} />;
}
