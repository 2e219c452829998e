import { useMemo } from 'react';
import { SimpleGrid, Skeleton, Stack } from '@mantine/core';
import type { ByMonthResponse } from '#shared/contracts/performance-charts.ts';
import type { ByAgencyResponse, ByCarrierResponse } from '#shared/contracts/production.ts';
import { formatMoney, formatPercent, NOT_REPORTED } from '#client/components/figures.tsx';
import { ChartCard } from './chart-card.tsx';
import {
  agencyRanking,
  carrierMovers,
  lineMixTable,
  monthlyTable,
  pickColumns,
  type ChartTable,
} from './performance-charts-model.ts';

const CURRENT = '#124f93';
/** At least 3:1 against white, as graphics need. */
const PRIOR = '#868e96';
const GREW = '#2b8a3e';
const SHRANK = '#c92a2a';
const MIX = ['#124f93', '#e8590c', '#2b8a3e', '#862e9c', '#c92a2a', '#0b7285', '#5c940d', '#a61e4d'];
const HEIGHT = 280;

const money = (value: number) => formatMoney(value);
const percent = (value: number) => formatPercent(value);

/** Every row of a table in words, for the figure's description. */
function describe(table: ChartTable): string {
  const [name, ...values] = table.columns;
  return table.rows
    .map(
      (row) =>
        `${String(row[name!.key])}: ${values
          .map((c) => {
            const v = row[c.key];
            const text =
              v === null || v === undefined
                ? NOT_REPORTED
                : typeof v === 'number'
                  ? c.kind === 'percent'
                    ? percent(v)
                    : money(v)
                  : v;
            return `${c.label} ${text}`;
          })
          .join(', ')}`,
    )
    .join('; ');
}

export type ChartsData = {
  byMonth: ByMonthResponse | undefined;
  byCarrier: ByCarrierResponse | undefined;
  /** A network's agencies; null at an agency level (no ranking). */
  byAgency: ByAgencyResponse | undefined | null;
  /** Line code -> name, from the line-of-business tree. */
  lineNames: ReadonlyMap<string, string>;
  /** The period's text, for file names. */
  period: string;
};

function Pending() {
  return <Skeleton height={HEIGHT + 60} radius="sm" />;
}

/**
 * One measure by month against the prior year (the table's second and third columns): money as bars,
 * a ratio as lines.
 */
function MonthlyChart({
  title,
  table,
  label,
  period,
  kind = 'columns',
  format = money,
}: {
  title: string;
  table: ChartTable;
  label: string;
  period: string;
  kind?: 'columns' | 'line';
  format?: (value: number) => string;
}) {
  const [current, prior] = table.columns.slice(1).map((c) => c.key);
  return (
    <ChartCard
      title={title}
      summary={describe(table)}
      table={table}
      period={period}
      drawing={{
        kind,
        height: HEIGHT,
        rows: table.rows,
        categoryKey: 'month',
        axisWidth: 96,
        series: [
          { key: current!, label, color: CURRENT },
          { key: prior!, label: 'Prior Year', color: PRIOR },
        ],
        format,
        withLegend: true,
      }}
    />
  );
}

/** The month-by-month charts against the prior year: written premium, new business, loss ratio. */
function MonthlyCharts({ byMonth, period }: { byMonth: ByMonthResponse; period: string }) {
  const table = useMemo(() => monthlyTable(byMonth), [byMonth]);
  const written = pickColumns(table, ['month', 'writtenPremium', 'priorWrittenPremium']);
  const newBusiness = pickColumns(table, ['month', 'newBusiness', 'priorNewBusiness']);
  const loss = pickColumns(table, ['month', 'lossRatio', 'priorLossRatio']);
  return (
    <>
      <MonthlyChart
        title="Written Premium by Month"
        table={written}
        label="Written Premium"
        period={period}
      />
      <MonthlyChart title="New Business by Month" table={newBusiness} label="New Business" period={period} />
      <MonthlyChart
        title="Loss Ratio by Month"
        table={loss}
        label="Loss Ratio"
        period={period}
        kind="line"
        format={percent}
      />
    </>
  );
}

function MixChart({
  byMonth,
  lineNames,
  period,
}: {
  byMonth: ByMonthResponse;
  lineNames: ReadonlyMap<string, string>;
  period: string;
}) {
  const table = useMemo(() => lineMixTable(byMonth, lineNames), [byMonth, lineNames]);
  // A share of the whole: only the lines that wrote premium have a slice.
  const slices = table.rows
    .filter((row) => typeof row.writtenPremium === 'number' && row.writtenPremium > 0)
    .map((row, i) => ({
      name: String(row.line),
      value: row.writtenPremium as number,
      color: MIX[i % MIX.length]!,
    }));
  return (
    <ChartCard
      title="Mix by Line"
      summary={describe(table)}
      table={table}
      period={period}
      drawing={{ kind: 'donut', height: HEIGHT, size: 200, thickness: 36, slices, format: money }}
    />
  );
}

function MoverChart({
  title,
  table,
  colour,
  period,
}: {
  title: string;
  table: ChartTable;
  colour: string;
  period: string;
}) {
  return (
    <ChartCard
      title={title}
      summary={describe(table)}
      table={table}
      period={period}
      drawing={{
        kind: 'rows',
        height: HEIGHT,
        rows: table.rows,
        categoryKey: 'carrier',
        axisWidth: 180,
        series: [{ key: 'change', label: 'Change in Written Premium', color: colour }],
        format: money,
      }}
    />
  );
}

/**
 * Performance Charts' charts, in the page's first load: each shows a skeleton until its data has
 * come, then its card (heading, figure, description, table, downloads); the drawing itself comes
 * with the charting library (chart-card.tsx).
 */
export function PerformanceChartsGrid({ byMonth, byCarrier, byAgency, lineNames, period }: ChartsData) {
  const movers = useMemo(() => (byCarrier ? carrierMovers(byCarrier) : null), [byCarrier]);
  const ranking = useMemo(() => (byAgency ? agencyRanking(byAgency) : null), [byAgency]);
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xl: 2 }} spacing="md">
        {byMonth ? (
          <MonthlyCharts byMonth={byMonth} period={period} />
        ) : (
          [1, 2, 3].map((i) => <Pending key={i} />)
        )}
        {byMonth ? <MixChart byMonth={byMonth} lineNames={lineNames} period={period} /> : <Pending />}
        {movers ? (
          <>
            <MoverChart title="Carriers That Grew Most" table={movers.grew} colour={GREW} period={period} />
            <MoverChart
              title="Carriers That Shrank Most"
              table={movers.shrank}
              colour={SHRANK}
              period={period}
            />
          </>
        ) : (
          [1, 2].map((i) => <Pending key={i} />)
        )}
        {byAgency === null ? null : ranking ? (
          <ChartCard
            title="Top Agencies by Written Premium"
            summary={describe(ranking)}
            table={ranking}
            period={period}
            drawing={{
              kind: 'rows',
              height: HEIGHT + 80,
              rows: ranking.rows,
              categoryKey: 'agency',
              axisWidth: 200,
              series: [
                { key: 'writtenPremium', label: 'Written Premium', color: CURRENT },
                { key: 'priorWrittenPremium', label: 'Prior Written Premium', color: PRIOR },
              ],
              format: money,
              withLegend: true,
            }}
          />
        ) : (
          <Pending />
        )}
      </SimpleGrid>
    </Stack>
  );
}
