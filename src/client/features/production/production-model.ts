/**
 * The Carrier Production screen's computations, free of React: rows and their measures from the
 * by-carrier and by-agency answers, search, sorting, the query string, the
 * chart's sums and the export's file name.
 */
import type { LineOfBusinessNode } from '#shared/contracts/lines-of-business.ts';
import {
  BROAD_LINE_CODES,
  type BroadLineCode,
  type ByAgencyResponse,
  type ByCarrierResponse,
  NO_FIGURES,
  type ProductionFigures,
} from '#shared/contracts/production.ts';
import { changePercent, lossRatio, newBusinessChangePercent } from '#shared/domain/measures.ts';
import { compositeKinds, type CarrierComposite } from '#shared/domain/carrier-composite.ts';
import type { Timeframe } from '#shared/domain/timeframe.ts';
import { isIncomplete } from '#shared/domain/incomplete-data.ts';
import type { Sort } from '#client/components/report/sort-header.tsx';
import { typesOfLine } from '#client/components/report/standard-types-query.ts';

export type ProductionView = 'carriers' | 'agencies';

/** The line selector (spec part 1 §2): 'P&C' is the total. */
export const LINE_OPTIONS: readonly { value: BroadLineCode; label: string }[] = [
  { value: 'P&C', label: 'Total (P&C)' },
  { value: 'PL', label: 'PL' },
  { value: 'CL', label: 'CL' },
  { value: 'BOND', label: 'Bond' },
  { value: 'CROP', label: 'Crop' },
];

export const TOTAL_LINE: BroadLineCode = 'P&C';

export function isBroadLineCode(value: string | null): value is BroadLineCode {
  return (BROAD_LINE_CODES as readonly string[]).includes(value ?? '');
}

/** The figures of one row as the table shows them (percentages in percent). */
export type Measures = {
  writtenPremium: number | null;
  priorWrittenPremium: number | null;
  writtenPremiumChange: number | null;
  newBusiness: number | null;
  priorNewBusiness: number | null;
  newBusinessChange: number | null;
  earned: number | null;
  incurred: number | null;
  lossRatio: number | null;
  priorLossRatio: number | null;
};

export type LineRow = { code: string; label: string; measures: Measures };

export type ProductionRow = {
  id: string;
  /** What search matches (spec part 1 §5: a case-insensitive contains on the name). */
  name: string;
  /** What the table shows: the carrier name, or 'name - city - state' for an agency. */
  label: string;
  /** Carrier data is missing for a month of the period or of the prior period. */
  incomplete: boolean;
  measures: Measures;
  /** The row's lines (broad lines, or the chosen line's standard types), without the total. */
  lines: LineRow[];
};

/** DESIGN §6: ratios from the summed amounts; change against the prior period. */
export function measuresOf(f: ProductionFigures): Measures {
  return {
    writtenPremium: f.writtenPremium,
    priorWrittenPremium: f.priorWrittenPremium,
    writtenPremiumChange: changePercent(f.writtenPremium, f.priorWrittenPremium),
    newBusiness: f.newWrittenPremium,
    priorNewBusiness: f.priorNewWrittenPremium,
    newBusinessChange: newBusinessChangePercent(f.newWrittenPremium, f.priorNewWrittenPremium),
    earned: f.earned,
    incurred: f.incurred,
    lossRatio: lossRatio(f.incurred, f.earned),
    priorLossRatio: lossRatio(f.priorIncurred, f.priorEarned),
  };
}

/** Names and display order of the line codes, from the line-of-business tree. */
export type LineCatalog = { names: Map<string, string>; order: Map<string, number> };

export function lineCatalog(tree: readonly LineOfBusinessNode[] | undefined): LineCatalog {
  const names = new Map<string, string>();
  const order = new Map<string, number>();
  const visit = (nodes: readonly LineOfBusinessNode[]) => {
    for (const node of nodes) {
      if (!names.has(node.code)) {
        names.set(node.code, node.name);
        order.set(node.code, order.size);
      }
      visit(node.children);
    }
  };
  visit(tree ?? []);
  return { names, order };
}

/** The standard types of a broad line, for the multiselect (none for the total). */
export function standardTypeOptions(
  tree: readonly LineOfBusinessNode[] | undefined,
  line: BroadLineCode,
): { value: string; label: string }[] {
  return line === TOTAL_LINE ? [] : typesOfLine(tree, line);
}

export function lineRows(
  lines: Record<string, ProductionFigures>,
  total: BroadLineCode,
  catalog: LineCatalog,
): LineRow[] {
  return Object.entries(lines)
    .filter(([code]) => code !== total)
    .sort(
      ([a], [b]) =>
        (catalog.order.get(a) ?? Number.MAX_SAFE_INTEGER) -
          (catalog.order.get(b) ?? Number.MAX_SAFE_INTEGER) || a.localeCompare(b),
    )
    .map(([code, figures]) => ({
      code,
      label: catalog.names.get(code) ?? code,
      measures: measuresOf(figures),
    }));
}

