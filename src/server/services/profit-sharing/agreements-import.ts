import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  AGREEMENT_BROAD_LINES,
  createAgreementBodySchema,
  type CreateAgreementBody,
} from '#shared/contracts/profit-sharing.ts';
import {
  AGREEMENT_IMPORT_AGREEMENT_COLUMNS,
  AGREEMENT_IMPORT_COLUMNS,
  MAX_IMPORT_ROWS,
  type AgreementImportColumn,
} from '#shared/contracts/profit-sharing-import.ts';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/errors.ts';
import type { Actor } from '#server/policies/actor.ts';
import type { Level } from '#server/policies/scope.ts';
import { assertMayEdit, holderOf, insertAgreement, isUniqueViolation } from './agreements.ts';

/**
 * POST /api/profit-sharing/agreements/import: the agreements a filled template describes, for the
 * level, written as the grid editor writes them (the same contract, insert and audit row) in one
 * transaction. Rows are grouped into agreements by carrier, year and agreement name; each row is one
 * cell of the grid. Any problem, in any row, saves nothing: every problem is answered at once, each
 * naming its row (as a spreadsheet numbers it, the header being row 1), its column and what is wrong.
 */

type Problem = { row: number; column: AgreementImportColumn; message: string };
type Row = { number: number; cell: (column: AgreementImportColumn) => string };

/** At most this many problems are answered (the first ones, in row order). */
const MAX_PROBLEMS = 100;

const normal = (text: string) => text.trim().toLowerCase().replace(/\s+/g, ' ');

/** A number as a person types it in a spreadsheet: "$1,250.50", "2.5 %", "-3". Null when blank. */
function number(text: string): number | null | 'invalid' {
  const cleaned = text.replace(/[\s$,%]/g, '');
  if (cleaned === '') return null;
  if (!/^-?(\d+(\.\d*)?|\.\d+)$/.test(cleaned)) return 'invalid';
  return Number(cleaned);
}

const MEASURES: Record<string, CreateAgreementBody['measure']> = {
  written: 'writtenPremium',
  'written premium': 'writtenPremium',
  writtenpremium: 'writtenPremium',
  earned: 'earnedPremium',
  'earned premium': 'earnedPremium',
  earnedpremium: 'earnedPremium',
};

const AXES: Record<string, CreateAgreementBody['terms']['grid']['axis']> = {
  growth: 'growth',
  'policies in force': 'policiesInForce',
  policiesinforce: 'policiesInForce',
  pif: 'policiesInForce',
  policies: 'policiesInForce',
  premium: 'premium',
};

type Catalogue = {
  carriers: Map<string, string>;
  /** Standard type code -> its broad line; and each broad line's standard types. */
  typeLine: Map<string, string>;
  typesOf: Map<string, string[]>;
};

async function catalogue(db: Db): Promise<Catalogue> {
  const [carriers, types] = await Promise.all([
    db.execute<{ uuid: string; name: string }>(sql`select uuid, display_name as name from carriers`),
    db.execute<{ code: string; broad: string }>(sql`
      select distinct l.code, p.code as broad from lines_of_business l
      join lines_of_business p on p.uuid = l.parent_uuid
      where l.level = 2 and p.level = 1 order by p.code, l.code`),
  ]);
  const typesOf = new Map<string, string[]>();
  for (const type of types.rows) typesOf.set(type.broad, [...(typesOf.get(type.broad) ?? []), type.code]);
  return {
    carriers: new Map(carriers.rows.map((c) => [normal(c.name), c.uuid])),
    typeLine: new Map(types.rows.map((t) => [t.code.toUpperCase(), t.broad])),
    typesOf,
  };
}

