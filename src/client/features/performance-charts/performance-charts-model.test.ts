import { describe, expect, it } from 'vitest';
import type { ByMonthResponse } from '#shared/contracts/performance-charts.ts';
import {
  carrierFigures,
  type ByAgencyResponse,
  type ByCarrierResponse,
  type ProductionFigures,
} from '#shared/contracts/production.ts';
import {
  agencyRanking,
  carrierMovers,
  chartCsv,
  chartFileName,
  lineMixTable,
  monthLabel,
  monthlyTable,
  pickColumns,
} from './performance-charts-model.ts';

/** Amounts as the server writes them: exact decimal text in the JSON. */
const figures = (f: Partial<Record<keyof ProductionFigures, string | null>>): ProductionFigures =>
  JSON.parse(
    JSON.stringify({
      writtenPremium: null,
      priorWrittenPremium: null,
      newWrittenPremium: null,
      priorNewWrittenPremium: null,
      earned: null,
      priorEarned: null,
      incurred: null,
      priorIncurred: null,
    }).replace(/"(\w+)":null/g, (_, key: string) => {
      const value = f[key as keyof ProductionFigures];
      return `"${key}":${value ?? 'null'}`;
    }),
  ) as ProductionFigures;

const period = {
  startDate: '2026-01-01',
  endDate: '2026-03-31',
  priorStartDate: '2025-01-01',
  priorEndDate: '2025-03-31',
  includesManualEntries: true,
};

const byMonth = (overrides: Partial<ByMonthResponse> = {}): ByMonthResponse => ({
  period,
  lineCode: 'P&C',
  months: [
    {
      month: '2026-01',
      lines: {
        'P&C': figures({
          writtenPremium: '1000.10',
          priorWrittenPremium: '900.05',
          newWrittenPremium: '100.00',
          earned: '800.00',
          incurred: '400.00',
          priorEarned: '0',
          priorIncurred: '10.00',
        }),
      },
    },
    { month: '2026-02', lines: {} },
  ],
  totals: {
    'P&C': figures({ writtenPremium: '0.30' }),
    PL: figures({ writtenPremium: '0.10' }),
    CL: figures({ writtenPremium: '0.20' }),
    BOND: figures({ writtenPremium: null }),
  },
  ...overrides,
});

describe('the monthly series', () => {
  it('labels months and keeps a month without figures as not reported', () => {
    expect(monthLabel('2026-01')).toBe('Jan 2026');
    expect(monthLabel('2025-12')).toBe('Dec 2025');
    const table = monthlyTable(byMonth());
    expect(table.rows).toEqual([
      {
        month: 'Jan 2026',
        writtenPremium: 1000.1,
        priorWrittenPremium: 900.05,
        newBusiness: 100,
        priorNewBusiness: null,
        lossRatio: 50,
        // Earned zero: no ratio.
        priorLossRatio: null,
      },
      {
        month: 'Feb 2026',
        writtenPremium: null,
        priorWrittenPremium: null,
        newBusiness: null,
        priorNewBusiness: null,
        lossRatio: null,
        priorLossRatio: null,
      },
    ]);
  });

  it('reads the chosen line, not the total, when a broad line is picked', () => {
    const answer = byMonth({
      lineCode: 'CL',
      months: [
        {
          month: '2026-01',
          lines: { CL: figures({ writtenPremium: '5.00' }), BOP: figures({ writtenPremium: '2.00' }) },
        },
      ],
    });
    expect(monthlyTable(answer).rows[0]!.writtenPremium).toBe(5);
  });

  it('picks one chart’s columns in order', () => {
    const picked = pickColumns(monthlyTable(byMonth()), ['month', 'lossRatio']);
    expect(picked.columns.map((c) => c.label)).toEqual(['Month', 'Loss Ratio']);
    expect(picked.rows[0]).toEqual({ month: 'Jan 2026', lossRatio: 50 });
  });
});

describe('the mix by line', () => {
  it('gives each line its written premium and an exact share of the total, largest first', () => {
    const table = lineMixTable(
      byMonth(),
      new Map([
        ['PL', 'Personal Lines'],
        ['CL', 'Commercial Lines'],
      ]),
    );
    expect(table.rows).toEqual([
      { line: 'Commercial Lines', writtenPremium: 0.2, share: 66.67 },
      { line: 'Personal Lines', writtenPremium: 0.1, share: 33.33 },
    ]);
  });
});

