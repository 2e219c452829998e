import { describe, expect, it } from 'vitest';
import type { LineOfBusinessNode } from '#shared/contracts/lines-of-business.ts';
import {
  carrierFigures,
  type ByAgencyResponse,
  type ByCarrierResponse,
  type ProductionFigures,
} from '#shared/contracts/production.ts';
import { parseTimeframe } from '#shared/domain/timeframe.ts';
import {
  agencyRows,
  attachmentFilename,
  carrierRows,
  chartBars,
  lineCatalog,
  measuresOf,
  productionSearchParams,
  searchRows,
  sortRows,
  standardTypeOptions,
  type ProductionRow,
} from './production-model.ts';
import {
  applyStandardTypes,
  changeComposite,
  changeLine,
  changeTimeframe,
  changeView,
  readProductionState,
} from './production-params.ts';

const today = { year: 2026, month: 11, day: 23 }; // latest reporting month 2026-10

const figures = (over: Partial<ProductionFigures> = {}): ProductionFigures => ({
  writtenPremium: 1000,
  priorWrittenPremium: 800,
  newWrittenPremium: 200,
  priorNewWrittenPremium: 100,
  earned: 900,
  priorEarned: 700,
  incurred: 450,
  priorIncurred: 420,
  ...over,
});

let uuidCount = 0;
const uuid = () => `00000000-0000-4000-8000-${String(++uuidCount).padStart(12, '0')}`;

const node = (code: string, name: string, children: LineOfBusinessNode[] = []): LineOfBusinessNode => ({
  uuid: uuid(),
  code,
  name,
  parentUuid: null,
  classificationUuid: '00000000-0000-4000-8000-000000000000',
  children,
});

const tree: LineOfBusinessNode[] = [
  node('P&C', 'Property & Casualty', [
    node('PL', 'Personal Lines', [node('PAUTO', 'Personal Auto'), node('HOME', 'Homeowners')]),
    node('CL', 'Commercial Lines', [node('BOP', 'Businessowners')]),
    node('BOND', 'Bond', [node('SURETY', 'Surety Bonds')]),
    node('CROP', 'Crop', [node('MPCI', 'Multi-Peril Crop')]),
  ]),
];

const row = (id: string, label: string, written: number | null, incomplete = false): ProductionRow => ({
  id,
  name: label,
  label,
  incomplete,
  measures: measuresOf(figures({ writtenPremium: written })),
  lines: [],
});

describe('measures of a row', () => {
  it('computes change and loss ratios from the sums', () => {
    const m = measuresOf(figures());
    expect(m.writtenPremiumChange).toBeCloseTo(25);
    expect(m.newBusinessChange).toBeCloseTo(100);
    expect(m.lossRatio).toBeCloseTo(50);
    expect(m.priorLossRatio).toBeCloseTo(60);
  });

  it('gives 0 % change for a zero prior, an empty new-business change for a prior <= 0, and keeps nulls', () => {
    const m = measuresOf(figures({ priorWrittenPremium: 0, priorNewWrittenPremium: 0, earned: null }));
    expect(m.writtenPremiumChange).toBe(0);
    expect(m.newBusinessChange).toBeNull();
    expect(m.lossRatio).toBeNull();
    expect(measuresOf(figures({ priorNewWrittenPremium: -5 })).newBusinessChange).toBeNull();
    expect(measuresOf(figures({ writtenPremium: null })).writtenPremium).toBeNull();
  });
});

