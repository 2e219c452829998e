/**
 * The planning tool's computations, free of React (spec part 2 §2 "Planning tool (core production)"):
 * the cards per policy type with their network comparison, the table rows per carrier, agency or
 * agency code, the Selection Summary (summed in whole cents) and the CSV of what the table shows.
 */
import {
  NO_FIGURES,
  type BroadLineCode,
  type ByAgencyCodeResponse,
  type ByCarrierResponse,
} from '#shared/contracts/production.ts';
import type { NetworkSummaryResponse } from '#shared/contracts/planning.ts';
import { csvField } from '#shared/domain/csv.ts';
import { isIncomplete } from '#shared/domain/incomplete-data.ts';
import { monthsInPeriod } from '#shared/domain/date-badge.ts';
import type { YearMonth } from '#shared/domain/reporting-month.ts';
import {
  lineRows,
  measuresOf,
  type LineCatalog,
  type Measures,
  type ProductionRow,
} from './production-model.ts';

export type PlanningView = 'carriers' | 'agencies' | 'agencyCodes';

/** Spec part 2 §9: the planning tool's policy type order. */
export const POLICY_TYPES: readonly BroadLineCode[] = ['PL', 'CL', 'BOND', 'P&C'];

export const LOB_NOTE =
  '* Written Premium entries will only show in the Subcode section when filtering by Broad Line of Business.';
export const NO_DATA = 'No data found';
export const PLEASE_WAIT = 'Please wait...';
export const NOT_APPLICABLE = 'N/A';

/** New business as a percent of written premium ('% of Book'); null without written premium. */
export function percentOfBook(m: Pick<Measures, 'newBusiness' | 'writtenPremium'>): number | null {
  if (m.newBusiness === null || !m.writtenPremium) return null;
  return (m.newBusiness / m.writtenPremium) * 100;
}

export type CardRow = { code: BroadLineCode; measures: Measures; network: Measures | null };

/** The cards' rows per policy type: the level's figures and, once loaded, the network's. */
export function cardRows(summary: NetworkSummaryResponse | undefined): CardRow[] {
  return POLICY_TYPES.map((code) => ({
    code,
    measures: measuresOf(summary?.levelSummary[code] ?? NO_FIGURES),
    network: summary ? measuresOf(summary.networkSummary[code] ?? NO_FIGURES) : null,
  }));
}

/**
 * The network comparison of one value (spec part 2 §8): 'Please wait...' while the network's data
 * loads, 'N/A' when the network total is zero (or not reported), else the level's share of it.
 */
export function networkShare(value: number | null, networkTotal: number | null | undefined): string | number {
  if (networkTotal === undefined) return PLEASE_WAIT;
  if (!networkTotal) return NOT_APPLICABLE;
  return ((value ?? 0) / networkTotal) * 100;
}

/** A table row: a production row, and for a carrier its reporting months. */
export type PlanningRow = ProductionRow & {
  carrier: { latestYearMonth: string | null; reported: number; required: number } | null;
  /** The rows of its agency codes (Subcode), for a carrier or an agency. */
  parent: { carrierUuid?: string; agencyUuid?: string };
};

export function planningCarrierRows(response: ByCarrierResponse, catalog: LineCatalog): PlanningRow[] {
  const required = monthsInPeriod(
    response.period.startDate.slice(0, 7) as YearMonth,
    response.period.endDate.slice(0, 7) as YearMonth,
  );
  return Object.entries(response.carriers).map(([id, c]) => ({
    id,
    name: c.carrierName,
    label: c.carrierName,
    incomplete: isIncomplete(c),
    measures: measuresOf(c.lines[response.lineCode] ?? NO_FIGURES),
    lines: lineRows(c.lines, response.lineCode, catalog),
    carrier: { latestYearMonth: c.latestYearMonth, reported: c.reportedMonths.length, required },
    parent: { carrierUuid: c.carrierUuid },
  }));
}

export function planningCodeRows(response: ByAgencyCodeResponse, catalog: LineCatalog): PlanningRow[] {
  return response.agencyCodes.map((c) => ({
    id: c.agencyCodeUuid,
    name: `${c.code} ${c.name} ${c.agencyName} ${c.carrierName}`,
    label: `${c.code}${c.name && c.name !== c.code ? ` - ${c.name}` : ''} (${c.agencyName}, ${c.carrierName})`,
    incomplete: isIncomplete(c),
    measures: measuresOf(c.lines[response.lineCode] ?? NO_FIGURES),
    lines: lineRows(c.lines, response.lineCode, catalog),
    carrier: null,
    parent: {},
  }));
}

export type SelectionSummary = {
  totalWp: number;
  priorWp: number;
  nb: number;
  priorNb: number;
  ep: number;
  il: number;
};

/** Sums dollars as whole cents, so adding many amounts never drifts. */
function sumDollars(values: (number | null)[]): number {
  return values.reduce<number>((cents, v) => cents + Math.round((v ?? 0) * 100), 0) / 100;
}

/** The Selection Summary of the selected rows: Total WP, Prior WP, NB, Prior NB, EP and IL. */
export function selectionSummary(rows: readonly PlanningRow[]): SelectionSummary {
  const of = (pick: (m: Measures) => number | null) => sumDollars(rows.map((r) => pick(r.measures)));
  return {
    totalWp: of((m) => m.writtenPremium),
    priorWp: of((m) => m.priorWrittenPremium),
    nb: of((m) => m.newBusiness),
    priorNb: of((m) => m.priorNewBusiness),
    ep: of((m) => m.earned),
    il: of((m) => m.incurred),
  };
}

const CSV_HEADERS = [
  'Name',
  'Last Reported',
  'Written Premium',
  'Prior Written Premium',
  'Written Premium Change (%)',
  'New Business',
  'Prior New Business',
  'New Business Change (%)',
  'Earned Premium',
  'Incurred Loss',
  'Loss Ratio (%)',
  'Prior Loss Ratio (%)',
  'Incomplete Data',
];

const rounded = (v: number | null, digits: number) => (v === null ? null : Number(v.toFixed(digits)));

/** The CSV of the rows the table shows, in its order. */
export function planningCsv(rows: readonly PlanningRow[]): string {
  const lines = rows.map((r) => {
    const m = r.measures;
    return [
      csvField(r.label),
      csvField(r.carrier?.latestYearMonth ?? null),
      ...[m.writtenPremium, m.priorWrittenPremium].map((v) => csvField(rounded(v, 2))),
      csvField(rounded(m.writtenPremiumChange, 1)),
      ...[m.newBusiness, m.priorNewBusiness].map((v) => csvField(rounded(v, 2))),
      csvField(rounded(m.newBusinessChange, 1)),
      ...[m.earned, m.incurred].map((v) => csvField(rounded(v, 2))),
      csvField(rounded(m.lossRatio, 1)),
      csvField(rounded(m.priorLossRatio, 1)),
      csvField(r.incomplete ? 'Yes' : 'No'),
    ].join(',');
  });
  return [CSV_HEADERS.join(','), ...lines].join('\r\n') + '\r\n';
}