const carrier = (name: string, f: ProductionFigures) => ({
  carrierUuid: `00000000-0000-4000-8000-${String(name.length).padStart(12, '0')}`,
  carrierName: name,
  isMga: false,
  isCoreCarrier: false,
  reportedMonths: [],
  latestYearMonth: null,
  mostRecentReportingDate: null,
  manualMostRecentReportingDate: null,
  haveMissingCurrentData: false,
  haveMissingPriorData: false,
  lines: { 'P&C': carrierFigures(f) },
});

describe('the carriers that grew and shrank most', () => {
  const answer: ByCarrierResponse = {
    period,
    lineCode: 'P&C',
    carriers: {
      a: carrier('Acme', figures({ writtenPremium: '0.30', priorWrittenPremium: '0.10' })),
      b: carrier('Birch', figures({ writtenPremium: '100.00', priorWrittenPremium: '250.50' })),
      c: carrier('Cedar', figures({ writtenPremium: '1000.00', priorWrittenPremium: null })),
      d: carrier('Dune', figures({ writtenPremium: '5.00', priorWrittenPremium: '5.00' })),
      e: carrier('Elm', figures({ writtenPremium: null, priorWrittenPremium: '3.00' })),
      f: carrier('Fir', figures({})),
    },
  };

  it('subtracts in cents, so the change is exact', () => {
    const { grew, shrank } = carrierMovers(answer);
    expect(grew.rows.map((r) => [r.carrier, r.change])).toEqual([
      ['Cedar', 1000],
      ['Acme', 0.2],
    ]);
    expect(shrank.rows.map((r) => [r.carrier, r.change])).toEqual([
      ['Birch', -150.5],
      ['Elm', -3],
    ]);
    expect(grew.rows[1]!.changePercent).toBeCloseTo(200, 10);
  });

  it('keeps the first `limit` of each', () => {
    expect(carrierMovers(answer, 1).grew.rows).toHaveLength(1);
  });
});

describe('the agency ranking', () => {
  const agency = (name: string, f: ProductionFigures) => ({
    agencyUuid: '00000000-0000-4000-8000-000000000001',
    name,
    agencyCity: 'Ames',
    agencyState: 'IA',
    haveMissingCurrentData: false,
    haveMissingPriorData: false,
    lines: { 'P&C': f },
  });
  const answer: ByAgencyResponse = {
    period,
    lineCode: 'P&C',
    agencies: [
      agency('Small', figures({ writtenPremium: '10.00', priorWrittenPremium: '20.00' })),
      agency('Large', figures({ writtenPremium: '0.30', priorWrittenPremium: '0.10' })),
      agency('Silent', figures({ writtenPremium: null })),
    ].reverse(),
  };

  it('ranks by written premium and leaves out agencies without it', () => {
    const table = agencyRanking(answer);
    expect(table.rows.map((r) => [r.agency, r.change])).toEqual([
      ['Small', -10],
      ['Large', 0.2],
    ]);
  });
});

describe('downloads', () => {
  it('writes the table as CSV: labels, exact amounts, percents to one decimal, defused text', () => {
    const csv = chartCsv({
      columns: [
        { key: 'name', label: 'Carrier', kind: 'text' },
        { key: 'amount', label: 'Written Premium', kind: 'money' },
        { key: 'share', label: 'Share', kind: 'percent' },
      ],
      rows: [
        { name: 'Prairie Oak, Inc.', amount: 1234.56, share: 66.666 },
        { name: '=cmd', amount: null, share: null },
      ],
    });
    expect(csv).toBe('Carrier,Written Premium,Share\r\n"Prairie Oak, Inc.",1234.56,66.7\r\n\'=cmd,,\r\n');
  });

  it('names files after the chart and the period', () => {
    expect(chartFileName('Loss Ratio by Month', 'YTD 2026', 'png')).toBe('Loss_Ratio_by_Month_YTD_2026.png');
    expect(chartFileName('Mix by Line', 'Jan 2026 - Mar 2026', 'csv')).toBe(
      'Mix_by_Line_Jan_2026_Mar_2026.csv',
    );
  });
});
