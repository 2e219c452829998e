import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PgDialect } from 'drizzle-orm/pg-core';
import { sql, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { compositeKinds } from '#shared/domain/carrier-composite.ts';
import {
  commissionByCarrierQuery,
  commissionByPolicyTypeQuery,
  insertCommissionCarrierMonths,
  insertCommissionChanges,
  type CommissionRequest,
} from './commission-sql.ts';
import { codeFiguresSource, planFigures, planMonthlyFigures, runningTotalsSource } from './planner.ts';
import { periodOf, type FactsRequest } from './request.ts';
import { carrierNamesQuery, codeRowsQuery } from '#server/services/planning/agency-code-page.ts';
import { carrierReportingDatesQuery } from '#server/services/planning/reporting-dates.ts';
import { latestManualMonthByCarrier } from '#server/services/production/reported-months.ts';
import { reportingDatesQuery } from '#server/services/growth-measurement/growth-actuals.ts';
import { networkFiguresQuery } from '#server/services/network-intelligence/benchmarks-sql.ts';
import { moveDataVersion, selectAgenciesWrittenSince, selectDataVersion } from './answer-cache.ts';
import {
  addToCarrierMonths,
  codeFiguresQuery,
  codeLinesQuery,
  deleteAgencyRows,
  deleteCarrierMonths,
  deleteNetworkRows,
  deleteReportedMasks,
  selectAgencyNetwork,
  selectHorizon,
  selectLatestFactMonth,
  selectNetworksWithRollups,
  selectNetworksWithoutRollups,
  upsertHorizon,
  changedMonthsFilter,
  deleteEmptyCarrierMonths,
  PRODUCTION_CARRIER_MONTHS,
  agencyCarrierFiguresQuery,
  carrierMonthFiguresQuery,
  carryRunningTotalsForward,
  figureQuery,
  flagsQuery,
  insertCarrierMonths,
  insertReportedMasks,
  insertRunningTotals,
  mergeRunningTotals,
  selectAgencyRangeStarts,
  monthlyFiguresQuery,
  reportedMonthsByCarrier,
  reportedMonthsOf,
  scopeFilter,
  selectHasSpans,
  allowOneParallelWorker,
} from './sql.ts';

/**
 * Each query of the read model, rendered for a fixed request into `sql/*.sql` (committed), so a
 * reader sees it whole and a change to any of them shows up in review. `vitest -u` rewrites them.
 */
const today = { year: 2026, month: 11, day: 22 };
const networkUuid = '00000000-0000-4000-8000-000000000001';
const agencyUuid = '00000000-0000-4000-8000-000000000002';
const network = { kind: 'network', networkUuid } as const;
const agency = { kind: 'agency', agencyUuid, networkUuid } as const;

const request = (overrides: Partial<FactsRequest>): FactsRequest => ({
  grouping: 'agency',
  level: network,
  line: 'P&C',
  standardTypes: [],
  kinds: compositeKinds('all'),
  period: periodOf('2026-01', '2026-10', [], today),
  carriers: null,
  ...overrides,
});

const commission = (overrides: Partial<CommissionRequest>): CommissionRequest => ({
  level: network,
  start: '2025-11',
  end: '2026-10',
  line: 'P&C',
  standardTypes: [],
  kinds: compositeKinds('all'),
  carriers: null,
  ...overrides,
});

const dialect = new PgDialect();

function render(caller: string, statements: SQL | SQL[]): string {
  return `-- Caller: ${caller}\n${[statements].flat().map(renderOne).join('\n')}`;
}

function renderOne(query: SQL): string {
  const { sql, params } = dialect.sqlToQuery(query);
  const lines = params.map((value, i) => `--   $${i + 1} = ${JSON.stringify(value)}`);
  const body = sql
    .split('\n')
    .map((line) => line.trimEnd())
    .filter((line) => line.trim() !== '')
    .join('\n');
  return `${lines.length > 0 ? `-- Parameters:\n${lines.join('\n')}\n` : ''}${body.trim()};\n`;
}

const horizon = '2026-10' as const;
/** The carrier-months a manual entry names (two of its chain's 12). */
const changedCarrier = '00000000-0000-4000-8000-000000000003';
const changed = changedMonthsFilter([
  { carrierUuid: changedCarrier, month: '2026-01-01' },
  { carrierUuid: changedCarrier, month: '2026-02-01' },
]);
const rolling = periodOf('2025-11', '2026-10', [], today);
const benchmarkInput = {
  networkUuid,
  period: periodOf('2026-01', '2026-10', [], today),
  carriers: null,
  sizeBandLimits: [1_000_000, 5_000_000, 20_000_000],
};

const cases = {
  'figures-facts': () =>
    figureQuery(request({ grouping: 'carrier', level: agency }), { kind: 'facts' }, true),
  'figures-carrier-months': () =>
    figureQuery(request({ grouping: 'carrier', line: 'PL' }), { kind: 'carrier-months' }, true),
  'figures-running-totals-total': () =>
    figureQuery(request({}), runningTotalsSource(request({}), horizon, true), true),
  'figures-running-totals-broad': () => {
    const carriersOnly = request({ kinds: compositeKinds('carriers'), period: rolling });
    return figureQuery(carriersOnly, runningTotalsSource(carriersOnly, horizon, true), true);
  },
  'figures-running-totals-type': () => {
    const types = request({
      line: 'PL',
      standardTypes: ['PAUTO', 'HOME'],
      period: periodOf('2026-03', '2026-06', ['PAUTO', 'HOME'], today),
    });
    return figureQuery(types, runningTotalsSource(types, horizon, true), true);
  },
  'carrier-month-figures': () => carrierMonthFiguresQuery(request({ grouping: 'carrier', level: agency })),
  'agency-carrier-figures': () =>
    agencyCarrierFiguresQuery(
      request({ carriers: [agencyUuid, networkUuid], standardTypes: ['HO'], line: 'PL' }),
    ),
  'agency-carrier-figures-running-totals': () =>
    agencyCarrierFiguresQuery(request({ carriers: [agencyUuid, networkUuid] }), null, {
      kind: 'running-totals',
      grain: 'carrier',
      horizon: '2026-10',
      spans: true,
    }),
  'monthly-figures-facts': () => monthlyFiguresQuery(request({ level: agency, line: 'CL' }), 'facts'),
  'monthly-figures-carrier-months': () =>
    monthlyFiguresQuery(request({ kinds: compositeKinds('carriers'), period: rolling }), 'carrier-months'),
  'figures-agency-codes': () => {
    const codes = request({ grouping: 'agencyCode' });
    return codeFiguresQuery(codes, codeFiguresSource(codes, { horizon, spans: true }));
  },
  'figures-agency-codes-types': () => {
    const codes = request({ grouping: 'agencyCode', line: 'PL', standardTypes: ['HO'] });
    return codeFiguresQuery(codes, codeFiguresSource(codes, { horizon, spans: true }));
  },
  'figures-agency-codes-written': () => {
    const codes = request({ grouping: 'agencyCode', period: periodOf('2026-10', '2026-10', [], today) });
    return codeFiguresQuery(codes, codeFiguresSource(codes, { horizon, spans: true }), [agencyUuid]);
  },
  'agency-code-lines': () => {
    const codes = request({ grouping: 'agencyCode' });
    return codeLinesQuery(
      codes,
      codeFiguresSource(codes, { horizon, spans: true }),
      sql`array[${agencyUuid}::uuid]`,
      sql`select ${changedCarrier}::uuid`,
    );
  },
  'planning-code-rows': () => {
    const codes = request({ grouping: 'agencyCode' });
    return codeRowsQuery(
      codes,
      [changedCarrier],
      [agencyUuid],
      codeFiguresSource(codes, { horizon, spans: true }),
      null,
    );
  },
  'planning-carrier-names': () => carrierNamesQuery({ carriersUuid: [changedCarrier], shareType: 'names' }),
  'figures-network': () => figureQuery(request({ grouping: 'network' }), { kind: 'carrier-months' }, true),
  flags: () => flagsQuery(request({ kinds: compositeKinds('wholesalers') })),
  'figures-agencies-written': () =>
    figureQuery(request({}), runningTotalsSource(request({}), horizon, true), true, false, [agencyUuid]),
  'flags-agencies-written': () => flagsQuery(request({}), null, [agencyUuid]),
  'reported-months': () => reportedMonthsOf({ networkUuid }),
  'refresh-carrier-months': () => insertCarrierMonths(scopeFilter('f', { networkUuid })),
  'refresh-carrier-months-difference': () =>
    addToCarrierMonths(
      PRODUCTION_CARRIER_MONTHS,
      sql`f.agency_uuid = ${agencyUuid}::uuid and ${changed}`,
      -1,
    ),
  'refresh-carrier-months-empty': () =>
    deleteEmptyCarrierMonths(
      PRODUCTION_CARRIER_MONTHS,
      sql`f.network_uuid = ${networkUuid}::uuid and ${changed}`,
    ),
  'refresh-reported-masks': () => insertReportedMasks({ agencyUuid }),
  'refresh-reported-masks-of-carriers': () => insertReportedMasks({ agencyUuid }, [changedCarrier]),
  'refresh-running-totals': () =>
    insertRunningTotals({ networkUuid, agencies: { from: agencyUuid, before: null } }, horizon),
  'rebuild-agency-ranges': () => selectAgencyRangeStarts(networkUuid, 250),
  'refresh-running-totals-merge': () => mergeRunningTotals(agencyUuid, horizon, null),
  'refresh-running-totals-merge-since': () => mergeRunningTotals(agencyUuid, horizon, '2026-01'),
  'refresh-carry-forward': () => carryRunningTotalsForward(networkUuid, agencyUuid, '2026-09', horizon),
  'has-spans': () => selectHasSpans(networkUuid),
  'whole-network-read-settings': () => allowOneParallelWorker,
  'reported-months-by-carrier': () => reportedMonthsByCarrier({ networkUuid }, '2025-11', '2026-10'),
  'commission-refresh-carrier-months': () => insertCommissionCarrierMonths(scopeFilter('f', { networkUuid })),
  'commission-refresh-changes': () => insertCommissionChanges({ agencyUuid }),
  'commission-by-carrier': () =>
    commissionByCarrierQuery(commission({ line: 'PL', standardTypes: ['PAUTO', 'HOME'] })),
  'commission-by-carrier-agency': () =>
    commissionByCarrierQuery(commission({ level: agency, kinds: compositeKinds('carriers') })),
  'commission-by-policy-type': () =>
    commissionByPolicyTypeQuery(commission({ level: agency }), { latestMonth: false }),
  'commission-by-policy-type-stats': () =>
    commissionByPolicyTypeQuery(commission({ kinds: compositeKinds('carriers') }), { latestMonth: true }),
  'horizon-read': () => selectHorizon(networkUuid, 'update'),
  'refresh-horizon': () => upsertHorizon(networkUuid, horizon),
  'refresh-latest-fact-month': () => selectLatestFactMonth({ agencyUuid }),
  'refresh-agency-network': () => selectAgencyNetwork(agencyUuid),
  'refresh-reported-masks-delete': () => deleteReportedMasks(agencyUuid, [changedCarrier]),
  'refresh-running-totals-delete': () => deleteAgencyRows('production_agency_running_totals', agencyUuid),
  'refresh-commission-changes-delete': () => deleteAgencyRows('commission_reported_changes', agencyUuid),
  'refresh-carrier-months-delete': () =>
    deleteCarrierMonths(
      'production_carrier_months',
      sql`f.network_uuid = ${networkUuid}::uuid and ${changed}`,
    ),
  'rebuild-delete-network-rows': () => deleteNetworkRows('production_carrier_months', networkUuid),
  'start-networks-without-rollups': () => selectNetworksWithoutRollups(),
  'warm-up-networks': () => selectNetworksWithRollups(),
  'planning-reporting-dates': () => carrierReportingDatesQuery({ networkUuid }),
  'reported-months-manual': () => latestManualMonthByCarrier({ networkUuid }, '2025-11', '2026-10'),
  'growth-reporting-dates': () => reportingDatesQuery(agency),
  'network-figures': () => networkFiguresQuery(benchmarkInput, { horizon: '2026-10', spans: true }, null),
  'network-figures-of-agencies': () =>
    networkFiguresQuery(benchmarkInput, { horizon: '2026-10', spans: false }, [agencyUuid]),
  'data-version': () => selectDataVersion(networkUuid),
  'data-version-move': () => moveDataVersion(networkUuid, agencyUuid),
  'data-version-reset': () => moveDataVersion(networkUuid, null),
  'agencies-written-since': () => selectAgenciesWrittenSince(networkUuid, 41n),
} satisfies Record<string, () => SQL | SQL[]>;

/**
 * Who issues each statement: the function (and file) that runs it, and the call or view it answers.
 * Written at the top of its snapshot.
 */
const callers: Record<keyof typeof cases, string> = {
  'network-figures':
    "readNetworkFigures (network-intelligence/network-figures.ts) <- benchmarks and earlyWarnings: every agency's figures per carrier, line and book, from which distributions, ranks and warnings are read, kept per network, request and data version (read-model/answer-cache.ts cachedByAgency)",
  'network-figures-of-agencies':
    'readNetworkFigures, through cachedByAgency: the figures of only the agencies written since the kept answer, which replace theirs in it',
  'data-version':
    "readDataVersion (read-model/answer-cache.ts) <- cachedAnswer and cachedByAgency: the network's data version and last reset, read once per use of a kept answer",
  'data-version-move':
    "bumpDataVersion (read-model/answer-cache.ts) <- refresh.ts refreshAgencyRows: a writer of one agency's facts, in its transaction; marks the agency with the new version",
  'data-version-reset':
    'bumpDataVersion (read-model/answer-cache.ts) <- refresh.ts rebuildNetwork: every agency of the network changed, in its transaction',
  'agencies-written-since':
    'cachedByAgency (read-model/answer-cache.ts): the agencies written since a kept answer was computed',
  'figures-facts':
    "readFigures (read-model.ts), planned to the facts: an agency's Carrier Production (production-report.ts), or carriers limited by collaboration mode",
  'figures-carrier-months':
    "readFigures (read-model.ts): a network's Carrier Production by carrier (production-report.ts productionByCarrier), the planning tool's summary by carrier (planning-report.ts networkSummaryByCarrier)",
  'figures-running-totals-total':
    "agencyFigures <- readFigures (read-model.ts): a network's Carrier Production by agency (production-report.ts productionByAgency), default composite, Total (P&C), its first view in a process",
  'figures-running-totals-broad':
    "agencyFigures <- readFigures (read-model.ts): a network's Carrier Production by agency, Total (P&C) of another composite, its first view in a process",
  'figures-running-totals-type':
    "agencyFigures <- readFigures (read-model.ts): a network's Carrier Production by agency with a broad line or standard types, its first view in a process",
  'agency-carrier-figures':
    "readAgencyCarrierFigures (read-model.ts) <- profit-sharing/agreement-figures.ts: a network's agreements of standard types, its own and its members', and a check's allocation, kept per network and brought up to date by agency (read-model/answer-cache.ts)",
  'agency-carrier-figures-running-totals':
    'readAgencyCarrierFigures (read-model.ts) <- profit-sharing/agreement-figures.ts: the same for agreements of broad lines, from the running totals per carrier',
  'carrier-month-figures':
    "readCarrierMonthFigures (read-model.ts) <- growth-measurement/growth-actuals.ts: growth plans' actual YTD and running totals",
  'monthly-figures-facts':
    'readMonthlyFigures (read-model.ts) <- performance-charts/production-by-month.ts: GET /api/core-production/by-month for an agency',
  'monthly-figures-carrier-months':
    'readMonthlyFigures (read-model.ts) <- performance-charts/production-by-month.ts: GET /api/core-production/by-month for a network',
  'figures-agency-codes':
    "readCodeFigures (read-model.ts) <- readAgencyCodePage (planning/agency-code-page.ts), keepCodesAhead (ahead.ts): every code's line total for the planning table by agency code, from the running totals per carrier and agency code, kept per network, request and data version (answer-cache.ts cachedByAgency)",
  'figures-agency-codes-types':
    'readCodeFigures (read-model.ts): the same for standard types, from the facts',
  'figures-agency-codes-written':
    'readCodeFigures (read-model.ts) <- cachedByAgency (answer-cache.ts): the codes of the agencies written since the kept answer, which replace theirs in it',
  'agency-code-lines':
    "codeRowsQuery (planning/agency-code-page.ts): the lines of a page's codes, read from their agencies' rows only",
  'planning-code-rows':
    "readAgencyCodePage (planning/agency-code-page.ts) <- GET /api/core-production/by-agencyCode: a page's codes with their names, flags and lines",
  'planning-carrier-names':
    "readAgencyCodePage (planning/agency-code-page.ts): the carriers' names in lower case, as collaboration mode shows them, which the table's search and name order read",
  'figures-network':
    'readNetworkLines (read-model.ts) <- networkSummary (planning/planning-report.ts): GET /api/core-production/network/summary, kept in process',
  flags:
    "readFigures (read-model.ts): a report's incomplete-data flags (by agency at the network level: agencyFigures, kept in process)",
  'figures-agencies-written':
    'agencyFigures (read-model.ts) <- cachedByAgency (answer-cache.ts): Carrier Production by agency brought up to date, the figures of the agencies written since it was kept',
  'flags-agencies-written':
    'agencyFigures (read-model.ts) <- cachedByAgency (answer-cache.ts): the incomplete-data flags of the agencies written since it was kept',
  'reported-months':
    'reportedMonthsOf (sql.ts): the relation inside insertReportedMasks, the flags and reportingDatesQuery (growth-actuals.ts)',
  'refresh-carrier-months':
    "rebuildNetwork and refreshCarrierMonths (refresh.ts): a network's production carrier-months summed from every agency's facts",
  'refresh-carrier-months-difference':
    "changeAgencyProduction (refresh.ts) <- manual-entry-service.ts: the agency's sums taken out before a save (-1) and added after (+1)",
  'refresh-carrier-months-empty':
    'changeAgencyProduction (refresh.ts) <- manual-entry-service.ts: carrier-months left without facts by a save',
  'refresh-reported-masks': "rebuildNetwork and refreshAgencyRows (refresh.ts): an agency's reported months",
  'refresh-reported-masks-of-carriers':
    'refreshAgencyRows (refresh.ts): the reported months of the carriers a manual entry save names',
  'refresh-running-totals':
    "rebuildNetwork (refresh.ts): the running totals of a range of the network's agencies (the last)",
  'rebuild-agency-ranges':
    "rebuildNetwork (refresh.ts): where the network's agencies are cut into ranges of 250",
  'refresh-running-totals-merge':
    "refreshAgencyRows (refresh.ts): an agency's running totals of every month, written where they differ",
  'refresh-running-totals-merge-since':
    "refreshAgencyRows (refresh.ts): an agency's running totals from the first month a writer changed",
  'refresh-carry-forward':
    "refreshAgencyRows (refresh.ts): every other agency's running totals carried forward to a later horizon",
  'has-spans': 'readHasSpans (store.ts): whether a running-totals statement must leave manual spans out',
  'whole-network-read-settings':
    'executeRead (store.ts): one parallel worker for a read over a whole network, where the server has workers',
  'reported-months-by-carrier':
    'reportedMonths (production/reported-months.ts): GET /api/core-production/reported-months, the months of each carrier row',
  'commission-refresh-carrier-months':
    "rebuildNetwork and refreshCarrierMonths (refresh.ts): a network's commission carrier-months",
  'commission-refresh-changes':
    "rebuildNetwork and refreshAgencyRows (refresh.ts): an agency's commission statement changes",
  'commission-by-carrier':
    'scorecardByCarrier (scorecards/scorecard-report.ts): GET /api/scorecards/by-carrier for a network',
  'commission-by-carrier-agency':
    'scorecardByCarrier (scorecards/scorecard-report.ts): GET /api/scorecards/by-carrier for an agency',
  'commission-by-policy-type':
    'scorecardByAgency (scorecards/scorecard-report.ts): GET /api/scorecards/by-agency',
  'commission-by-policy-type-stats':
    'scorecardStats (scorecards/scorecard-report.ts): GET /api/scorecards/stats, with the latest statement month',
  'horizon-read': 'readHorizon (store.ts): the network horizon; held for update by writers',
  'refresh-horizon': 'rebuildNetwork and refreshAgencyRows (refresh.ts): the network horizon written',
  'refresh-latest-fact-month':
    "rebuildNetwork and refreshAgencyRows (refresh.ts): the scope's latest month with a fact",
  'refresh-agency-network':
    "refreshAgencyFacts and changeAgencyProduction (refresh.ts): the agency's network, to lock",
  'refresh-reported-masks-delete':
    "refreshAgencyRows (refresh.ts): an agency's reported months deleted before they are computed again",
  'refresh-running-totals-delete':
    "refreshAgencyRows (refresh.ts): an agency's running totals when it has no facts left",
  'refresh-commission-changes-delete':
    "refreshAgencyRows (refresh.ts): an agency's commission statement changes deleted before they are computed again",
  'refresh-carrier-months-delete':
    'refreshCarrierMonths (refresh.ts) <- refreshAgencyFacts, refreshAgenciesFacts: the changed carrier-months deleted before they are summed again (production; commission alike)',
  'rebuild-delete-network-rows':
    "rebuildNetwork (refresh.ts): a network's rows of one derived table (each in turn)",
  'start-networks-without-rollups':
    'ensureReadModel (refresh.ts) <- main.ts, the demo data: networks with facts and no rollups of this format',
  'warm-up-networks': 'startWarmUp (warm-up.ts): every network with rollups, each round',
  'planning-reporting-dates':
    "listCarrierReportingDates (planning/reporting-dates.ts): the planning tool's carrier rows, latest feed and manual months",
  'reported-months-manual':
    'reportedMonths (production/reported-months.ts): the latest manual entry month per carrier in the range',
  'growth-reporting-dates':
    'reportingDates (growth-measurement/growth-actuals.ts): GET /api/growth-measurement/reporting-dates',
};

describe('the read model’s SQL', () => {
  for (const [name, build] of Object.entries(cases)) {
    it(`renders ${name}`, async () => {
      await expect(render(callers[name as keyof typeof cases], build())).toMatchFileSnapshot(
        `./sql/${name}.sql`,
      );
    });
  }

  it('keeps no snapshot of a statement it no longer renders', () => {
    const files = readdirSync(join(import.meta.dirname, 'sql')).filter((file) => file.endsWith('.sql'));
    expect(files.filter((file) => !Object.hasOwn(cases, file.slice(0, -'.sql'.length)))).toEqual([]);
  });

  it('renders every statement builder of sql.ts and commission-sql.ts', () => {
    // A builder is named for what it does to a table (select, insert, ...) or ends in Query; each
    // must be one of the cases above, so its SQL is in a snapshot a reviewer reads.
    const self = readFileSync(import.meta.filename, 'utf8');
    const builders = ['sql.ts', 'commission-sql.ts'].flatMap((file) =>
      [
        ...readFileSync(join(import.meta.dirname, file), 'utf8').matchAll(
          /^export (?:const|function) (\w+)/gm,
        ),
      ]
        .map(([, name]) => name!)
        .filter((name) => /^(select|insert|delete|merge|carry|upsert|addTo|claim)|Query$/.test(name)),
    );
    expect(builders.length).toBeGreaterThan(25);
    expect(builders.filter((name) => !new RegExp(`\\b${name}\\(`).test(self))).toEqual([]);
  });

  it('plans each source as documented', () => {
    expect(planFigures(request({ level: agency }))).toEqual({ source: 'facts' });
    expect(planFigures(request({ carriers: [agencyUuid] }))).toEqual({ source: 'facts' });
    expect(planFigures(request({ grouping: 'carrier' }))).toEqual({ source: 'carrier-months' });
    expect(planFigures(request({ grouping: 'network' }))).toEqual({ source: 'carrier-months' });
    // Agency codes: the running totals per carrier and code for a network's broad lines, else the facts.
    const codes = (r: Partial<FactsRequest>) => request({ grouping: 'agencyCode', ...r });
    const state = { horizon, spans: true };
    expect(codeFiguresSource(codes({}), state)).toMatchObject({ grain: 'carrier' });
    expect(codeFiguresSource(codes({ kinds: compositeKinds('carriers') }), state)).toMatchObject({
      grain: 'carrier',
    });
    expect(codeFiguresSource(codes({ level: agency }), state)).toEqual({ kind: 'facts' });
    expect(codeFiguresSource(codes({ standardTypes: ['HOME'] }), state)).toEqual({ kind: 'facts' });
    expect(codeFiguresSource(codes({}), null)).toEqual({ kind: 'facts' });
    expect(planFigures(request({}))).toEqual({ source: 'running-totals' });
    expect(planFigures(request({ kinds: { ...compositeKinds('all'), isCrop: false } }))).toEqual({
      source: 'running-totals',
    });
    expect(planMonthlyFigures(request({ level: agency }))).toBe('facts');
    expect(planMonthlyFigures(request({ carriers: [agencyUuid] }))).toBe('facts');
    expect(planMonthlyFigures(request({}))).toBe('carrier-months');
    expect(runningTotalsSource(request({}), horizon, true)).toMatchObject({ grain: 'total' });
    expect(
      runningTotalsSource(request({ kinds: compositeKinds('wholesalers') }), horizon, true),
    ).toMatchObject({
      grain: 'broad',
    });
    expect(runningTotalsSource(request({ line: 'CL' }), horizon, true)).toMatchObject({ grain: 'type' });
  });
});
