import type { AgencyCodeQuery, ByAgencyCodeResponse } from '#shared/contracts/production.ts';
import type {
  AgencyPlanningCarriersResponse,
  NetworkSummaryQuery,
  NetworkSummaryResponse,
  PlanningCarriersResponse,
  SummaryByCarrierQuery,
  SummaryByCarrierResponse,
} from '#shared/contracts/planning.ts';
import { compositeKinds } from '#shared/domain/carrier-composite.ts';
import { maskCarrierRows, type CollaborationMode } from '#shared/domain/collaboration.ts';
import type { CalendarDay } from '#shared/domain/timeframe.ts';
import type { Db } from '#server/db/client.ts';
import type { Level } from '#server/policies/scope.ts';
import { cachedAnswer } from '#server/services/read-model/answer-cache.ts';
import { readFigureLines, readNetworkLines } from '#server/services/read-model/read-model.ts';
import type { FactsRequest } from '#server/services/read-model/request.ts';
import {
  factsRequest,
  periodOut,
  reportPeriod,
  sharedCarriers,
} from '#server/services/production/production-report.ts';
import { readAgencyCodePage } from './agency-code-page.ts';
import { listCarrierReportingDates } from './reporting-dates.ts';

/** How long the planning tool keeps its answers (spec part 2 §9): a network summary 60 minutes, a carrier list 10. */
export const NETWORK_SUMMARY_TTL_MS = 60 * 60 * 1000;
export const CARRIER_LIST_TTL_MS = 10 * 60 * 1000;

/** A planning answer kept per network (and dropped by any write of its facts: answer-cache.ts). */
const cached = <T>(db: Db, networkUuid: string, key: string, ttlMs: number, load: () => Promise<T>) =>
  cachedAnswer(db, networkUuid, 'planning', key, load, { ttlMs });

/**
 * The network planning tool (spec part 2 §2 "Planning tool (core production)", §7): production per
 * agency code, the network comparison (the network's figures, cached 60 minutes per network) and the
 * carrier lists (cached 10 minutes per level), all read from the one read model.
 */

/**
 * Carrier production per agency code (GET /api/core-production/by-agencyCode): the page of the
 * selection `q` asks (every row without a page size), its row count and its 'Totals:' row.
 */
export async function productionByAgencyCode(
  db: Db,
  level: Level,
  q: AgencyCodeQuery,
  today: CalendarDay,
  mode: CollaborationMode | null,
): Promise<ByAgencyCodeResponse> {
  const period = reportPeriod(q, today);
  const page = await readAgencyCodePage(db, factsRequest('agencyCode', level, q, period, mode), q, mode);
  return {
    period: periodOut(period),
    lineCode: q.broadLineOfBusinessStandardTypeCode,
    ...page,
    page: q.page,
    pageSize: q.pageSize ?? null,
  };
}

/** The network's request: every agency of the level's network, every carrier kind. */
function networkRequest(
  level: Level,
  grouping: 'network' | 'carrier',
  line: FactsRequest['line'],
  standardTypes: readonly string[],
  period: FactsRequest['period'],
  mode: CollaborationMode | null,
): FactsRequest {
  return {
    grouping,
    level: { kind: 'network', networkUuid: level.networkUuid },
    line,
    standardTypes,
    kinds: compositeKinds('all'),
    period,
    carriers: sharedCarriers(mode),
  };
}

const modeKey = (mode: CollaborationMode | null) => (sharedCarriers(mode) ?? []).join(',');

/**
 * GET /api/core-production/network/summary: the figures of the level's network per broad line and in
 * total, for the network comparison of the planning tool's cards. Kept 60 minutes per network.
 */
export async function networkSummary(
  db: Db,
  level: Level,
  q: NetworkSummaryQuery,
  today: CalendarDay,
  mode: CollaborationMode | null,
): Promise<NetworkSummaryResponse> {
  const period = reportPeriod({ ...q, standardTypes: [] }, today);
  const key = `summary|${q.startDate}|${q.endDate}|${period.latest}|${modeKey(mode)}`;
  const network = cached(db, level.networkUuid, key, NETWORK_SUMMARY_TTL_MS, () =>
    readNetworkLines(db, networkRequest(level, 'network', 'P&C', [], period, mode)),
  );
  // An agency's own figures: the network's request at the agency (one group, read from its facts).
  const agency = async () =>
    level.kind === 'agency'
      ? readNetworkLines(db, { ...networkRequest(level, 'network', 'P&C', [], period, mode), level })
      : null;
  const [networkSummary, levelSummary] = await Promise.all([network, agency()]);
  return { period: periodOut(period), networkSummary, levelSummary: levelSummary ?? networkSummary };
}

/**
 * GET /api/core-production/network/summary-by-carrier: the network's figures per carrier for a
 * policy type (its standard types, or the chosen ones). Kept 60 minutes per network.
 */
export async function networkSummaryByCarrier(
  db: Db,
  level: Level,
  q: SummaryByCarrierQuery,
  today: CalendarDay,
  mode: CollaborationMode | null,
): Promise<SummaryByCarrierResponse> {
  const period = reportPeriod(q, today);
  const key = `by-carrier|${q.startDate}|${q.endDate}|${period.latest}|${q.policyTypeCode}|${q.standardTypes.join(',')}|${modeKey(mode)}`;
  return cached(db, level.networkUuid, key, NETWORK_SUMMARY_TTL_MS, async () => {
    const request = networkRequest(level, 'carrier', q.policyTypeCode, q.standardTypes, period, mode);
    // The summary shows no incomplete-data flags: the figures only.
    const lines = await readFigureLines(db, request);
    return {
      period: periodOut(period),
      lineCode: q.policyTypeCode,
      byCarrierSummary: Object.fromEntries(lines),
    };
  });
}

const levelKey = (level: Level) => (level.kind === 'agency' ? `agency:${level.agencyUuid}` : 'network');

/** The level's carriers with their reporting dates, kept 10 minutes (masked by collaboration mode). */
async function levelCarriers(db: Db, level: Level, mode: CollaborationMode | null) {
  const carriers = await cached(
    db,
    level.networkUuid,
    `carriers|${levelKey(level)}`,
    CARRIER_LIST_TTL_MS,
    () => listCarrierReportingDates(db, level),
  );
  return maskCarrierRows(
    carriers.map((c) => ({ ...c, carrierName: c.name })),
    mode,
  );
}

/** GET /api/core-production/carriers */
export async function planningCarriers(
  db: Db,
  level: Level,
  mode: CollaborationMode | null,
): Promise<PlanningCarriersResponse> {
  return {
    carriers: (await levelCarriers(db, level, mode)).map((c) => ({
      id: c.carrierUuid,
      carrier: c.carrierName,
      mostRecentReportingDate: c.feed,
      manualMostRecentReportingDate: c.manual,
    })),
  };
}

/** GET /api/agency-planning/carriers */
export async function agencyPlanningCarriers(
  db: Db,
  level: Level,
  mode: CollaborationMode | null,
): Promise<AgencyPlanningCarriersResponse> {
  return {
    carriers: (await levelCarriers(db, level, mode)).map((c) => ({
      uuid: c.carrierUuid,
      name: c.carrierName,
    })),
  };
}