export function carrierRows(response: ByCarrierResponse, catalog: LineCatalog): ProductionRow[] {
  return Object.entries(response.carriers).map(([id, carrier]) => ({
    id,
    name: carrier.carrierName,
    label: carrier.carrierName,
    incomplete: isIncomplete(carrier),
    measures: measuresOf(carrier.lines[response.lineCode] ?? NO_FIGURES),
    lines: lineRows(carrier.lines, response.lineCode, catalog),
  }));
}

export function agencyRows(response: ByAgencyResponse, catalog: LineCatalog): ProductionRow[] {
  return response.agencies.map((agency) => ({
    id: agency.agencyUuid,
    name: agency.name,
    label: `${agency.name} - ${agency.agencyCity} - ${agency.agencyState}`,
    incomplete: isIncomplete(agency),
    measures: measuresOf(agency.lines[response.lineCode] ?? NO_FIGURES),
    lines: lineRows(agency.lines, response.lineCode, catalog),
  }));
}

/** A case-insensitive contains on the name; a blank term keeps every row. */
export function searchRows(rows: ProductionRow[], term: string): ProductionRow[] {
  const needle = term.trim().toLocaleLowerCase();
  if (!needle) return rows;
  return rows.filter((row) => row.name.toLocaleLowerCase().includes(needle));
}

export type SortKey = 'label' | keyof Measures;
export type SortState = Sort<SortKey>;

/** Spec part 2 §9: current written premium, highest first. */
export const DEFAULT_SORT: SortState = { key: 'writtenPremium', direction: 'desc' };

const collator = new Intl.Collator('en-US', { sensitivity: 'base', numeric: true });

/** Sorted copy; values not reported go last in either direction, ties by name. */
export function sortRows(rows: ProductionRow[], { key, direction }: SortState): ProductionRow[] {
  const sign = direction === 'asc' ? 1 : -1;
  const byName = (a: ProductionRow, b: ProductionRow) => collator.compare(a.label, b.label);
  if (key === 'label') return [...rows].sort((a, b) => sign * byName(a, b));
  return [...rows].sort((a, b) => {
    const x = a.measures[key];
    const y = b.measures[key];
    if (x === null || y === null) return x === y ? byName(a, b) : x === null ? 1 : -1;
    return sign * (x - y) || byName(a, b);
  });
}

export type ProductionRequest = {
  levelUuid: string;
  timeframe: Pick<Timeframe, 'startDate' | 'endDate'>;
  line: BroadLineCode;
  standardTypes: readonly string[];
  composite: CarrierComposite;
};

/** The query string of by-carrier, by-agency and the export. */
export function productionSearchParams(request: ProductionRequest): URLSearchParams {
  const params = new URLSearchParams({
    levelUuid: request.levelUuid,
    startDate: request.timeframe.startDate,
    endDate: request.timeframe.endDate,
    broadLineOfBusinessStandardTypeCode: request.line,
  });
  if (request.line !== TOTAL_LINE && request.standardTypes.length > 0) {
    params.set('standardTypes', request.standardTypes.join(','));
  }
  for (const [flag, on] of Object.entries(compositeKinds(request.composite))) {
    params.set(flag, String(on));
  }
  return params;
}

export type ChartBar = { code: string; label: string; current: number; prior: number };

/** Written premium and prior written premium per line over the rows, largest first. */
export function chartBars(rows: ProductionRow[], limit = 8): ChartBar[] {
  const sums = new Map<string, ChartBar>();
  for (const row of rows) {
    for (const line of row.lines) {
      const bar = sums.get(line.code) ?? { code: line.code, label: line.label, current: 0, prior: 0 };
      bar.current += line.measures.writtenPremium ?? 0;
      bar.prior += line.measures.priorWrittenPremium ?? 0;
      sums.set(line.code, bar);
    }
  }
  return [...sums.values()]
    .filter((bar) => bar.current !== 0 || bar.prior !== 0)
    .sort((a, b) => b.current - a.current || b.prior - a.prior)
    .slice(0, limit);
}

/**
 * The file name of a Content-Disposition header (RFC 6266: `filename*` wins over `filename`), or the
 * fallback when there is none. Path separators are dropped.
 */
export function attachmentFilename(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  let name: string | undefined;
  if (extended?.[1]) {
    try {
      name = decodeURIComponent(extended[1].trim());
    } catch {
      name = undefined;
    }
  }
  if (!name) {
    const quoted = /filename\s*=\s*"((?:\\.|[^"\\])*)"/.exec(header);
    const bare = /filename\s*=\s*([^;"\s]+)/.exec(header);
    name = quoted?.[1]?.replace(/\\(.)/g, '$1') ?? bare?.[1];
  }
  const safe = name?.replace(/[/\\]/g, '_').trim();
  return safe ? safe : fallback;
}
