/**
 * Performance Charts' series, free of React: each chart's points and the table that stands for it
 * (shown on demand and downloaded as CSV). Amounts come from the server as exact dollars; sums and
 * differences are taken in whole cents (BigInt), ratios from summed amounts (DESIGN §6).
 */
import type { ByMonthResponse } from '#shared/contracts/performance-charts.ts';
import type { ByAgencyResponse, ByCarrierResponse, ProductionFigures } from '#shared/contracts/production.ts';
import { csvText } from '#shared/domain/csv.ts';
import { changePercent, lossRatio } from '#shared/domain/measures.ts';
import { parseYearMonth } from '#shared/domain/reporting-month.ts';
import { percentOf, toCents } from '#shared/domain/scorecard.ts';
import { MONTH_NAMES } from '#client/lib/month-names.ts';

/** How a column's values read: text, dollars, or a percentage. */
export type ColumnKind = 'text' | 'money' | 'percent';
export type ChartColumn = { key: string; label: string; kind: ColumnKind };
export type ChartRow = Record<string, string | number | null>;

/** A chart's data as a table: its alternative on screen and its CSV. */
export type ChartTable = { columns: ChartColumn[]; rows: ChartRow[] };

/** 'Jan 2026' for '2026-01'. */
export function monthLabel(month: string): string {
  const parsed = parseYearMonth(month);
  if (!parsed) return month;
  return `${MONTH_NAMES[parsed.month - 1]!.slice(0, 3)} ${parsed.year}`;
}

const cents = (dollars: number | null) => (dollars === null ? null : toCents(dollars));
const dollars = (value: bigint | null) => (value === null ? null : Number(value) / 100);

/** The months of the period with the line's figures and those of the same month a year earlier. */
export function monthlyTable(answer: ByMonthResponse): ChartTable {
  return {
    columns: [
      { key: 'month', label: 'Month', kind: 'text' },
      { key: 'writtenPremium', label: 'Written Premium', kind: 'money' },
      { key: 'priorWrittenPremium', label: 'Prior Year Written Premium', kind: 'money' },
      { key: 'newBusiness', label: 'New Business', kind: 'money' },
      { key: 'priorNewBusiness', label: 'Prior Year New Business', kind: 'money' },
      { key: 'lossRatio', label: 'Loss Ratio', kind: 'percent' },
      { key: 'priorLossRatio', label: 'Prior Year Loss Ratio', kind: 'percent' },
    ],
    rows: answer.months.map(({ month, lines }) => {
      const f: Partial<ProductionFigures> = lines[answer.lineCode] ?? {};
      return {
        month: monthLabel(month),
        writtenPremium: f.writtenPremium ?? null,
        priorWrittenPremium: f.priorWrittenPremium ?? null,
        newBusiness: f.newWrittenPremium ?? null,
        priorNewBusiness: f.priorNewWrittenPremium ?? null,
        lossRatio: lossRatio(f.incurred ?? null, f.earned ?? null),
        priorLossRatio: lossRatio(f.priorIncurred ?? null, f.priorEarned ?? null),
      };
    }),
  };
}

/** Only the columns `keys` of a table (one chart of the monthly figures). */
export function pickColumns(table: ChartTable, keys: readonly string[]): ChartTable {
  const columns = keys.map((key) => table.columns.find((c) => c.key === key)!);
  return {
    columns,
    rows: table.rows.map((row) => Object.fromEntries(keys.map((key) => [key, row[key] ?? null]))),
  };
}

/**
 * The mix by line: the period's written premium of each line below the chosen one (the broad lines
 * for the total, else its standard types) and its share of the line's total, from the cents.
 */
export function lineMixTable(answer: ByMonthResponse, names: ReadonlyMap<string, string>): ChartTable {
  const total = cents(answer.totals[answer.lineCode]?.writtenPremium ?? null);
  const rows = Object.entries(answer.totals)
    .filter(([code]) => code !== answer.lineCode)
    .map(([code, f]) => ({ code, written: cents(f.writtenPremium) }))
    .filter((line): line is { code: string; written: bigint } => line.written !== null)
    .sort((a, b) => (a.written === b.written ? a.code.localeCompare(b.code) : a.written > b.written ? -1 : 1))
    .map(({ code, written }) => ({
      line: names.get(code) ?? code,
      writtenPremium: dollars(written),
      share: percentOf(written, total),
    }));
  return {
    columns: [
      { key: 'line', label: 'Line', kind: 'text' },
      { key: 'writtenPremium', label: 'Written Premium', kind: 'money' },
      { key: 'share', label: 'Share of Written Premium', kind: 'percent' },
    ],
    rows,
  };
}

