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
import {
  keptNetworkKey,
  keptRequest,
  planFigures,
  planMonthlyFigures,
  runningTotalsSource,
} from './planner.ts';
import { periodOf, type FactsRequest } from './request.ts';
import {
  addToCarrierMonths,
  changedMonthsFilter,
  deleteEmptyCarrierMonths,
  PRODUCTION_CARRIER_MONTHS,
  carrierMonthFiguresQuery,
  carryRunningTotalsForward,
  figureQuery,
  flagsQuery,
  insertCarrierMonths,
  codeRowsQuery,
  deleteAgencyKeptRows,
  insertKeptCodeAgencyTotals,
  insertKeptCodeTotals,
  insertKeptCodeTotalsOfAgency,
  insertKeptFlagsOfAgency,
  insertKeptNetworkTotals,
  insertKeptTotals,
  insertKeptTotalsOfAgency,
  insertReportedMasks,
  insertRunningTotals,
  mergeRunningTotals,
  monthlyFiguresQuery,
  reportedMonthsByCarrier,
  reportedMonthsOf,
  scopeFilter,
  selectAllKeptPeriods,
  selectHasSpans,
  selectKeptCodeRows,
  selectKeptCodeTotals,
  selectKeptTotals,
  selectNetworksMissingKeptViews,
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

function render(query: SQL): string {
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

/**
 * Kept views as a save refreshes one agency's rows: YTD in P&C and PL, a past year in P&C, and (by
 * agency) YTD of carriers only in P&C.
 */
const keptOfAgency = (grouping: 'agency' | 'agencyCode') =>
  (
    [
      ['2026-01', '2026-10', 'P&C', 'all'],
      ['2026-01', '2026-10', 'PL', 'all'],
      ['2025-01', '2025-12', 'P&C', 'all'],
      ...(grouping === 'agency' ? ([['2026-01', '2026-10', 'P&C', 'carriers']] as const) : []),
    ] as const
  ).map(([start, end, line, composite]) =>
    keptRequest({ networkUuid, start, end, line, composite }, agency, grouping),
  );

const cases: Record<string, () => SQL> = {
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
  'monthly-figures-facts': () => monthlyFiguresQuery(request({ level: agency, line: 'CL' }), 'facts'),
  'monthly-figures-carrier-months': () =>
    monthlyFiguresQuery(request({ kinds: compositeKinds('carriers'), period: rolling }), 'carrier-months'),
  'figures-agency-codes': () => figureQuery(request({ grouping: 'agencyCode' }), { kind: 'facts' }, true),
  'figures-network': () => figureQuery(request({ grouping: 'network' }), { kind: 'carrier-months' }, true),
  flags: () => flagsQuery(request({ kinds: compositeKinds('wholesalers') })),
  'flags-agency-codes': () => flagsQuery(request({ grouping: 'agencyCode' })),
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
  'refresh-running-totals': () => insertRunningTotals({ agencyUuid }, horizon),
  'refresh-running-totals-merge': () => mergeRunningTotals(agencyUuid, horizon, null),
  'refresh-running-totals-merge-since': () => mergeRunningTotals(agencyUuid, horizon, '2026-01'),
  'refresh-carry-forward': () => carryRunningTotalsForward(networkUuid, agencyUuid, '2026-09', horizon),
  'kept-build': () => {
    const key = { networkUuid, start: '2026-01', end: '2026-10', line: 'P&C', composite: 'all' } as const;
    return insertKeptTotals(
      key,
      figureQuery(request({}), runningTotalsSource(request({}), horizon, true), false),
    );
  },
  'kept-refresh-agency': () =>
    insertKeptTotalsOfAgency(
      keptOfAgency('agency').map((request) => {
        const source = runningTotalsSource(request, horizon, true);
        return { request, grain: source.kind === 'running-totals' ? source.grain : 'type' };
      }),
      horizon,
      true,
    )!,
  'kept-refresh-agency-flags': () => insertKeptFlagsOfAgency(keptOfAgency('agency')),
  'kept-refresh-agency-codes': () => insertKeptCodeTotalsOfAgency(keptOfAgency('agencyCode')),
  'kept-refresh-agency-delete': () => deleteAgencyKeptRows(networkUuid, agencyUuid),
  'kept-refresh-agency-codes-of-carriers': () =>
    insertKeptCodeTotalsOfAgency(keptOfAgency('agencyCode'), [changedCarrier]),
  'kept-refresh-agency-delete-of-carriers': () =>
    deleteAgencyKeptRows(networkUuid, agencyUuid, [changedCarrier]),
  'kept-refresh-periods': () => selectAllKeptPeriods(networkUuid),
  'has-spans': () => selectHasSpans(networkUuid),
  'kept-read': () =>
    selectKeptTotals({ networkUuid, start: '2026-01', end: '2026-10', line: 'P&C', composite: 'all' }),
  'kept-ahead-missing': () =>
    selectNetworksMissingKeptViews(
      [
        { start: '2026-01', end: '2026-10' },
        { start: '2025-11', end: '2026-10' },
      ],
      ['P&C', 'PL'],
      null,
    ),
  'kept-codes-build': () => {
    const key = { networkUuid, start: '2026-01', end: '2026-10', line: 'P&C', composite: 'all' } as const;
    const codes = request({ grouping: 'agencyCode', level: agency });
    return insertKeptCodeTotals(
      key,
      codeRowsQuery('P&C', figureQuery(codes, { kind: 'facts' }, false), flagsQuery(codes)),
    );
  },
  'kept-codes-read': () =>
    selectKeptCodeRows({ networkUuid, start: '2026-01', end: '2026-10', line: 'P&C', composite: 'all' }),
  'kept-codes-agency-totals-build': () =>
    insertKeptCodeAgencyTotals(
      { networkUuid, start: '2026-01', end: '2026-10', line: 'P&C', composite: 'all' },
      agencyUuid,
    ),
  'kept-codes-totals-read': () =>
    selectKeptCodeTotals({ networkUuid, start: '2026-01', end: '2026-10', line: 'P&C', composite: 'all' }),
  'reported-months-by-carrier': () => reportedMonthsByCarrier({ networkUuid }, '2025-11', '2026-10'),
  'kept-network-build': () =>
    insertKeptNetworkTotals(
      { networkUuid, start: '2026-01', end: '2026-10', includesManualEntries: true },
      figureQuery(request({ grouping: 'network' }), { kind: 'carrier-months' }, false),
    ),
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
};

describe('the read model’s SQL', () => {
  for (const [name, build] of Object.entries(cases)) {
    it(`renders ${name}`, async () => {
      await expect(render(build())).toMatchFileSnapshot(`./sql/${name}.sql`);
    });
  }

  it('plans each source as documented', () => {
    expect(planFigures(request({ level: agency }))).toEqual({ source: 'facts' });
    expect(planFigures(request({ carriers: [agencyUuid] }))).toEqual({ source: 'facts' });
    expect(planFigures(request({ grouping: 'carrier' }))).toEqual({ source: 'carrier-months' });
    expect(planFigures(request({ grouping: 'network' }))).toEqual({ source: 'carrier-months' });
    expect(planFigures(request({ grouping: 'agencyCode' }))).toEqual({
      source: 'kept-codes',
      kept: { networkUuid, start: '2026-01', end: '2026-10', line: 'P&C', composite: 'all' },
    });
    // The planning tool's codes are kept for All only.
    expect(planFigures(request({ grouping: 'agencyCode', kinds: compositeKinds('carriers') }))).toEqual({
      source: 'facts',
    });
    expect(planFigures(request({ grouping: 'agencyCode', level: agency }))).toEqual({ source: 'facts' });
    expect(planFigures(request({ grouping: 'agencyCode', standardTypes: ['HOME'] }))).toEqual({
      source: 'facts',
    });
    expect(keptNetworkKey(request({ grouping: 'network' }))).toEqual({
      networkUuid,
      start: '2026-01',
      end: '2026-10',
      includesManualEntries: true,
    });
    expect(keptNetworkKey(request({ grouping: 'network', level: agency }))).toBeNull();
    expect(keptNetworkKey(request({ grouping: 'network', carriers: [agencyUuid] }))).toBeNull();
    expect(planFigures(request({}))).toEqual({
      source: 'running-totals',
      kept: { networkUuid, start: '2026-01', end: '2026-10', line: 'P&C', composite: 'all' },
    });
    // Each composite the product offers is kept (decision 039); other mixes of kinds are computed.
    expect(planFigures(request({ kinds: compositeKinds('carriers') }))).toEqual({
      source: 'running-totals',
      kept: { networkUuid, start: '2026-01', end: '2026-10', line: 'P&C', composite: 'carriers' },
    });
    expect(planFigures(request({ kinds: { ...compositeKinds('all'), isCrop: false } }))).toEqual({
      source: 'running-totals',
      kept: null,
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
