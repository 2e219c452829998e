import type {
  ScorecardByCarrierResponse,
  ScorecardExportQuery,
  ScorecardFigures,
} from '#shared/contracts/scorecards.ts';
import { wholeDollars } from '#shared/domain/measures.ts';
import {
  CORE_CARRIER_BADGE,
  sumScorecardFigures,
  TOTALS_LABEL,
  visibleCarriers,
} from '#shared/domain/scorecard.ts';
import { csvField } from '#shared/domain/csv.ts';

const HEADERS = [
  'Company',
  'Carrier Type',
  'Line of Business',
  'Written Premium (USD)',
  'Base Commission (USD)',
  'Base Commission (%)',
  'Additional Compensation (USD)',
  'Additional Compensation (%)',
  'Total (USD)',
  'Total (%)',
  'Incomplete Data',
] as const;

const dollars = (v: number | null) => (v === null ? '' : String(wholeDollars(v)));
const percent = (v: number | null) => (v === null ? '' : String(v));

function figureFields(f: ScorecardFigures): string {
  return [
    dollars(f.writtenPremiumYTD),
    dollars(f.baseCommissionYTD),
    percent(f.baseCommissionPercent),
    dollars(f.additionalCommissionYTD),
    percent(f.additionalCommissionPercent),
    dollars(f.totalCommissionYTD),
    percent(f.totalCommissionPercent),
  ].join(',');
}

/**
 * The scorecard's carrier table as CSV lines (spec part 2 §2, as Carrier Production exports): the
 * rows the table shows (search and carrier type applied, all-zero rows hidden), each followed by its
 * lines, then the 'Totals:' row of those rows. Dollars are whole, as the page shows them.
 */
export function* scorecardCsvLines(
  answer: ScorecardByCarrierResponse,
  query: Pick<ScorecardExportQuery, 'search' | 'carrierType'>,
): Generator<string> {
  yield `${HEADERS.join(',')}\r\n`;
  const rows = visibleCarriers(answer.carriers, query.search, query.carrierType);
  for (const row of rows) {
    const kind = row.isCoreCarrier ? CORE_CARRIER_BADGE : '';
    const incomplete = row.haveMissingData ? 'Yes' : '';
    yield `${[csvField(row.carrierName), csvField(kind), csvField(answer.parentTypeCode), figureFields(row), incomplete].join(',')}\r\n`;
    for (const line of row.lines) {
      yield `${[csvField(row.carrierName), csvField(kind), csvField(line.name), figureFields(line), incomplete].join(',')}\r\n`;
    }
  }
  yield `${[csvField(TOTALS_LABEL), '', csvField(answer.parentTypeCode), figureFields(sumScorecardFigures(rows)), ''].join(',')}\r\n`;
}

/** 'Invoice_Revenue_{level}_{start}_{end}.csv', with only letters, digits, '-' and '_'. */
export function scorecardFileName(
  levelName: string | null,
  period: { startDate: string; endDate: string },
): string {
  const name = (levelName ?? 'Agencies').replace(/[^A-Za-z0-9-]+/g, '_').replace(/^_+|_+$/g, '');
  return `Invoice_Revenue_${name || 'Agencies'}_${period.startDate}_${period.endDate}.csv`;
}
