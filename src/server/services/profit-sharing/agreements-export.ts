import type { AgreementsResponse, AgreementSummary } from '#shared/contracts/profit-sharing.ts';
import { csvField } from '#shared/domain/csv.ts';
import { exportFileName } from '#server/services/production/production-export.ts';

/** Status words of the export, as the page shows them. */
export const STATUS_TEXT: Record<AgreementSummary['status'], string> = {
  onTrack: 'On track',
  atRisk: 'At risk',
  notEligible: 'Not eligible',
  noFigures: 'No figures yet',
};

export const AGREEMENTS_EXPORT_HEADER = [
  'Holder',
  'Carrier',
  'Agreement',
  'Year',
  'Lines',
  'Status',
  'Projected Payout (USD)',
  'Year-to-date Payout (USD)',
  'Payout at Risk (USD)',
  'Next Band Extra Payout (USD)',
  'Next Band: Loss Ratio Points Lower',
  'Next Band: Written Premium to Add (USD)',
  'Next Band: Policies to Add',
  'Next Band: Premium to Add (USD)',
];

const row = (summary: AgreementSummary) => {
  const { agreement, nextBand } = summary;
  const lines = [...agreement.lines.broadLines, ...agreement.lines.standardTypes].join(' ');
  return [
    agreement.holderName,
    agreement.carrierName,
    agreement.name,
    agreement.year,
    lines,
    STATUS_TEXT[summary.status],
    summary.projectedPayout,
    summary.yearToDatePayout,
    summary.payoutAtRisk,
    nextBand?.extraPayout ?? null,
    nextBand?.lossRatioPoints ?? null,
    nextBand?.writtenPremium ?? null,
    nextBand?.policies ?? null,
    nextBand?.premium ?? null,
  ];
};

/**
 * The export's rows, one definition for the CSV and the XLSX: the level's own agreements first, then
 * (at a network) its agencies' by payout at risk.
 */
export function* agreementsExportRows(answer: AgreementsResponse): Generator<(string | number | null)[]> {
  for (const summary of [...answer.agreements, ...answer.memberAgreements]) yield row(summary);
}

/** The columns of the export that are amounts in dollars (a currency format in the XLSX). */
export const AGREEMENTS_EXPORT_USD_COLUMNS = AGREEMENTS_EXPORT_HEADER.flatMap((name, index) =>
  name.includes('(USD)') ? [index] : [],
);

/** The CSV of a level's agreements. */
export function* agreementsCsvLines(answer: AgreementsResponse): Generator<string> {
  yield `${AGREEMENTS_EXPORT_HEADER.map(csvField).join(',')}\r\n`;
  for (const cells of agreementsExportRows(answer)) yield `${cells.map(csvField).join(',')}\r\n`;
}

export function agreementsFileName(levelName: string | null, year: number): string {
  return exportFileName(levelName ?? 'Profit_Sharing', `Profit_Sharing_${year}`);
}