const changeColumns: ChartColumn[] = [
  { key: 'writtenPremium', label: 'Written Premium', kind: 'money' },
  { key: 'priorWrittenPremium', label: 'Prior Written Premium', kind: 'money' },
  { key: 'change', label: 'Change', kind: 'money' },
  { key: 'changePercent', label: 'Change %', kind: 'percent' },
];

/**
 * The carriers whose written premium grew and shrank most against the prior period (the line's
 * figures; a carrier with neither figure reported is left out), `limit` of each, largest change first.
 */
export function carrierMovers(
  answer: ByCarrierResponse,
  limit = 5,
): { grew: ChartTable; shrank: ChartTable } {
  const moves = Object.values(answer.carriers).flatMap((carrier) => {
    const f = carrier.lines[answer.lineCode];
    if (!f || (f.writtenPremium === null && f.priorWrittenPremium === null)) return [];
    const change = (cents(f.writtenPremium) ?? 0n) - (cents(f.priorWrittenPremium) ?? 0n);
    return [{ name: carrier.carrierName, f, change }];
  });
  const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
  const table = (rows: typeof moves): ChartTable => ({
    columns: [{ key: 'carrier', label: 'Carrier', kind: 'text' }, ...changeColumns],
    rows: rows.slice(0, limit).map(({ name, f, change }) => ({
      carrier: name,
      writtenPremium: f.writtenPremium,
      priorWrittenPremium: f.priorWrittenPremium,
      change: dollars(change),
      changePercent: changePercent(f.writtenPremium, f.priorWrittenPremium),
    })),
  });
  return {
    grew: table(
      moves
        .filter((m) => m.change > 0n)
        .sort((a, b) => (a.change === b.change ? byName(a, b) : a.change > b.change ? -1 : 1)),
    ),
    shrank: table(
      moves
        .filter((m) => m.change < 0n)
        .sort((a, b) => (a.change === b.change ? byName(a, b) : a.change < b.change ? -1 : 1)),
    ),
  };
}

/** A network's agencies by written premium of the period, highest first, the first `limit`. */
export function agencyRanking(answer: ByAgencyResponse, limit = 10): ChartTable {
  const rows = answer.agencies
    .flatMap((agency) => {
      const f = agency.lines[answer.lineCode];
      if (!f || f.writtenPremium === null) return [];
      return [{ name: agency.name, f, written: toCents(f.writtenPremium) }];
    })
    .sort((a, b) => (a.written === b.written ? a.name.localeCompare(b.name) : a.written > b.written ? -1 : 1))
    .slice(0, limit);
  return {
    columns: [{ key: 'agency', label: 'Agency', kind: 'text' }, ...changeColumns],
    rows: rows.map(({ name, f }) => ({
      agency: name,
      writtenPremium: f.writtenPremium,
      priorWrittenPremium: f.priorWrittenPremium,
      change:
        f.priorWrittenPremium === null
          ? null
          : dollars(toCents(f.writtenPremium!) - toCents(f.priorWrittenPremium)),
      changePercent: changePercent(f.writtenPremium, f.priorWrittenPremium),
    })),
  };
}

/** Percentages to one decimal in the CSV, as on screen; amounts exact to the cent. */
function csvValue(value: string | number | null, kind: ColumnKind): string | number | null {
  if (value === null || typeof value === 'string') return value;
  return kind === 'percent' ? Math.round(value * 10) / 10 : value;
}

/** A chart's table as CSV text: its column labels, then its rows. */
export function chartCsv(table: ChartTable): string {
  return csvText(
    table.columns.map((c) => c.label),
    table.rows.map((row) => table.columns.map((c) => csvValue(row[c.key] ?? null, c.kind))),
  );
}

/** A file name for a chart's download: its title and the period, e.g. 'Loss_Ratio_by_Month_YTD_2026.csv'. */
export function chartFileName(title: string, period: string, extension: 'csv' | 'png'): string {
  const safe = `${title} ${period}`.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_+|_+$/g, '');
  return `${safe}.${extension}`;
}
