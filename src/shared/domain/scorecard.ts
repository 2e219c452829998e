/**
 * The agency production scorecard's rules (spec part 2 §2 "Agency production scorecard", §4
 * Scorecard, §5 Scorecard and planning tool, §9): its timeframe and modes, its title, which rows show,
 * the select-all state, and the exact sums of a selection. One definition for the page, the server
 * and the export.
 */
import { addMonths, formatYearMonth, latestReportingMonth, type YearMonth } from './reporting-month.ts';
import type { CalendarDay } from './timeframe.ts';

export const NOT_MAPPED_TO_LOWEST_LOB = 'Agency did not map to lowest LOB level';
export const CORE_CARRIER_BADGE = 'Core carrier';
export const CARRIER_SEARCH_PLACEHOLDER = 'Search for carrier...';
export const TOTALS_LABEL = 'Totals:';
/** Spec part 2 §9: "Scorecard table page size 5". */
export const SCORECARD_PAGE_SIZE = 5;
/** How many years the year picker offers, the working year first. */
export const SCORECARD_YEARS = 5;

/** Spec part 2 §4: 'trailing' (12M Book) or 'ytd'. */
export type ScorecardMode = 'trailing' | 'ytd';
export const SCORECARD_MODE_LABELS: Record<ScorecardMode, string> = { trailing: '12M Book', ytd: 'YTD' };

/** The carrier type filter: All, Core, Non-Core. */
export type CarrierType = 'all' | 'core' | 'noncore';
export const CARRIER_TYPE_LABELS: Record<CarrierType, string> = {
  all: 'All',
  core: 'Core',
  noncore: 'Non-Core',
};

/** The year of the latest reporting month: the scorecard's current year (DESIGN §6). */
export function currentScorecardYear(today: CalendarDay): number {
  return Number(latestReportingMonth(today).slice(0, 4));
}

/** The years offered, the current one first. */
export function scorecardYears(today: CalendarDay): number[] {
  const current = currentScorecardYear(today);
  return Array.from({ length: SCORECARD_YEARS }, (_, i) => current - i);
}

/** Spec part 2 §2: "The switch is offered only for the current year". */
export function offersModeSwitch(year: number, today: CalendarDay): boolean {
  return year === currentScorecardYear(today);
}

/** Spec part 2 §4: "Mode is 'trailing' (12M Book) by default for the current year, otherwise 'ytd'". */
export function defaultScorecardMode(year: number, today: CalendarDay): ScorecardMode {
  return offersModeSwitch(year, today) ? 'trailing' : 'ytd';
}

/**
 * The months a scorecard covers: for the current year, the twelve months to the latest reporting
 * month (12M Book) or January to it (YTD); for an earlier year, the whole year.
 */
export function scorecardMonths(
  year: number,
  mode: ScorecardMode,
  today: CalendarDay,
): { start: YearMonth; end: YearMonth } {
  const latest = latestReportingMonth(today);
  if (!offersModeSwitch(year, today)) {
    return { start: formatYearMonth(year, 1), end: formatYearMonth(year, 12) };
  }
  return mode === 'trailing'
    ? { start: addMonths(latest, -11), end: latest }
    : { start: formatYearMonth(year, 1), end: latest };
}

/** Spec part 2 §2: '{year} Invoice Revenue for {agency name or Agencies}'. */
export function scorecardTitle(year: number, agencyName: string | null): string {
  return `${year} Invoice Revenue for ${agencyName ?? 'Agencies'}`;
}

type Amounts = {
  writtenPremiumYTD: number | null;
  baseCommissionYTD: number | null;
  additionalCommissionYTD: number | null;
  totalCommissionYTD: number | null;
};

/** Spec part 2 §5: "Rows with all premium and loss figures zero are hidden" (here: premium and commission). */
export function isAllZero(row: Amounts): boolean {
  return [
    row.writtenPremiumYTD,
    row.baseCommissionYTD,
    row.additionalCommissionYTD,
    row.totalCommissionYTD,
  ].every((v) => v === null || v === 0);
}

/** Spec part 2 §5: "Carrier search is a case-insensitive contains on the name". */
export function matchesCarrierSearch(name: string, search: string): boolean {
  const needle = search.trim().toLowerCase();
  return needle === '' || name.toLowerCase().includes(needle);
}

export function matchesCarrierType(isCoreCarrier: boolean, type: CarrierType): boolean {
  return type === 'all' || (type === 'core') === isCoreCarrier;
}

