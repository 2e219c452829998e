import { isDefaultComposite } from '#shared/domain/carrier-composite.ts';
import type { YearMonth } from '#shared/domain/reporting-month.ts';
import type { FactsRequest } from './request.ts';
import { byBroadLine, type FigureSource, type MonthlySource, type RunningTotalsState } from './sql.ts';

/**
 * The planner: which source answers a request, exactly, at the least cost (docs/read-model.md).
 * Every source gives the same figures; the exactness tests hold each one to the facts.
 *
 * - One agency, or carriers limited by collaboration mode: the facts (a few thousand rows).
 * - By agency code: `codeFiguresSource` (read by `readCodeFigures`, a network's kept in process).
 * - A network by carrier, or the network as one group: the network's carrier-months (a few thousand
 *   rows per month).
 * - A network by agency: the agencies' running totals, at the coarsest grain the request allows
 *   (the answer kept in process, per agency, by `read-model.ts`; decision 092).
 */
export type Plan = { source: 'facts' | 'carrier-months' | 'running-totals' };

export function planFigures(request: FactsRequest): Plan {
  if (request.grouping === 'agencyCode') throw new RangeError('agency codes are read by readCodeFigures');
  if (request.level.kind === 'agency' || request.carriers) {
    return { source: 'facts' };
  }
  if (request.grouping === 'carrier' || request.grouping === 'network') return { source: 'carrier-months' };
  return { source: 'running-totals' };
}

/**
 * Month-by-month figures (Performance Charts): one agency, or carriers limited by collaboration mode,
 * from the facts; a network from its carrier-months (running totals and kept views hold periods, not
 * months).
 */
export function planMonthlyFigures(request: FactsRequest): MonthlySource {
  return request.level.kind === 'agency' || request.carriers ? 'facts' : 'carrier-months';
}

/**
 * The running-total grain of a network's by-agency request: 'total', 'broad' or 'type'; `spans`:
 * whether the network has manual months after a gap to leave out of a period (`selectHasSpans`).
 */
export function runningTotalsSource(request: FactsRequest, horizon: YearMonth, spans: boolean): FigureSource {
  // The Total (P&C) view without standard types needs broad lines only: fewer, coarser rows; with
  // the default composite and manual entries counted, fewer still (the 'total' grain).
  const broadOnly = byBroadLine(request);
  const total = broadOnly && isDefaultComposite(request.kinds) && request.period.includesManualEntries;
  return { kind: 'running-totals', grain: total ? 'total' : broadOnly ? 'broad' : 'type', horizon, spans };
}

/**
 * Where a by-agency-code request's figures are summed from: a network's codes per broad line from the
 * running totals per carrier and agency code (the 'carrier' grain, a few months of rows whatever the
 * period); per standard type (only the facts carry both), one agency's codes, or a network without
 * running totals yet, from the facts.
 */
export function codeFiguresSource(request: FactsRequest, state: RunningTotalsState | null): FigureSource {
  return codesFromRunningTotals(request) && state !== null
    ? { kind: 'running-totals', grain: 'carrier', ...state }
    : { kind: 'facts' };
}

/** Whether `codeFiguresSource` may read the running totals (the network's state is then worth reading). */
export const codesFromRunningTotals = (request: FactsRequest) =>
  request.level.kind === 'network' && byBroadLine(request);