describe('rows from the answers', () => {
  const catalog = lineCatalog(tree);

  it('takes the total of the chosen line and lists the other lines in the tree order', () => {
    const response: ByCarrierResponse = {
      period: {
        startDate: '2026-01-01',
        endDate: '2026-10-31',
        priorStartDate: '2025-01-01',
        priorEndDate: '2025-10-31',
        includesManualEntries: true,
      },
      lineCode: 'P&C',
      carriers: {
        c1: {
          carrierUuid: uuid(),
          carrierName: 'Acme Mutual',
          isMga: false,
          isCoreCarrier: true,
          reportedMonths: [],
          latestYearMonth: null,
          mostRecentReportingDate: null,
          manualMostRecentReportingDate: null,
          haveMissingCurrentData: false,
          haveMissingPriorData: true,
          lines: {
            CL: carrierFigures(figures({ writtenPremium: 300 })),
            'P&C': carrierFigures(figures({ writtenPremium: 1000 })),
            PL: carrierFigures(figures({ writtenPremium: 700 })),
          },
        },
      },
    };
    const [carrier] = carrierRows(response, catalog);
    expect(carrier).toMatchObject({ id: 'c1', label: 'Acme Mutual', incomplete: true });
    expect(carrier!.measures.writtenPremium).toBe(1000);
    expect(carrier!.lines.map((l) => [l.code, l.label])).toEqual([
      ['PL', 'Personal Lines'],
      ['CL', 'Commercial Lines'],
    ]);
  });

  it("shows agencies as 'name - city - state' and searches their names only", () => {
    const response: ByAgencyResponse = {
      period: {
        startDate: '2026-01-01',
        endDate: '2026-10-31',
        priorStartDate: '2025-01-01',
        priorEndDate: '2025-10-31',
        includesManualEntries: false,
      },
      lineCode: 'PL',
      agencies: [
        {
          agencyUuid: uuid(),
          name: 'Prairie Oak Insurance',
          agencyCity: 'Ames',
          agencyState: 'IA',
          haveMissingCurrentData: false,
          haveMissingPriorData: false,
          lines: { PL: figures(), HOME: figures({ writtenPremium: 400 }), PAUTO: figures() },
        },
      ],
    };
    const rows = agencyRows(response, catalog);
    expect(rows[0]!.label).toBe('Prairie Oak Insurance - Ames - IA');
    expect(rows[0]!.lines.map((l) => l.label)).toEqual(['Personal Auto', 'Homeowners']);
    expect(searchRows(rows, 'OAK')).toHaveLength(1);
    expect(searchRows(rows, 'ames')).toHaveLength(0);
  });
});

describe('filtering and sorting', () => {
  const rows = [
    row('a', 'Beta', 500),
    row('b', 'alpha', null),
    row('c', 'Gamma', 900, true),
    row('d', 'Delta', 500),
  ];

  it('searches case-insensitively, and a blank term keeps every row', () => {
    expect(searchRows(rows, '  ALP ').map((r) => r.id)).toEqual(['b']);
    expect(searchRows(rows, ' ')).toBe(rows);
  });

  it('sorts by written premium highest first with values not reported last, ties by name', () => {
    expect(sortRows(rows, { key: 'writtenPremium', direction: 'desc' }).map((r) => r.label)).toEqual([
      'Gamma',
      'Beta',
      'Delta',
      'alpha',
    ]);
    expect(sortRows(rows, { key: 'writtenPremium', direction: 'asc' }).map((r) => r.label)).toEqual([
      'Beta',
      'Delta',
      'Gamma',
      'alpha',
    ]);
    expect(sortRows(rows, { key: 'label', direction: 'asc' }).map((r) => r.label)).toEqual([
      'alpha',
      'Beta',
      'Delta',
      'Gamma',
    ]);
  });
});

describe('the query', () => {
  const timeframe = parseTimeframe('ytd-2026', today)!;

  it('sends the period, line, standard types (not for the total) and composite', () => {
    const params = productionSearchParams({
      levelUuid: 'level',
      timeframe,
      line: 'PL',
      standardTypes: ['PAUTO', 'HOME'],
      composite: 'carriers',
    });
    expect(Object.fromEntries(params)).toEqual({
      levelUuid: 'level',
      startDate: '2026-01-01',
      endDate: '2026-10-31',
      broadLineOfBusinessStandardTypeCode: 'PL',
      standardTypes: 'PAUTO,HOME',
      isStandard: 'true',
      isMga: 'false',
      isCrop: 'true',
      isFlood: 'true',
      isSurety: 'true',
      isWorkersComp: 'true',
    });
    const total = productionSearchParams({
      levelUuid: 'level',
      timeframe,
      line: 'P&C',
      standardTypes: ['PAUTO'],
      composite: 'all',
    });
    expect(total.has('standardTypes')).toBe(false);
  });

  it('offers the standard types of the chosen line only', () => {
    expect(standardTypeOptions(tree, 'P&C')).toEqual([]);
    expect(standardTypeOptions(tree, 'PL')).toEqual([
      { value: 'PAUTO', label: 'Personal Auto' },
      { value: 'HOME', label: 'Homeowners' },
    ]);
  });
});