/** Reads the CSV into rows keyed by the template's columns (in any order); the header must name them all. */
function readRows(csv: string): Row[] {
  let records: string[][];
  try {
    records = parse(csv, {
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : 'it is not CSV';
    throw new AppError('bad_request', `The file could not be read as CSV: ${reason}`);
  }
  const [header, ...body] = records;
  if (!header) throw new AppError('bad_request', 'The file is empty.');
  const positions = new Map(header.map((name, index) => [normal(name), index]));
  const missing = AGREEMENT_IMPORT_COLUMNS.filter((column) => !positions.has(normal(column)));
  if (missing.length > 0) {
    const message = `The header row (row 1) lacks the template's column${missing.length > 1 ? 's' : ''} ${missing
      .map((c) => `"${c}"`)
      .join(', ')}. Start from the downloaded template.`;
    throw new AppError('bad_request', message, { csv: message });
  }
  if (body.length > MAX_IMPORT_ROWS)
    throw new AppError(
      'bad_request',
      `The file has ${body.length} rows; at most ${MAX_IMPORT_ROWS} are read.`,
    );
  return body
    .map((cells, index) => ({
      number: index + 2,
      // A leading apostrophe is a spreadsheet's mark of text (and how CSV exports defuse "-5"): not data.
      cell: (column: AgreementImportColumn) =>
        (cells[positions.get(normal(column))!] ?? '').replace(/^'/, '').trim(),
    }))
    .filter((row) => AGREEMENT_IMPORT_COLUMNS.some((column) => row.cell(column) !== ''));
}

/** Where a problem the contract finds in an agreement is shown: the row and column it came from. */
type Origin = {
  first: Row;
  lossRatioRows: Row[];
  minimumRows: Row[];
  cellRows: Row[][];
};

const PATH_COLUMNS: Record<string, AgreementImportColumn> = {
  carrierUuid: 'Carrier',
  year: 'Year',
  name: 'Agreement',
  measure: 'Bonus on',
  lines: 'Lines covered',
  policiesInForce: 'Policies in force',
  'terms.gates.minimumPremium': 'Minimum premium',
  'terms.gates.maximumLossRatio': 'Maximum loss ratio %',
  'terms.gates.lossRatioYears': 'Loss ratio years',
  'terms.gates.minimumGrowth': 'Minimum growth %',
  'terms.gates.largeLossCap': 'Large-loss cap',
  'terms.kicker.newBusinessThreshold': 'Kicker new business',
  'terms.kicker.rate': 'Kicker rate %',
  'terms.grid.axis': 'Grid axis',
  'terms.grid.lossRatioUnder': 'Loss ratio under %',
  'terms.grid.minimums': 'Band minimum',
  'terms.grid.rates': 'Bonus %',
};

function problemOf(issue: z.core.$ZodIssue, origin: Origin): Problem {
  const path = issue.path.map(String);
  const [a, b, c, d, e] = path;
  const key = [a, b, c].filter(Boolean).join('.');
  const column = PATH_COLUMNS[key] ?? PATH_COLUMNS[[a, b].join('.')] ?? PATH_COLUMNS[a ?? ''] ?? 'Agreement';
  let row = origin.first;
  if (key === 'terms.grid.lossRatioUnder' && d !== undefined) row = origin.lossRatioRows[Number(d)] ?? row;
  if (key === 'terms.grid.minimums' && d !== undefined) row = origin.minimumRows[Number(d)] ?? row;
  if (key === 'terms.grid.rates' && d !== undefined)
    row =
      (e !== undefined ? origin.cellRows[Number(d)]?.[Number(e)] : origin.cellRows[Number(d)]?.[0]) ?? row;
  return { row: row.number, column, message: issue.message };
}

/** One agreement's rows as the editor's body, or the problems found in them. */
function agreementOf(rows: Row[], found: Catalogue, problems: Problem[]): CreateAgreementBody | null {
  const first = rows[0]!;
  const before = problems.length;
  const report = (row: Row, column: AgreementImportColumn, message: string) =>
    problems.push({ row: row.number, column, message });

  // The agreement's columns: on its first row; later rows leave them blank or repeat them.
  for (const row of rows.slice(1))
    for (const column of AGREEMENT_IMPORT_AGREEMENT_COLUMNS) {
      const value = row.cell(column);
      if (value !== '' && normal(value) !== normal(first.cell(column)))
        report(
          row,
          column,
          `"${value}" differs from row ${first.number}'s "${first.cell(column)}": an agreement's own columns are read from its first row; leave them blank on its other rows`,
        );
    }

  const numeric = (column: AgreementImportColumn, row: Row = first): number | null => {
    const value = number(row.cell(column));
    if (value !== 'invalid') return value;
    report(row, column, `"${row.cell(column)}" is not a number`);
    return null;
  };

  const carrierUuid = found.carriers.get(normal(first.cell('Carrier')));
  if (!carrierUuid)
    report(
      first,
      'Carrier',
      first.cell('Carrier') === ''
        ? 'The carrier is required'
        : `"${first.cell('Carrier')}" is not a carrier of the catalogue (type its name as the agreement editor lists it)`,
    );
  const year = numeric('Year');
  if (first.cell('Year') === '') report(first, 'Year', 'The year is required');

  const measure = MEASURES[normal(first.cell('Bonus on'))];
  if (!measure) report(first, 'Bonus on', 'Bonus on must be "written" or "earned" (premium)');

  const lines = linesOf(first, found, report);

  const axis = AXES[normal(first.cell('Grid axis'))];
  if (!axis) report(first, 'Grid axis', 'The grid axis must be "growth", "policies in force" or "premium"');

  const kickerThreshold = numeric('Kicker new business');
  const kickerRate = numeric('Kicker rate %');
  if ((kickerThreshold === null) !== (kickerRate === null))
    report(
      first,
      kickerThreshold === null ? 'Kicker new business' : 'Kicker rate %',
      'A kicker needs both its new-business threshold and its rate (leave both blank for none)',
    );
  const lossRatioYears = numeric('Loss ratio years');

  // The grid: each row one cell, its loss-ratio band by its band minimum.
  const cellOf = rows.map((row) => {
    const lossText = normal(row.cell('Loss ratio under %'));
    const under = lossText === 'any' ? null : numeric('Loss ratio under %', row);
    const minimumText = normal(row.cell('Band minimum'));
    const minimum = minimumText === 'none' ? null : numeric('Band minimum', row);
    const rateText = normal(row.cell('Bonus %'));
    const rate = rateText === '-' || rateText === 'none' ? null : numeric('Bonus %', row);
    return { row, under, minimum, rate };
  });
  const lossRatioUnder = [...new Set(cellOf.map((c) => c.under))].sort((x, y) =>
    x === null ? 1 : y === null ? -1 : x - y,
  );
  const minimums = [...new Set(cellOf.map((c) => c.minimum))].sort((x, y) =>
    x === null ? -1 : y === null ? 1 : x - y,
  );
  const cellRows: (Row | undefined)[][] = lossRatioUnder.map(() => minimums.map(() => undefined));
  const rates: (number | null)[][] = lossRatioUnder.map(() => minimums.map(() => null));
  for (const cell of cellOf) {
    const i = lossRatioUnder.indexOf(cell.under);
    const j = minimums.indexOf(cell.minimum);
    const taken = cellRows[i]![j];
    if (taken)
      report(
        cell.row,
        'Loss ratio under %',
        `Row ${taken.number} already gives the bonus of this loss-ratio band and band minimum`,
      );
    else {
      cellRows[i]![j] = cell.row;
      rates[i]![j] = cell.rate;
    }
  }
  const bandText = (under: number | null) =>
    under === null ? 'any loss ratio' : `loss ratio under ${under} %`;
  const minimumText = (minimum: number | null) =>
    minimum === null ? 'no minimum' : `band minimum ${minimum}`;
  lossRatioUnder.forEach((under, i) =>
    minimums.forEach((minimum, j) => {
      if (!cellRows[i]![j])
        report(
          first,
          'Bonus %',
          `The grid has no row for ${bandText(under)} and ${minimumText(minimum)}: add one (a blank Bonus % pays nothing)`,
        );
    }),
  );
  if (problems.length > before) return null;

  const body = {
    carrierUuid,
    year,
    name: first.cell('Agreement'),
    measure,
    lines,
    policiesInForce: numeric('Policies in force'),
    terms: {
      grid: { axis, lossRatioUnder, minimums, rates },
      gates: {
        minimumPremium: numeric('Minimum premium'),
        maximumLossRatio: numeric('Maximum loss ratio %'),
        lossRatioYears: lossRatioYears ?? 1,
        minimumGrowth: numeric('Minimum growth %'),
        largeLossCap: numeric('Large-loss cap'),
      },
      kicker:
        kickerThreshold === null || kickerRate === null
          ? null
          : { newBusinessThreshold: kickerThreshold, rate: kickerRate },
    },
  };
  // The grid editor's contract, the one definition of a valid agreement.
  const parsed = createAgreementBodySchema.safeParse(body);
  if (parsed.success) return parsed.data;
  const origin: Origin = {
    first,
    lossRatioRows: lossRatioUnder.map((under) => cellOf.find((c) => c.under === under)!.row),
    minimumRows: minimums.map((minimum) => cellOf.find((c) => c.minimum === minimum)!.row),
    cellRows: cellRows.map((row) => row.map((cell) => cell ?? first)),
  };
  for (const issue of parsed.error.issues) problems.push(problemOf(issue, origin));
  return null;
}

/**
 * The lines an agreement covers: "P&C" or broad lines (PL CL BOND CROP), or standard types of one broad
 * line; less the lines excluded (broad lines out of those covered, or standard types out of the one
 * broad line covered).
 */
function linesOf(
  first: Row,
  found: Catalogue,
  report: (row: Row, column: AgreementImportColumn, message: string) => void,
): CreateAgreementBody['lines'] | undefined {
  const codes = (column: AgreementImportColumn) =>
    first
      .cell(column)
      .toUpperCase()
      .split(/[\s,;]+/)
      .filter(Boolean);
  const broad = new Set<string>(AGREEMENT_BROAD_LINES);
  const covered = codes('Lines covered').flatMap((code) =>
    code === 'P&C' || code === 'PC' ? [...AGREEMENT_BROAD_LINES] : [code],
  );
  const excluded = codes('Lines excluded');
  if (covered.length === 0) {
    report(
      first,
      'Lines covered',
      'The lines covered are required: P&C, PL, CL, BOND, CROP or standard types',
    );
    return undefined;
  }
  const unknown = [...covered, ...excluded].filter((code) => !broad.has(code) && !found.typeLine.has(code));
  if (unknown.length > 0) {
    report(
      first,
      excluded.some((code) => unknown.includes(code)) && !covered.some((code) => unknown.includes(code))
        ? 'Lines excluded'
        : 'Lines covered',
      `${unknown.map((c) => `"${c}"`).join(', ')} ${unknown.length > 1 ? 'are' : 'is'} neither a line of business (P&C, PL, CL, BOND, CROP) nor a standard type`,
    );
    return undefined;
  }
  const coveredBroad = [...new Set(covered.filter((code) => broad.has(code)))];
  const coveredTypes = [...new Set(covered.filter((code) => !broad.has(code)))];
  if (coveredBroad.length > 0 && coveredTypes.length > 0) {
    report(first, 'Lines covered', 'Name either lines of business or standard types of one line, not both');
    return undefined;
  }
  if (coveredTypes.length > 0) {
    const parents = new Set(coveredTypes.map((code) => found.typeLine.get(code)!));
    if (excluded.length > 0)
      report(first, 'Lines excluded', 'Exclude lines only from lines of business, not from standard types');
    return {
      broadLines: [...parents] as CreateAgreementBody['lines']['broadLines'],
      standardTypes: coveredTypes,
    };
  }
  const excludedBroad = excluded.filter((code) => broad.has(code));
  const excludedTypes = excluded.filter((code) => !broad.has(code));
  for (const code of excludedBroad)
    if (!coveredBroad.includes(code))
      report(first, 'Lines excluded', `"${code}" is excluded but not among the lines covered`);
  const broadLines = coveredBroad.filter((code) => !excludedBroad.includes(code));
  if (excludedTypes.length === 0)
    return { broadLines: broadLines as CreateAgreementBody['lines']['broadLines'], standardTypes: [] };
  const parents = new Set(excludedTypes.map((code) => found.typeLine.get(code)!));
  if (broadLines.length !== 1 || !parents.has(broadLines[0]!) || parents.size !== 1) {
    report(
      first,
      'Lines excluded',
      'Standard types can be excluded from one line of business only: cover that one line and exclude its types',
    );
    return undefined;
  }
  const standardTypes = (found.typesOf.get(broadLines[0]!) ?? []).filter(
    (code) => !excludedTypes.includes(code),
  );
  if (standardTypes.length === 0) {
    report(first, 'Lines excluded', 'Every standard type of the line is excluded: nothing would be covered');
    return undefined;
  }
  return { broadLines: broadLines as CreateAgreementBody['lines']['broadLines'], standardTypes };
}

function refuse(problems: Problem[]): never {
  const sorted = problems.sort((a, b) => a.row - b.row).slice(0, MAX_PROBLEMS);
  const fields: Record<string, string> = {};
  for (const p of sorted) {
    const key = `Row ${p.row}, ${p.column}`;
    fields[key] = fields[key] ? `${fields[key]}; ${p.message}` : p.message;
  }
  const [head] = sorted;
  const count = problems.length;
  const message =
    `Nothing was imported: the file has ${count} problem${count > 1 ? 's' : ''}` +
    (head ? `. Row ${head.row}, ${head.column}: ${head.message}.` : '.');
  throw new AppError('bad_request', message, fields);
}

export async function importAgreements(db: Db, actor: Actor, level: Level, csv: string): Promise<string[]> {
  const holder = holderOf(level);
  assertMayEdit(actor, holder);
  const rows = readRows(csv);
  if (rows.length === 0) {
    const message = 'The file has no agreement: fill one row per cell of each grid under the header.';
    throw new AppError('bad_request', message, { csv: message });
  }
  const found = await catalogue(db);
  const groups = new Map<string, Row[]>();
  for (const row of rows) {
    const key = JSON.stringify([
      normal(row.cell('Carrier')),
      normal(row.cell('Year')),
      normal(row.cell('Agreement')),
    ]);
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  const problems: Problem[] = [];
  const bodies: { first: Row; body: CreateAgreementBody }[] = [];
  for (const group of groups.values()) {
    const body = agreementOf(group, found, problems);
    if (body) bodies.push({ first: group[0]!, body });
  }
  // A name the holder already uses with the carrier that year.
  if (bodies.length > 0) {
    const taken = await db.execute<{ carrier_uuid: string; year: number; name: string }>(sql`
      select carrier_uuid, year, lower(name) as name from profit_share_agreements
      where network_uuid = ${holder.networkUuid}::uuid
        and agency_uuid is not distinct from ${holder.agencyUuid}::uuid
        and year = any(${`{${[...new Set(bodies.map((b) => b.body.year))].join(',')}}`}::int[])`);
    const names = new Set(taken.rows.map((r) => JSON.stringify([r.carrier_uuid, Number(r.year), r.name])));
    for (const { first, body } of bodies)
      if (names.has(JSON.stringify([body.carrierUuid, body.year, body.name.toLowerCase()])))
        problems.push({
          row: first.number,
          column: 'Agreement',
          message: `There is already an agreement named "${body.name}" with this carrier for ${body.year}`,
        });
  }
  if (problems.length > 0) refuse(problems);
  try {
    return await db.transaction(async (tx) => {
      const created: string[] = [];
      for (const { body } of bodies) created.push(await insertAgreement(tx, actor, holder, body));
      return created;
    });
  } catch (error) {
    // Someone saved the same name meanwhile: nothing of the file was kept.
    if (isUniqueViolation(error))
      throw new AppError(
        'conflict',
        'An agreement of the file was saved by someone else meanwhile. Nothing was imported: reload and import the file again.',
      );
    throw error;
  }
}
