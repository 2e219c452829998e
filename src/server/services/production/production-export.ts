import type {
  ByAgencyCodeResponse,
  ByAgencyResponse,
  ByCarrierResponse,
  ProductionFigures,
} from '#shared/contracts/production.ts';
import { csvField } from '#shared/domain/csv.ts';
import { changePercent, lossRatio, newBusinessChangePercent, wholeDollars } from '#shared/domain/measures.ts';

/** The figure columns of the Carrier Production CSV, after the row's name columns, in order. */
const FIGURE_HEADERS = [
  'Line of Business',
  'Written Premium (USD)',
  'Prior Written Premium (USD)',
  'Written Premium Change (%)',
  'New Business (USD)',
  'Prior New Business (USD)',
  'New Business Change (%)',
  'Earned Premium (USD)',
  'Prior Earned Premium (USD)',
  'Incurred Loss (USD)',
  'Prior Incurred Loss (USD)',
  'Loss Ratio (%)',
  'Prior Loss Ratio (%)',
  'Incomplete Current Data',
  'Incomplete Prior Data',
] as const;

/** Joins CSV lines into chunks of about `size` characters, so a stream writes few large chunks. */
export function* inChunks(lines: Iterable<string>, size = 64 * 1024): Generator<string> {
  let chunk = '';
  for (const line of lines) {
    chunk += line;
    if (chunk.length >= size) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}

const dollars = (v: number | null) => (v === null ? '' : String(wholeDollars(v)));
const percent = (v: number | null) => (v === null ? '' : String(Math.round(v * 10) / 10));

/** A line's figure fields, comma-joined (numbers are never quoted, blanks stay empty). */
function figureFields(f: ProductionFigures): string {
  return [
    dollars(f.writtenPremium),
    dollars(f.priorWrittenPremium),
    percent(changePercent(f.writtenPremium, f.priorWrittenPremium)),
    dollars(f.newWrittenPremium),
    dollars(f.priorNewWrittenPremium),
    percent(newBusinessChangePercent(f.newWrittenPremium, f.priorNewWrittenPremium)),
    dollars(f.earned),
    dollars(f.priorEarned),
    dollars(f.incurred),
    dollars(f.priorIncurred),
    percent(lossRatio(f.incurred, f.earned)),
    percent(lossRatio(f.priorIncurred, f.priorEarned)),
  ].join(',');
}

type ExportRow = {
  names: string[];
  lines: Record<string, ProductionFigures>;
  haveMissingCurrentData: boolean;
  haveMissingPriorData: boolean;
};

/**
 * CSV lines: for each row (by written premium, largest first) its total line, then one line per line
 * of business. Blanks stay blank (not reported), zeros stay 0. A row's name fields and flags are
 * written once and shared by its lines.
 */
function* csvLines(
  nameHeaders: string[],
  lineCode: string,
  rows: ExportRow[],
  order: 'by premium' | 'as given' = 'by premium',
): Generator<string> {
  yield [...nameHeaders, ...FIGURE_HEADERS].map(csvField).join(',') + '\r\n';
  const premium = (row: ExportRow) => row.lines[lineCode]?.writtenPremium ?? -Infinity;
  const sorted =
    order === 'as given'
      ? rows
      : rows.sort((a, b) => premium(b) - premium(a) || a.names[0]!.localeCompare(b.names[0]!));
  for (const row of sorted) {
    const names = row.names.map(csvField).join(',');
    const flags = `${row.haveMissingCurrentData ? 'Yes' : 'No'},${row.haveMissingPriorData ? 'Yes' : 'No'}\r\n`;
    const codes = [
      lineCode,
      ...Object.keys(row.lines)
        .filter((c) => c !== lineCode)
        .sort(),
    ];
    for (const code of codes) {
      const figures = row.lines[code];
      if (!figures) continue;
      const label = code === 'P&C' ? 'Total (P&C)' : csvField(code);
      yield `${names},${label},${figureFields(figures)},${flags}`;
    }
  }
}

/** The CSV of the Carriers view: Carrier, Wholesaler, then the figures. */
export function carrierCsvLines(report: ByCarrierResponse): Generator<string> {
  const rows = Object.values(report.carriers).map((row) => ({
    ...row,
    names: [row.carrierName, row.isMga ? 'Yes' : 'No'],
  }));
  return csvLines(['Carrier', 'Wholesaler'], report.lineCode, rows);
}

/** The CSV of the Agency view: the agency as 'name - city - state', then the figures. */
export function agencyCsvLines(report: ByAgencyResponse): Generator<string> {
  const rows = report.agencies.map((row) => ({
    ...row,
    names: [`${row.name} - ${row.agencyCity} - ${row.agencyState}`],
  }));
  return csvLines(['Agency'], report.lineCode, rows);
}

/**
 * The CSV of the planning table by agency code: Agency Code, Agency, Carrier, then the figures, in
 * the order the table shows (the server sorted the selection).
 */
export function agencyCodeCsvLines(report: ByAgencyCodeResponse): Generator<string> {
  const rows = report.agencyCodes.map((row) => ({
    ...row,
    names: [
      row.name && row.name !== row.code ? `${row.code} - ${row.name}` : row.code,
      row.agencyName,
      row.carrierName,
    ],
  }));
  return csvLines(['Agency Code', 'Agency', 'Carrier'], report.lineCode, rows, 'as given');
}

/** "Prairie Oak Insurance Agency" + "YTD 2026 through 2026-10" -> Prairie_Oak_Insurance_Agency_YTD_2026_through_2026-10.csv */
export function exportFileName(name: string, displayText: string): string {
  const safe = (s: string) =>
    s
      .trim()
      .replace(/[^A-Za-z0-9&.\- ]/g, '')
      .replace(/\s+/g, '_');
  return `${safe(name)}_${safe(displayText)}.csv`;
}