/** The rows the table shows: not all zero, matching the search and the carrier type. */
export function visibleCarriers<T extends Amounts & { carrierName: string; isCoreCarrier: boolean }>(
  rows: readonly T[],
  search: string,
  type: CarrierType,
): T[] {
  return rows.filter(
    (row) =>
      !isAllZero(row) &&
      matchesCarrierSearch(row.carrierName, search) &&
      matchesCarrierType(row.isCoreCarrier, type),
  );
}

/** Spec part 2 §4: the select-all state is 0 none, 1 all, 2 partial. */
export type SelectAllState = 0 | 1 | 2;

export function selectAllState(selected: number, total: number): SelectAllState {
  if (selected === 0) return 0;
  return selected >= total ? 1 : 2;
}

/** Dollars as whole cents (the amounts are exact to the cent, so this is exact). */
export function toCents(dollars: number): bigint {
  return BigInt(Math.round(dollars * 100));
}

/**
 * `part` as a percent of `whole`, both in cents, rounded half away from zero to 0.01; null when
 * `whole` is zero or missing. Percentages come from summed amounts, never averaged.
 */
export function percentOf(part: bigint | null, whole: bigint | null, decimals = 2): number | null {
  if (part === null || whole === null || whole === 0n) return null;
  const unit = 10n ** BigInt(decimals);
  const negative = part < 0n !== whole < 0n;
  const a = (part < 0n ? -part : part) * 100n * unit;
  const b = whole < 0n ? -whole : whole;
  const units = (2n * a + b) / (2n * b);
  return Number(negative ? -units : units) / Number(unit);
}

/**
 * The shares of `parts` in `whole` (all in cents) as percents with `decimals` decimals, each rounded
 * once from the exact amounts. When the parts are not negative and add up to the whole, the shares add
 * up to exactly 100 (largest remainder: the units left after rounding down go to the parts with the
 * largest remainders, earlier parts first on ties), so Core and Non-core never read 100.1 %.
 * Otherwise each share is rounded half away from zero on its own; null when `whole` is zero or missing.
 */
export function sharesOf(
  parts: readonly (bigint | null)[],
  whole: bigint | null,
  decimals = 1,
): (number | null)[] {
  const known = parts.every((p): p is bigint => p !== null);
  const sum = known ? parts.reduce<bigint>((a, p) => a + (p ?? 0n), 0n) : null;
  if (!known || whole === null || whole <= 0n || sum !== whole || parts.some((p) => p < 0n)) {
    return parts.map((p) => percentOf(p, whole, decimals));
  }
  const unit = 10n ** BigInt(decimals);
  const total = 100n * unit;
  const floors = parts.map((p) => (p * total) / whole);
  const remainders = parts.map((p, i) => ({ i, r: p * total - floors[i]! * whole }));
  let left = total - floors.reduce((a, f) => a + f, 0n);
  remainders.sort((x, y) => (y.r > x.r ? 1 : y.r < x.r ? -1 : x.i - y.i));
  for (const { i } of remainders) {
    if (left <= 0n) break;
    floors[i] = floors[i]! + 1n;
    left -= 1n;
  }
  return floors.map((f) => Number(f) / Number(unit));
}

/**
 * The sums of some rows (the selection summary bar, the 'Totals:' row of a filtered table): in whole
 * cents, so no float accumulates, with the percents from the sums.
 */
export function sumScorecardFigures(rows: readonly Amounts[]) {
  const sum = (pick: (row: Amounts) => number | null): bigint | null =>
    rows.reduce<bigint | null>((total, row) => {
      const value = pick(row);
      return value === null ? total : (total ?? 0n) + toCents(value);
    }, null);
  const written = sum((r) => r.writtenPremiumYTD);
  const base = sum((r) => r.baseCommissionYTD);
  const additional = sum((r) => r.additionalCommissionYTD);
  const total = sum((r) => r.totalCommissionYTD);
  const dollars = (cents: bigint | null) => (cents === null ? null : Number(cents) / 100);
  return {
    writtenPremiumYTD: dollars(written),
    baseCommissionYTD: dollars(base),
    additionalCommissionYTD: dollars(additional),
    totalCommissionYTD: dollars(total),
    baseCommissionPercent: percentOf(base, written),
    additionalCommissionPercent: percentOf(additional, written),
    totalCommissionPercent: percentOf(total, written),
  };
}
