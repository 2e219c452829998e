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

const HEADER = [
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

/** The CSV of a level's agreements: its own first, then (at a network) its agencies' by payout at risk. */
export function* agreementsCsvLines(answer: AgreementsResponse): Generator<string> {
  yield `${HEADER.map(csvField).join(',')}\r\n`;
  for (const summary of [...answer.agreements, ...answer.memberAgreements]) {
    yield `${row(summary).map(csvField).join(',')}\r\n`;
  }
}

export function agreementsFileName(levelName: string | null, year: number): string {
  return exportFileName(levelName ?? 'Profit_Sharing', `Profit_Sharing_${year}`);
}
