/**
 * Profit-sharing agreements from a CSV template (POST /api/profit-sharing/agreements/import): the
 * template's columns, and the request and answer. One row per cell of an agreement's grid; the
 * agreement's own columns are filled on its first row (later rows leave them blank or repeat them).
 * Every agreement the file describes is checked by the grid editor's contract
 * (`createAgreementBodySchema`) before anything is saved.
 */
import { z } from 'zod';
import { csvText } from '#shared/domain/csv.ts';

/** The template's columns, in order; the key is how the server names a column in an error. */
export const AGREEMENT_IMPORT_COLUMNS = [
  'Carrier',
  'Year',
  'Agreement',
  'Lines covered',
  'Lines excluded',
  'Bonus on',
  'Policies in force',
  'Minimum premium',
  'Maximum loss ratio %',
  'Loss ratio years',
  'Minimum growth %',
  'Large-loss cap',
  'Kicker new business',
  'Kicker rate %',
  'Grid axis',
  'Loss ratio under %',
  'Band minimum',
  'Bonus %',
] as const;
export type AgreementImportColumn = (typeof AGREEMENT_IMPORT_COLUMNS)[number];

/** The columns that describe the agreement (the rest describe one cell of its grid). */
export const AGREEMENT_IMPORT_AGREEMENT_COLUMNS = AGREEMENT_IMPORT_COLUMNS.slice(
  3,
  15,
) as readonly AgreementImportColumn[];

/** The most rows one file may hold (a hundred agreements of full 10 x 10 grids). */
export const MAX_IMPORT_ROWS = 10_000;

/** POST /api/profit-sharing/agreements/import: the CSV text of a filled template, for the level. */
export const importAgreementsBodySchema = z.object({
  levelUuid: z.string().uuid('levelUuid must be the UUID of a network or an agency').optional(),
  csv: z
    .string({ message: 'csv must be the text of the filled template' })
    .min(1, 'The file is empty.')
    .max(2_000_000, 'The file is too large: at most 2 MB.'),
});
export type ImportAgreementsBody = z.infer<typeof importAgreementsBodySchema>;

export const importAgreementsResponseSchema = z.object({
  imported: z.number().int(),
  agreementUuids: z.array(z.string().uuid()),
});
export type ImportAgreementsResponse = z.infer<typeof importAgreementsResponseSchema>;

/**
 * The template: its header, and one example agreement (the research file's personal-lines grid:
 * loss ratio under 50 % or 60 %, by growth from 0, 5 or 10 %) naming `carrierName` for `year`.
 */
export function agreementTemplateCsv(
  carrierName: string,
  year: number,
  name = 'Personal lines growth bonus',
): string {
  const first = [carrierName, year, name, 'PL', '', 'written', '', 5000, 55, 3, '', '', '', '', 'growth'];
  const blank = Array.from({ length: first.length }, () => '');
  const cells: [number, number, number][] = [
    [50, 0, 1],
    [50, 5, 2],
    [50, 10, 3],
    [60, 0, 0.5],
    [60, 5, 1],
    [60, 10, 1.5],
  ];
  const rows = cells.map(([under, minimum, rate], index) => [
    ...(index === 0 ? first : [carrierName, year, name, ...blank.slice(3)]),
    under,
    minimum,
    rate,
  ]);
  return csvText(AGREEMENT_IMPORT_COLUMNS, rows);
}