describe('the state in the URL', () => {
  it('defaults to YTD, carriers, the total and every carrier; an invalid timeframe is the default', () => {
    const state = readProductionState(new URLSearchParams('timeframe=2026-13&line=XX&view=x'), today);
    expect(state).toMatchObject({
      view: 'carriers',
      line: 'P&C',
      standardTypes: [],
      composite: 'all',
      search: '',
      hideIncomplete: false,
    });
    expect(state.timeframe.code).toBe('ytd-2026');
  });

  it('reads a shared link back', () => {
    const state = readProductionState(
      new URLSearchParams(
        'timeframe=P12M--2026-06&view=agencies&line=PL&types=PAUTO,HOME&composite=wholesalers&q=oak&hideIncomplete=true',
      ),
      today,
    );
    expect(state).toMatchObject({
      view: 'agencies',
      line: 'PL',
      standardTypes: ['PAUTO', 'HOME'],
      composite: 'wholesalers',
      search: 'oak',
      hideIncomplete: true,
    });
    expect(state.timeframe.name).toBe('12MM');
  });

  it('resets the line, types and carrier group when the timeframe changes, and keeps the rest', () => {
    const next = changeTimeframe({ code: '2026-03' })(
      new URLSearchParams('level=L&view=agencies&line=PL&types=HOME&composite=carriers&q=oak'),
    );
    expect(Object.fromEntries(next)).toEqual({
      level: 'L',
      view: 'agencies',
      q: 'oak',
      timeframe: '2026-03',
    });
  });

  it('clears the types with a new line, and an empty application resets the filter', () => {
    expect(changeLine('CL')(new URLSearchParams('line=PL&types=HOME')).toString()).toBe('line=CL');
    expect(changeLine('P&C')(new URLSearchParams('line=PL&types=HOME')).toString()).toBe('');
    expect(applyStandardTypes([])(new URLSearchParams('line=PL&types=HOME')).toString()).toBe('line=PL');
    expect(applyStandardTypes(['A', 'B'])(new URLSearchParams('line=PL')).get('types')).toBe('A,B');
    expect(changeView('carriers')(new URLSearchParams('view=agencies')).toString()).toBe('');
    expect(changeComposite('all')(new URLSearchParams('composite=carriers')).toString()).toBe('');
  });
});

describe('the chart', () => {
  it('sums written premium per line over the rows, largest first', () => {
    const withLines = (id: string, pl: number, cl: number | null): ProductionRow => ({
      ...row(id, id, pl),
      lines: [
        { code: 'PL', label: 'Personal Lines', measures: measuresOf(figures({ writtenPremium: pl })) },
        {
          code: 'CL',
          label: 'Commercial Lines',
          measures: measuresOf(figures({ writtenPremium: cl, priorWrittenPremium: 50 })),
        },
      ],
    });
    expect(chartBars([withLines('a', 100, 900), withLines('b', 200, null)])).toEqual([
      { code: 'CL', label: 'Commercial Lines', current: 900, prior: 100 },
      { code: 'PL', label: 'Personal Lines', current: 300, prior: 1600 },
    ]);
  });
});

describe('the export file name', () => {
  it('reads filename* before filename and falls back without a header', () => {
    expect(attachmentFilename('attachment; filename="Prairie_Oak_YTD.csv"', 'x.csv')).toBe(
      'Prairie_Oak_YTD.csv',
    );
    expect(
      attachmentFilename(`attachment; filename="a.csv"; filename*=UTF-8''Caf%C3%A9_2026.csv`, 'x.csv'),
    ).toBe('Café_2026.csv');
    expect(attachmentFilename('attachment; filename=plain.csv', 'x.csv')).toBe('plain.csv');
    expect(attachmentFilename('attachment; filename="../etc/passwd"', 'x.csv')).toBe('.._etc_passwd');
    expect(attachmentFilename(null, 'x.csv')).toBe('x.csv');
    expect(attachmentFilename('attachment', 'x.csv')).toBe('x.csv');
  });
});
