import { describe, expect, it } from 'vitest';
import type { ByAgencyResponse, ProductionFigures } from '#shared/contracts/production.ts';
import { csvField } from '#shared/domain/csv.ts';
import { agencyCsvLines, exportFileName, inChunks } from './production-export.ts';

const figures = (f: Partial<ProductionFigures>): ProductionFigures => ({
  writtenPremium: null,
  priorWrittenPremium: null,
  newWrittenPremium: null,
  priorNewWrittenPremium: null,
  earned: null,
  priorEarned: null,
  incurred: null,
  priorIncurred: null,
  ...f,
});

describe('Carrier Production CSV', () => {
  it('quotes fields with commas, quotes or line breaks, and leaves numbers and blanks plain', () => {
    expect(csvField('Prairie Oak, Inc.')).toBe('"Prairie Oak, Inc."');
    expect(csvField('The "Best" Agency')).toBe('"The ""Best"" Agency"');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(-1234.5)).toBe('-1234.5');
    expect(csvField(0)).toBe('0');
    expect(csvField(null)).toBe('');
  });

  it('defuses text that a spreadsheet would read as a formula', () => {
    for (const text of ['=SUM(A1)', '+1', '-2', '@cmd', '\tx']) expect(csvField(text)).toBe(`'${text}`);
    expect(csvField('=HYPERLINK("x","y")')).toBe(`"'=HYPERLINK(""x"",""y"")"`);
  });

  it('writes few large chunks that hold every line in order', () => {
    const lines = Array.from({ length: 10_000 }, (_, i) => `row ${i},1,2\r\n`);
    const chunks = [...inChunks(lines, 64 * 1024)];
    expect(chunks.length).toBeLessThan(5);
    expect(chunks.join('')).toBe(lines.join(''));
    expect([...inChunks([])]).toEqual([]);
  });

  it('names the file after the agency and the timeframe', () => {
    expect(exportFileName('Prairie Oak Insurance Agency', 'YTD 2026 through 2026-10')).toBe(
      'Prairie_Oak_Insurance_Agency_YTD_2026_through_2026-10.csv',
    );
  });

  it('writes each agency by written premium, its total line first, with rounded dollars and percents', () => {
    const report: ByAgencyResponse = {
      period: {
        startDate: '2026-01-01',
        endDate: '2026-10-31',
        priorStartDate: '2025-01-01',
        priorEndDate: '2025-10-31',
        includesManualEntries: true,
      },
      lineCode: 'P&C',
      agencies: [
        {
          agencyUuid: '11111111-1111-4111-8111-111111111111',
          name: 'Small, "Co"',
          agencyCity: 'Ames',
          agencyState: 'IA',
          haveMissingCurrentData: true,
          haveMissingPriorData: false,
          lines: {
            'P&C': figures({
              writtenPremium: 100.5,
              priorWrittenPremium: 0,
              newWrittenPremium: 10,
              priorNewWrittenPremium: 0,
            }),
          },
        },
        {
          agencyUuid: '22222222-2222-4222-8222-222222222222',
          name: '=Big',
          agencyCity: 'Omaha',
          agencyState: 'NE',
          haveMissingCurrentData: false,
          haveMissingPriorData: true,
          lines: {
            PL: figures({ writtenPremium: 600, priorWrittenPremium: 400, earned: 500, incurred: 275.25 }),
            CL: figures({ writtenPremium: -0.4, priorWrittenPremium: 300 }),
            'P&C': figures({
              writtenPremium: 1999.6,
              priorWrittenPremium: 700,
              newWrittenPremium: 50,
              priorNewWrittenPremium: 40,
              earned: 500,
              priorEarned: 0,
              incurred: 275.25,
              priorIncurred: 10,
            }),
          },
        },
      ],
    };
    expect([...agencyCsvLines(report)].join('')).toBe(
      [
        'Agency,Line of Business,Written Premium (USD),Prior Written Premium (USD),Written Premium Change (%),New Business (USD),Prior New Business (USD),New Business Change (%),Earned Premium (USD),Prior Earned Premium (USD),Incurred Loss (USD),Prior Incurred Loss (USD),Loss Ratio (%),Prior Loss Ratio (%),Incomplete Current Data,Incomplete Prior Data',
        "'=Big - Omaha - NE,Total (P&C),2000,700,185.7,50,40,25,500,0,275,10,55.1,,No,Yes",
        "'=Big - Omaha - NE,CL,0,300,-100.1,,,,,,,,,,No,Yes",
        "'=Big - Omaha - NE,PL,600,400,50,,,,500,,275,,55.1,,No,Yes",
        '"Small, ""Co"" - Ames - IA",Total (P&C),101,0,0,10,0,,,,,,,,Yes,No',
        '',
      ].join('\r\n'),
    );
  });
});
