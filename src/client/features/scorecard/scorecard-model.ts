import type { BroadLineCode } from '#shared/contracts/production.ts';
import type { ScorecardCarrier } from '#shared/contracts/scorecards.ts';
import { compositeKinds, CARRIER_KINDS, type CarrierComposite } from '#shared/domain/carrier-composite.ts';
import { firstDayOfMonth, lastDayOfMonth, type CalendarDay } from '#shared/domain/timeframe.ts';
import {
  defaultScorecardMode,
  scorecardMonths,
  type CarrierType,
  type ScorecardMode,
} from '#shared/domain/scorecard.ts';
import type { Sort } from '#client/components/report/sort-header.tsx';

/** The policy types of the scorecard (spec part 2 §3: P&C (Total), PL, CL, BOND, CROP). */
export const POLICY_TYPE_OPTIONS: readonly { value: BroadLineCode; label: string }[] = [
  { value: 'P&C', label: 'P&C' },
  { value: 'PL', label: 'PL' },
  { value: 'CL', label: 'CL' },
  { value: 'BOND', label: 'Bond' },
  { value: 'CROP', label: 'Crop' },
];

/** Spec part 2 §2: the standard type picker appears only for PL and CL. */
export function offersStandardTypes(line: BroadLineCode): boolean {
  return line === 'PL' || line === 'CL';
}

/** What the page shows: the filters of spec part 2 §2 and §4. */
export type ScorecardState = {
  year: number;
  mode: ScorecardMode;
  line: BroadLineCode;
  standardTypes: string[];
  composite: CarrierComposite;
  carrierType: CarrierType;
  search: string;
  selectedAgencyUuid: string | null;
};

export function initialScorecardState(year: number, today: CalendarDay): ScorecardState {
  return {
    year,
    mode: defaultScorecardMode(year, today),
    line: 'P&C',
    standardTypes: [],
    composite: 'all',
    carrierType: 'all',
    search: '',
    selectedAgencyUuid: null,
  };
}

/**
 * Spec part 2 §4: "Changing the year resets policy type to P&C, carrier type to all, search,
 * standard types and expanded rows" (the page remounts the table for the rows), and the mode goes to
 * the year's default.
 */
export function changeYear(state: ScorecardState, year: number, today: CalendarDay): ScorecardState {
  return {
    ...state,
    year,
    mode: defaultScorecardMode(year, today),
    line: 'P&C',
    carrierType: 'all',
    search: '',
    standardTypes: [],
  };
}

/** Spec part 2 §4: "Changing the line of business clears selected standard types". */
export function changeLine(state: ScorecardState, line: BroadLineCode): ScorecardState {
  return { ...state, line, standardTypes: [] };
}

/** The query of the scorecard calls: level, period, carrier kinds, and for by-carrier the line and types. */
export function scorecardSearchParams(
  state: ScorecardState,
  levelUuid: string,
  today: CalendarDay,
  options: { carrierQuery: boolean },
): URLSearchParams {
  const { start, end } = scorecardMonths(state.year, state.mode, today);
  const params = new URLSearchParams({
    levelUuid,
    startDate: firstDayOfMonth(start),
    endDate: lastDayOfMonth(end),
  });
  const kinds = compositeKinds(state.composite);
  for (const kind of CARRIER_KINDS) params.set(kind, String(kinds[kind]));
  if (state.selectedAgencyUuid) params.set('selectedAgencyUuid', state.selectedAgencyUuid);
  if (options.carrierQuery) {
    params.set('parentTypeCode', state.line);
    if (state.standardTypes.length > 0) params.set('standardTypes', state.standardTypes.join(','));
  }
  return params;
}

export type SortKey =
  | 'carrierName'
  | 'writtenPremiumYTD'
  | 'baseCommissionYTD'
  | 'additionalCommissionYTD'
  | 'totalCommissionYTD';
export type SortState = Sort<SortKey>;
/** Spec part 2 §2: "Default sort is written premium descending". */
export const DEFAULT_SORT: SortState = { key: 'writtenPremiumYTD', direction: 'desc' };

export function sortCarriers(rows: readonly ScorecardCarrier[], sort: SortState): ScorecardCarrier[] {
  const sign = sort.direction === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    if (sort.key === 'carrierName') return sign * a.carrierName.localeCompare(b.carrierName);
    const x = a[sort.key] ?? -Infinity;
    const y = b[sort.key] ?? -Infinity;
    return x === y ? a.carrierName.localeCompare(b.carrierName) : sign * (x < y ? -1 : 1);
  });
}
