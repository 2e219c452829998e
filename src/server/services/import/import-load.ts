import { and, eq, sql, type SQL } from 'drizzle-orm';
import {
  rankSuggestions,
  type Candidate,
  type MatchKind,
  type Suggestion,
} from '#shared/domain/import-matching.ts';
import type { Db, Executor } from '#server/db/client.ts';
import { imports } from '#server/db/schema/imports.ts';
import { AppError } from '#server/errors.ts';
import type { Actor } from '#server/policies/actor.ts';
import type { ImportRecord } from './import-staging.ts';
import { valueKey } from './import-staging.ts';
import { refreshAgenciesFacts } from '#server/services/read-model/refresh.ts';
import { uploadExpired } from './import-lifecycle.ts';
import {
  assertStagedRows,
  dropStagedRows,
  notStagedError,
  STAGED_AMOUNTS,
  stagedDollars,
  stagedRows,
  stagedRowsLost,
} from './staged-rows.ts';
import {
  knownMappings,
  mappingKey,
  rememberChoices,
  resolveValue,
  saveChoices,
  type Dimension,
  type Resolution,
} from './value-mappings.ts';

export type { Dimension } from './value-mappings.ts';

export type ValueToMap = {
  dimension: Dimension;
  /** For an agency code: the carrier it is a code at. */
  carrierUuid: string | null;
  value: string;
  rows: number;
  targetUuid: string | null;
  /** The matched carrier's, standard type's or agency code's name, for showing the match. */
  targetName: string | null;
  miscellaneous: boolean;
  how: Resolution['how'];
  overridesExact: boolean;
  suggestions: Suggestion[];
};

const NONE = '00000000-0000-0000-0000-000000000000';

export async function carrierCandidates(db: Executor): Promise<Candidate[]> {
  const rows = await db.execute<{ uuid: string; name: string; display_name: string }>(
    sql`select uuid, name, display_name from carriers order by display_name`,
  );
  return rows.rows.map((r) => ({
    id: r.uuid,
    name: r.display_name,
    aliases: r.name === r.display_name ? [] : [r.name],
  }));
}

/** Production is kept per standard type; a commission statement may stop at a broad line. */
export async function lineCandidates(db: Executor, kind: ImportRecord['kind']): Promise<Candidate[]> {
  const levels = kind === 'production' ? sql`(2)` : sql`(1, 2)`;
  const rows = await db.execute<{ uuid: string; name: string; code: string }>(
    sql`select uuid, name, code from lines_of_business where level in ${levels} order by level, sort_order, name`,
  );
  return rows.rows.map((r) => ({ id: r.uuid, name: r.name, aliases: [r.code] }));
}

/** The network's agency codes at a carrier (an agency's upload: its own codes only). */
export async function codeCandidates(
  db: Executor,
  record: Pick<ImportRecord, 'networkUuid' | 'agencyUuid'>,
  carrierUuid: string,
) {
  const agencyFilter = record.agencyUuid ? sql`and c.agency_uuid = ${record.agencyUuid}::uuid` : sql``;
  const rows = await db.execute<{
    uuid: string;
    code: string;
    name: string;
    agency_uuid: string;
    agency_name: string;
  }>(sql`
    select c.uuid, c.code, c.name, c.agency_uuid, a.name as agency_name
    from agency_codes c join agencies a on a.uuid = c.agency_uuid
    where c.carrier_uuid = ${carrierUuid}::uuid and a.network_uuid = ${record.networkUuid}::uuid ${agencyFilter}
    order by c.code`);
  return rows.rows;
}

/** A product counterpart a value may be matched to, as the value step lists it. */
export type MatchCandidate = { id: string; name: string };

const codeName = (c: { code: string; name: string; agency_name: string }) =>
  `${c.code} ${c.name} (${c.agency_name})`;

/**
 * Everything a value of the dimension may be matched to, beyond its suggestions: every carrier, every
 * standard type (broad lines too for commissions), or the agency codes at a carrier in the upload's
 * scope (the network's, or the uploading agency's own).
 */
export async function matchCandidates(
  db: Executor,
  record: ImportRecord,
  dimension: Dimension,
  carrierUuid: string | undefined,
): Promise<MatchCandidate[]> {
  if (dimension === 'carrier') return (await carrierCandidates(db)).map(({ id, name }) => ({ id, name }));
  if (dimension === 'line')
    return (await lineCandidates(db, record.kind)).map(({ id, name }) => ({ id, name }));
  if (!carrierUuid)
    throw new AppError('bad_request', 'Name the carrier of the agency codes.', { carrierUuid: 'Required.' });
  return (await codeCandidates(db, record, carrierUuid)).map((c) => ({ id: c.uuid, name: codeName(c) }));
}

export function exactMatch(value: string, candidates: readonly Candidate[]): string | null {
  const key = valueKey(value);
  const found = candidates.filter((c) => [c.name, ...(c.aliases ?? [])].some((n) => valueKey(n) === key));
  return found.length === 1 ? found[0]!.id : null;
}

/** The one agency code of the list written exactly as the value (case and outer spaces aside). */
function exactCode(known: readonly { uuid: string; code: string }[], value: string): string | null {
  const exact = known.filter((c) => c.code.trim().toLowerCase() === value.trim().toLowerCase());
  return exact.length === 1 ? exact[0]!.uuid : null;
}

function nameOf(candidates: readonly Candidate[], uuid: string | null): string | null {
  return uuid === null ? null : (candidates.find((c) => c.id === uuid)?.name ?? null);
}

/**
 * Every distinct value of a staged file that needs a product counterpart, with how it resolves
 * today (a remembered mapping of the network, an exact normalised match, or unmapped) and the
 * suggested matches. Agency codes are listed per carrier, once the file's carriers are mapped.
 */
export async function valuesToMap(
  db: Executor,
  record: ImportRecord,
  options: { suggestions: boolean; grouped?: boolean } = { suggestions: true },
): Promise<ValueToMap[]> {
  // Counted from the staged rows, or in a preview or commit from their groups (`res_groups`).
  if (!options.grouped) await assertStagedRows(db, record.uuid);
  const staged = options.grouped
    ? sql`res_groups`
    : sql`(select carrier, line, agency_code, 1 as rows from ${stagedRows(record.uuid)}) r`;
  const suggest = (value: string, candidates: readonly Candidate[], kind: MatchKind = 'name') =>
    options.suggestions ? rankSuggestions(value, candidates, 5, kind) : [];
  const out: ValueToMap[] = [];
  const carriers = await carrierCandidates(db);
  const carrierIds = new Set(carriers.map((c) => c.id));
  const carrierOf = new Map<string, Resolution>();
  if (record.carrierUuid === null) {
    const known = await knownMappings(db, record, 'carrier');
    const values = await db.execute<{ value: string; rows: number }>(sql`
      select carrier as value, sum(rows)::int as rows from ${staged}
      where carrier is not null group by carrier order by carrier`);
    for (const { value, rows } of values.rows) {
      const r = resolveValue(known, mappingKey('', valueKey(value)), exactMatch(value, carriers), (id) =>
        carrierIds.has(id),
      );
      carrierOf.set(value, r);
      out.push({
        dimension: 'carrier',
        carrierUuid: null,
        value,
        rows,
        ...r,
        targetName: nameOf(carriers, r.targetUuid),
        suggestions: suggest(value, carriers),
      });
    }
  }

  const lines = await lineCandidates(db, record.kind);
  const lineIds = new Set(lines.map((l) => l.id));
  const knownLines = await knownMappings(db, record, 'line');
  const lineValues = await db.execute<{ value: string; rows: number }>(sql`
    select line as value, sum(rows)::int as rows from ${staged}
    where line is not null group by line order by line`);
  for (const { value, rows } of lineValues.rows) {
    const r = resolveValue(knownLines, mappingKey('', valueKey(value)), exactMatch(value, lines), (id) =>
      lineIds.has(id),
    );
    out.push({
      dimension: 'line',
      carrierUuid: null,
      value,
      rows,
      ...r,
      targetName: nameOf(lines, r.targetUuid),
      suggestions: suggest(value, lines),
    });
  }

  const knownCodes = await knownMappings(db, record, 'agencyCode');
  const codeValues = await db.execute<{ carrier: string | null; value: string; rows: number }>(sql`
    select carrier, agency_code as value, sum(rows)::int as rows from ${staged}
    where agency_code is not null group by carrier, agency_code order by carrier, agency_code`);
  const byCarrier = new Map<string, Map<string, number>>();
  for (const { carrier, value, rows } of codeValues.rows) {
    const carrierUuid =
      record.carrierUuid ?? (carrier === null ? null : (carrierOf.get(carrier)?.targetUuid ?? null));
    if (!carrierUuid) continue;
    const codes = byCarrier.get(carrierUuid) ?? new Map<string, number>();
    codes.set(value, (codes.get(value) ?? 0) + rows);
    byCarrier.set(carrierUuid, codes);
  }
  for (const [carrierUuid, codes] of byCarrier) {
    const known = await codeCandidates(db, record, carrierUuid);
    const candidates = known.map((c) => ({ id: c.uuid, name: codeName(c), aliases: [c.code] }));
    const ids = new Set(known.map((c) => c.uuid));
    for (const [value, rows] of codes) {
      const r = resolveValue(
        knownCodes,
        mappingKey(carrierUuid, valueKey(value)),
        exactCode(known, value),
        (id) => ids.has(id),
      );
      out.push({
        dimension: 'agencyCode',
        carrierUuid,
        value,
        rows,
        ...r,
        targetName: nameOf(candidates, r.targetUuid),
        suggestions: suggest(value, candidates, 'code'),
      });
    }
  }
  return out;
}

export type ValueMappingInput = {
  dimension: Dimension;
  carrierUuid: string | null;
  value: string;
  targetUuid: string | null;
  miscellaneous: boolean;
  /** Required to map a value away from its exact match; network users and staff only. */
  overridesExact?: boolean | undefined;
};

/**
 * Keeps the matches chosen for an upload's values (a target or the Miscellaneous bucket): they apply
 * to this upload only until it is loaded, when they are remembered for its agency or network. A
 * value that matches a code or name exactly keeps that match unless a network user or staff
 * overrides it explicitly.
 */
export async function saveValueMappings(
  db: Db,
  actor: Actor,
  record: ImportRecord,
  mappings: readonly ValueMappingInput[],
): Promise<void> {
  if (record.status !== 'staged') {
    throw new AppError('conflict', 'This upload was already loaded: its matches can no longer change.');
  }
  const carrierList = await carrierCandidates(db);
  const lineList = await lineCandidates(db, record.kind);
  const carriers = new Set(carrierList.map((c) => c.id));
  const lines = new Set(lineList.map((c) => c.id));
  const codes = new Map<string, { uuid: string; code: string }[]>();
  const codesAt = async (carrierUuid: string) => {
    if (!codes.has(carrierUuid)) codes.set(carrierUuid, await codeCandidates(db, record, carrierUuid));
    return codes.get(carrierUuid)!;
  };
  for (const [i, m] of mappings.entries()) {
    const where = `mappings.${i}`;
    if (!m.miscellaneous && !m.targetUuid) {
      throw new AppError('bad_request', `Choose a match for "${m.value}" or put it in Miscellaneous.`, {
        [where]: 'Choose a match.',
      });
    }
    if (m.dimension === 'agencyCode' && !(m.carrierUuid && carriers.has(m.carrierUuid))) {
      throw new AppError(
        'bad_request',
        `An agency code is mapped at its carrier: name the carrier of "${m.value}".`,
        {
          [where]: 'Name the carrier.',
        },
      );
    }
    if (m.targetUuid && !m.miscellaneous) {
      let ok: boolean;
      if (m.dimension === 'carrier') ok = carriers.has(m.targetUuid);
      else if (m.dimension === 'line') ok = lines.has(m.targetUuid);
      else ok = (await codesAt(m.carrierUuid!)).some((c) => c.uuid === m.targetUuid);
      if (!ok)
        throw new AppError('bad_request', `The match chosen for "${m.value}" is not one of the list.`, {
          [where]: 'Choose from the list.',
        });
    }
    const exact =
      m.dimension === 'carrier'
        ? exactMatch(m.value, carrierList)
        : m.dimension === 'line'
          ? exactMatch(m.value, lineList)
          : exactCode(await codesAt(m.carrierUuid!), m.value);
    const away = exact !== null && (m.miscellaneous || m.targetUuid !== exact);
    if (m.overridesExact && actor.userType === 'agency') {
      throw new AppError('forbidden', 'Only network users may override an exact match.', {
        [where]: 'Only network users may override an exact match.',
      });
    }
    if (away && !m.overridesExact) {
      throw new AppError(
        'bad_request',
        `"${m.value}" matches ${nameOf(m.dimension === 'carrier' ? carrierList : lineList, exact) ?? 'an agency code'} exactly: ${
          actor.userType === 'agency'
            ? 'a network user may override that match.'
            : 'override the exact match explicitly to map it elsewhere.'
        }`,
        { [where]: 'Matches exactly.' },
      );
    }
  }
  await db.transaction(async (tx) => {
    await saveChoices(
      tx,
      actor,
      record.uuid,
      mappings.map((m) => ({
        dimension: m.dimension,
        scopeKey: m.dimension === 'agencyCode' ? m.carrierUuid! : '',
        sourceValue: valueKey(m.value),
        targetUuid: m.miscellaneous ? null : m.targetUuid,
        miscellaneous: m.miscellaneous,
        overridesExact: m.overridesExact === true,
      })),
    );
  });
}

/**
 * The staged rows read once, grouped by their file values (agency code, carrier, policy type, month)
 * and whether they have a parse error, with their count and exact sums, into `res_groups` (decision
 * 029). The values to resolve, the counts, the mapping checks and the cells read these groups
 * (tens of thousands for a million rows), not the rows again; row numbers are looked for only to
 * name the rows in error.
 */
async function groupStagedRows(tx: Executor, record: ImportRecord): Promise<void> {
  await assertStagedRows(tx, record.uuid);
  // Enough for the groups of a million rows to be hashed in memory rather than sorted on disk.
  await tx.execute(sql`set local work_mem = '64MB'`);
  await tx.execute(sql`drop table if exists res_groups`);
  await tx.execute(sql`create temp table res_groups on commit drop as
    select r.agency_code, r.carrier, r.line, r.month, pe.row_number is not null as parse_error, count(*)::int as rows,
      ${sql.join(
        STAGED_AMOUNTS.map((a) => sql`sum(${sql.raw(`r.${a}_cents`)}) * 0.01 as ${sql.raw(a)}`),
        sql`, `,
      )}
    from ${stagedRows(record.uuid)} r
    left join (select distinct row_number from import_row_errors where import_uuid = ${record.uuid}::uuid) pe
      on pe.row_number = r.row_number
    group by r.agency_code, r.carrier, r.line, r.month, pe.row_number is not null`);
  await tx.execute(sql`analyze res_groups`);
}

/**
 * Loads the resolutions of a staged file's values into temporary tables (dropped at the end of the
 * transaction), so that preview and commit resolve every row in SQL.
 */
async function loadResolutions(tx: Executor, record: ImportRecord): Promise<void> {
  const values = await valuesToMap(tx, record, { suggestions: false, grouped: true });
  await tx.execute(sql`create temp table if not exists res_values (dimension text, carrier_uuid uuid, value text,
    target_uuid uuid, miscellaneous boolean, agency_uuid uuid) on commit drop`);
  await tx.execute(sql`delete from res_values`);
  for (let i = 0; i < values.length; i += 500) {
    const chunk = values.slice(i, i + 500).filter((v) => v.how !== 'unmapped');
    if (chunk.length === 0) continue;
    const rows = chunk.map(
      (v) =>
        sql`(${v.dimension}, ${v.carrierUuid ?? NONE}::uuid, ${v.value}, ${v.targetUuid}::uuid, ${v.miscellaneous})`,
    );
    await tx.execute(sql`insert into res_values (dimension, carrier_uuid, value, target_uuid, miscellaneous)
      values ${sql.join(rows, sql`, `)}`);
  }
  await tx.execute(sql`update res_values r set agency_uuid = c.agency_uuid from agency_codes c
    where r.dimension = 'agencyCode' and c.uuid = r.target_uuid`);
  // A temporary table has no statistics until analysed: without them the planner loops over it per row.
  await tx.execute(sql`analyze res_values`);
}

/**
 * Every staged row with its values resolved (null where unmapped), or with `grouped` every group of
 * `res_groups`; `rows` is how many rows each line stands for.
 */
function resolvedRows(record: ImportRecord, grouped = false): SQL {
  const carrier = record.carrierUuid ? sql`${record.carrierUuid}::uuid` : sql`rc.target_uuid`;
  const carrierJoin = record.carrierUuid
    ? sql``
    : sql`left join res_values rc on rc.dimension = 'carrier' and rc.value = r.carrier`;
  const carrierMisc = record.carrierUuid ? sql`false` : sql`coalesce(rc.miscellaneous, false)`;
  return sql`
    select ${grouped ? sql`null::int` : sql`r.row_number`} as row_number, r.agency_code, r.carrier, r.line, r.month,
      ${sql.join(
        STAGED_AMOUNTS.map(
          (a) => sql`${grouped ? sql.raw(`r.${a}`) : stagedDollars('r', a)} as ${sql.raw(a)}`,
        ),
        sql`, `,
      )}, ${carrier} as carrier_uuid, rl.target_uuid as line_uuid, ra.target_uuid as agency_code_uuid,
      ra.agency_uuid, (${carrierMisc} or coalesce(rl.miscellaneous, false) or coalesce(ra.miscellaneous, false)) as misc,
      rl.target_uuid is null and not coalesce(rl.miscellaneous, false) as line_unmapped,
      ra.agency_uuid is null and not coalesce(ra.miscellaneous, false) as code_unmapped,
      ${record.carrierUuid ? sql`false` : sql`rc.target_uuid is null and not coalesce(rc.miscellaneous, false)`} as carrier_unmapped,
      ${grouped ? sql`r.parse_error` : sql`pe.row_number is not null`} as parse_error,
      ${grouped ? sql`r.rows` : sql`1`} as rows
    from ${grouped ? sql`res_groups r` : sql`${stagedRows(record.uuid)} r left join (select distinct row_number from import_row_errors where import_uuid = ${record.uuid}::uuid) pe on pe.row_number = r.row_number`}
    ${carrierJoin}
    left join res_values rl on rl.dimension = 'line' and rl.value = r.line
    left join res_values ra on ra.dimension = 'agencyCode' and ra.carrier_uuid = ${carrier} and ra.value = r.agency_code
`;
}

/** The rows a commit would load: mapped, not Miscellaneous, without a parse error. */
const LOADABLE = sql`not misc and not carrier_unmapped and not line_unmapped and not code_unmapped and not parse_error`;

/**
 * Turns a year-to-date file's amounts into each month's figures, in `res_rows` (decision 013). A cell
 * is agency x carrier x line (x agency code for production); its month's figure is its year-to-date
 * amount less everything the year holds before that month once the file is loaded: the cell's last
 * earlier year-to-date amount in the file, plus the facts of earlier months the file does not replace.
 * A blank stays not reported. The figure goes on the cell-month's first row, its other rows blank, so
 * every total of the preview and the commit sums months, not years to date.
 */
async function yearToDateToMonths(tx: Executor, record: ImportRecord, restatement: boolean): Promise<void> {
  const production = record.kind === 'production';
  const measures = production
    ? ['written_premium', 'new_written_premium', 'earned', 'incurred']
    : ['written_premium', 'base_commission', 'additional_commission'];
  const code = production ? sql`agency_code_uuid` : sql`null::uuid`;
  const columns = (f: (m: string) => string) => sql.raw(measures.map(f).join(', '));
  await tx.execute(sql`drop table if exists res_ytd`);
  await tx.execute(sql`create temp table res_ytd on commit drop as
    select agency_uuid, carrier_uuid, line_uuid, ${code} as code, month, min(row_number) as first_row,
      ${columns((m) => `sum(${m}) as ${m}, null::numeric as ${m}_before, null::numeric as ${m}_month`)}
    from res_rows where ${LOADABLE}
    group by agency_uuid, carrier_uuid, line_uuid, ${code}, month`);
  await tx.execute(sql`analyze res_ytd`);
  // What earlier months of the year hold and keep: facts of cells the file does not replace (it
  // replaces the lines it names in each month, or a restatement every line of the months it names,
  // for an agency x carrier x agency code, or agency x carrier).
  const facts = sql.raw(production ? 'production_facts' : 'commission_facts');
  const sameCode = production
    ? sql`and coalesce(f.agency_code_uuid, ${NONE}::uuid) = coalesce(y.code, ${NONE}::uuid)`
    : sql``;
  const scopeCode = sql`${
    production
      ? sql`and coalesce(s.code, ${NONE}::uuid) = coalesce(f.agency_code_uuid, ${NONE}::uuid)`
      : sql``
  } ${restatement ? sql`` : sql`and s.line_uuid = f.line_uuid`}`;
  const before = (m: string) => sql.raw(`${m}_before`);
  await tx.execute(sql`update res_ytd y set ${columns((m) => `${m}_before = e.${m}_before`)}
    from (
      select y.agency_uuid, y.carrier_uuid, y.line_uuid, y.code, y.month,
        ${columns((m) => `sum(f.${m}) as ${m}_before`)}
      from res_ytd y
      join ${facts} f on f.source = 'feed' and f.agency_uuid = y.agency_uuid and f.carrier_uuid = y.carrier_uuid
        and f.line_uuid = y.line_uuid ${sameCode}
        and f.month >= date_trunc('year', y.month)::date and f.month < y.month
      where not exists (select 1 from res_ytd s where s.agency_uuid = f.agency_uuid
        and s.carrier_uuid = f.carrier_uuid ${scopeCode} and s.month = f.month)
      group by y.agency_uuid, y.carrier_uuid, y.line_uuid, y.code, y.month
    ) e
    where e.agency_uuid = y.agency_uuid and e.carrier_uuid = y.carrier_uuid and e.line_uuid = y.line_uuid
      and coalesce(e.code, ${NONE}::uuid) = coalesce(y.code, ${NONE}::uuid) and e.month = y.month`);
  for (const m of measures) {
    const [ytd, kept, month] = [sql.raw(m), before(m), sql.raw(`${m}_month`)];
    // Over the cell's reported months of the year: the last earlier one is its lag.
    await tx.execute(sql`update res_ytd y set ${month} = c.figure
      from (
        select agency_uuid, carrier_uuid, line_uuid, code, month,
          ${ytd} - case when lag(${ytd}) over w is null then coalesce(${kept}, 0)
            else lag(${ytd}) over w + coalesce(${kept}, 0) - coalesce(lag(${kept}) over w, 0) end as figure
        from res_ytd where ${ytd} is not null
        window w as (partition by agency_uuid, carrier_uuid, line_uuid, code, extract(year from month) order by month)
      ) c
      where c.agency_uuid = y.agency_uuid and c.carrier_uuid = y.carrier_uuid and c.line_uuid = y.line_uuid
        and coalesce(c.code, ${NONE}::uuid) = coalesce(y.code, ${NONE}::uuid) and c.month = y.month`);
  }
  await tx.execute(sql`update res_rows r set
    ${columns((m) => `${m} = case when r.row_number = y.first_row then y.${m}_month end`)}
    from res_ytd y
    where ${LOADABLE} and r.agency_uuid = y.agency_uuid and r.carrier_uuid = y.carrier_uuid
      and r.line_uuid = y.line_uuid and coalesce(${production ? sql`r.agency_code_uuid` : sql`null::uuid`}, ${NONE}::uuid) = coalesce(y.code, ${NONE}::uuid)
      and r.month = y.month`);
}

export type RowError = { rowNumber: number; column: string; reason: string };
export type Totals = {
  writtenPremium: string | null;
  newWrittenPremium: string | null;
  earned: string | null;
  incurred: string | null;
  baseCommission: string | null;
  additionalCommission: string | null;
};
/** Figures loaded now that a commit replaces (removed: the file has none for them), by agency and line. */
export type Replaced = Totals & {
  agencyUuid: string;
  agencyName: string;
  lineUuid: string;
  lineName: string;
  removed: boolean;
  figures: number;
};
export type Preview = {
  rowCount: number;
  rowsToLoad: number;
  rowsMiscellaneous: number;
  errorCount: number;
  rowsWithErrors: number;
  rowsWithoutErrors: number;
  restatement: boolean;
  replaced: Replaced[];
  alreadyLoaded: { uploadUuid: string; fileName: string; committedAt: string } | null;
  errors: RowError[];
  byCarrier: (Totals & { carrierUuid: string; name: string })[];
  byAgency: (Totals & { agencyUuid: string; name: string })[];
  byMonth: (Totals & { month: string })[];
  total: Totals;
};

/** Row-level errors shown at most; the count says how many there are. */
export const ERRORS_SHOWN = 200;

const SUMS = sql`sum(written_premium), sum(new_written_premium), sum(earned), sum(incurred), sum(base_commission),
  sum(additional_commission)`;

const TOTALS = sql`sum(written_premium)::text as "writtenPremium", sum(new_written_premium)::text as "newWrittenPremium",
  sum(earned)::text as earned, sum(incurred)::text as incurred, sum(base_commission)::text as "baseCommission",
  sum(additional_commission)::text as "additionalCommission"`;

/**
 * A fact in one of the cells of `cells` (alias s): same agency, carrier and month, same agency code
 * for production, and same line unless the cell's line is null (every line: a restatement's).
 */
function inCells(production: boolean): SQL {
  return sql`s.agency_uuid = f.agency_uuid and s.carrier_uuid = f.carrier_uuid and s.month = f.month
    ${production ? sql`and coalesce(s.agency_code_uuid, ${NONE}::uuid) = coalesce(f.agency_code_uuid, ${NONE}::uuid)` : sql``}
    and (s.line_uuid is null or s.line_uuid = f.line_uuid)`;
}

/**
 * The cells a commit will own, in `res_scope`: each agency x carrier (x agency code) x line x month
 * the file has figures for; a restatement's cover every line of the months it names (line null).
 */
async function scopeCells(tx: Executor, record: ImportRecord, restatement: boolean): Promise<void> {
  const code = record.kind === 'production' ? sql`agency_code_uuid` : sql`null::uuid`;
  const line = restatement ? sql`null::uuid` : sql`line_uuid`;
  await tx.execute(sql`drop table if exists res_scope`);
  await tx.execute(sql`create temp table res_scope on commit drop as
    select distinct agency_uuid, carrier_uuid, ${code} as agency_code_uuid, ${line} as line_uuid, month
    from res_cells`);
  await tx.execute(sql`analyze res_scope`);
}

/**
 * What the commit replaces of the figures loaded now, per agency and line: feed facts in the cells
 * of `res_scope`, summed exactly; `removed` where the file has no figure for the fact's own cell.
 */
async function replacedFigures(tx: Executor, record: ImportRecord): Promise<Replaced[]> {
  const production = record.kind === 'production';
  const facts = sql.raw(production ? 'production_facts' : 'commission_facts');
  const none = sql`null::numeric`;
  const sums = production
    ? sql`sum(f.written_premium)::text, sum(f.new_written_premium)::text, sum(f.earned)::text,
        sum(f.incurred)::text, ${none}::text, ${none}::text`
    : sql`sum(f.written_premium)::text, ${none}::text, ${none}::text, ${none}::text,
        sum(f.base_commission)::text, sum(f.additional_commission)::text`;
  const sameCell = sql`c.agency_uuid = f.agency_uuid and c.carrier_uuid = f.carrier_uuid and c.month = f.month
    and c.line_uuid = f.line_uuid ${
      production
        ? sql`and coalesce(c.agency_code_uuid, ${NONE}::uuid) = coalesce(f.agency_code_uuid, ${NONE}::uuid)`
        : sql``
    }`;
  const rows = await tx.execute<{
    agency_uuid: string;
    agency_name: string;
    line_uuid: string;
    line_name: string;
    removed: boolean;
    figures: number;
    written_premium: string | null;
    new_written_premium: string | null;
    earned: string | null;
    incurred: string | null;
    base_commission: string | null;
    additional_commission: string | null;
  }>(sql`
    select x.*, a.name as agency_name, l.name as line_name from (
      select f.agency_uuid, f.line_uuid, not exists (select 1 from res_cells c where ${sameCell}) as removed,
        count(*)::int as figures, ${sums}
      from ${facts} f
      where f.source = 'feed' and exists (select 1 from res_scope s where ${inCells(production)})
      group by 1, 2, 3
    ) x (agency_uuid, line_uuid, removed, figures, written_premium, new_written_premium, earned, incurred,
      base_commission, additional_commission)
    join agencies a on a.uuid = x.agency_uuid
    join lines_of_business l on l.uuid = x.line_uuid
    order by a.name, x.agency_uuid, l.name, x.line_uuid, x.removed`);
  return rows.rows.map((r) => ({
    agencyUuid: r.agency_uuid,
    agencyName: r.agency_name,
    lineUuid: r.line_uuid,
    lineName: r.line_name,
    removed: r.removed,
    figures: r.figures,
    writtenPremium: r.written_premium,
    newWrittenPremium: r.new_written_premium,
    earned: r.earned,
    incurred: r.incurred,
    baseCommission: r.base_commission,
    additionalCommission: r.additional_commission,
  }));
}

/**
 * The latest committed upload of the same kind whose file had the same content (SHA-256), in the
 * upload's scope: the agency's own uploads for an agency's, any of the network's for a network's.
 */
async function sameFileLoaded(tx: Executor, record: ImportRecord): Promise<Preview['alreadyLoaded']> {
  const rows = await tx.execute<{ uuid: string; file_name: string; committed_at: string }>(sql`
    select uuid, file_name, to_char(committed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as committed_at
    from imports
    where network_uuid = ${record.networkUuid}::uuid and kind = ${record.kind} and file_hash = ${record.fileHash}
      and status = 'committed' and uuid <> ${record.uuid}::uuid
      ${record.agencyUuid ? sql`and agency_uuid = ${record.agencyUuid}::uuid` : sql``}
    order by committed_at desc limit 1`);
  const found = rows.rows[0];
  return found
    ? { uploadUuid: found.uuid, fileName: found.file_name, committedAt: found.committed_at }
    : null;
}

async function previewIn(
  tx: Executor,
  record: ImportRecord,
  columns: Record<string, string>,
  restatement: boolean,
): Promise<Preview> {
  await tx.execute(sql`create temp table if not exists res_rows (row_number int, agency_code text, carrier text,
    line text, month date, written_premium numeric, new_written_premium numeric, earned numeric, incurred numeric,
    base_commission numeric, additional_commission numeric, carrier_uuid uuid, line_uuid uuid, agency_code_uuid uuid,
    agency_uuid uuid, misc boolean, line_unmapped boolean, code_unmapped boolean, carrier_unmapped boolean,
    parse_error boolean, rows int) on commit drop`);
  await tx.execute(sql`delete from res_rows`);
  // A year-to-date file's rows are kept resolved in res_rows, where their amounts become months. A
  // monthly file's are read as the groups of res_groups with their values resolved, and its rows
  // only to name the rows of a mapping error.
  let rows = sql`(${resolvedRows(record, true)}) r`;
  let rowLevel = sql`(${resolvedRows(record)}) r`;
  if (record.amounts === 'ytd') {
    await tx.execute(sql`insert into res_rows ${resolvedRows(record)}`);
    await yearToDateToMonths(tx, record, restatement);
    rows = rowLevel = sql`res_rows`;
  }
  const label = (field: string) => columns[field] ?? field;
  const carrierUnmapped = sql`carrier_unmapped and carrier is not null`;
  const lineUnmapped = sql`line_unmapped and line is not null and not misc`;
  const codeUnmapped = sql`code_unmapped and agency_code is not null and not carrier_unmapped and not misc`;
  const mappingErrors = sql`
    select row_number, ${label('carrier')} as column, 'The carrier "' || carrier || '" is not mapped to a carrier.' as reason
      from ${rowLevel} where ${carrierUnmapped}
    union all
    select row_number, ${label('lineOfBusiness')}, 'The policy type "' || line || '" is not mapped to a standard type.'
      from ${rowLevel} where ${lineUnmapped}
    union all
    select row_number, ${label('agencyCode')}, 'The agency code "' || agency_code || '" is not mapped to an agency code of ' ||
      ${record.agencyUuid ? sql`'your agency'` : sql`'the network'`} || '.'
      from ${rowLevel} where ${codeUnmapped}`;
  // The errors are gathered once, then counted and listed from that table. The rows are scanned for
  // mapping errors only when a group has one.
  await tx.execute(sql`create temp table if not exists res_errors (row_number int, "column" text, reason text)
    on commit drop`);
  await tx.execute(sql`delete from res_errors`);
  await tx.execute(sql`insert into res_errors
    select row_number, "column", reason from import_row_errors where import_uuid = ${record.uuid}::uuid`);
  const unmapped = await tx.execute<{ found: boolean }>(sql`select exists (select 1 from ${rows}
    where (${carrierUnmapped}) or (${lineUnmapped}) or (${codeUnmapped})) as found`);
  if (unmapped.rows[0]!.found) await tx.execute(sql`insert into res_errors ${mappingErrors}`);
  const errors = await tx.execute<{ row_number: number; column: string; reason: string }>(
    sql`select row_number, "column", reason from res_errors order by row_number, "column" limit ${ERRORS_SHOWN}`,
  );
  const counts = await tx.execute<{ errors: number; errorRows: number; rows: number; misc: number }>(sql`
    select (select count(*) from res_errors)::int as errors,
      (select count(distinct row_number) from res_errors)::int as "errorRows", coalesce(sum(rows), 0)::int as rows,
      coalesce(sum(rows) filter (where misc), 0)::int as misc from ${rows}`);
  const c = counts.rows[0]!;
  if (c.rows !== record.rowCount) throw stagedRowsLost();
  // The rows that would load, summed per cell of the facts (agency x carrier x standard type x agency
  // code x month): every total below and the commit's writes read these cells, not the rows.
  await tx.execute(sql`create temp table if not exists res_cells (agency_uuid uuid, carrier_uuid uuid,
    line_uuid uuid, agency_code_uuid uuid, month date, rows int, written_premium numeric, new_written_premium numeric,
    earned numeric, incurred numeric, base_commission numeric, additional_commission numeric) on commit drop`);
  await tx.execute(sql`delete from res_cells`);
  await tx.execute(sql`insert into res_cells
    select agency_uuid, carrier_uuid, line_uuid, agency_code_uuid, month, sum(rows), ${SUMS}
    from ${rows} where ${LOADABLE} group by agency_uuid, carrier_uuid, line_uuid, agency_code_uuid, month`);
  await tx.execute(sql`analyze res_cells`);
  await scopeCells(tx, record, restatement);
  // Per carrier, per agency, per month and in all, in one pass: grouping() tells the sets apart.
  const sets = await tx.execute<
    Totals & {
      grouped: number;
      carrierUuid: string;
      agencyUuid: string;
      month: string;
      name: string;
      rows: number;
    }
  >(sql`
    select t.*, coalesce(c.display_name, a.name) as name from (
      select grouping(carrier_uuid, agency_uuid, month) as grouped, carrier_uuid as "carrierUuid",
        agency_uuid as "agencyUuid", month::text as month, coalesce(sum(rows), 0)::int as rows, ${TOTALS}
      from res_cells group by grouping sets ((carrier_uuid), (agency_uuid), (month), ())
    ) t
    left join carriers c on t.grouped = ${BY_CARRIER} and c.uuid = t."carrierUuid"
    left join agencies a on t.grouped = ${BY_AGENCY} and a.uuid = t."agencyUuid"
    order by t.grouped, name, t.month`);
  const totalsOf = ({
    writtenPremium,
    newWrittenPremium,
    earned,
    incurred,
    baseCommission,
    additionalCommission,
  }: Totals) => ({
    writtenPremium,
    newWrittenPremium,
    earned,
    incurred,
    baseCommission,
    additionalCommission,
  });
  const inSet = (set: number) => sets.rows.filter((r) => r.grouped === set);
  const total = inSet(ALL)[0]!;
  return {
    rowCount: c.rows,
    rowsToLoad: c.errors > 0 ? 0 : total.rows,
    rowsMiscellaneous: c.misc,
    errorCount: c.errors,
    rowsWithErrors: c.errorRows,
    rowsWithoutErrors: total.rows,
    restatement,
    replaced: await replacedFigures(tx, record),
    alreadyLoaded: await sameFileLoaded(tx, record),
    errors: errors.rows.map((e) => ({ rowNumber: e.row_number, column: e.column, reason: e.reason })),
    byCarrier: inSet(BY_CARRIER).map((r) => ({ carrierUuid: r.carrierUuid, name: r.name, ...totalsOf(r) })),
    byAgency: inSet(BY_AGENCY).map((r) => ({ agencyUuid: r.agencyUuid, name: r.name, ...totalsOf(r) })),
    byMonth: inSet(BY_MONTH).map((r) => ({ month: r.month, ...totalsOf(r) })),
    total: totalsOf(total),
  };
}

/** grouping(carrier_uuid, agency_uuid, month): a bit set for each column a row is not grouped by. */
const BY_CARRIER = 0b011;
const BY_AGENCY = 0b101;
const BY_MONTH = 0b110;
const ALL = 0b111;

/**
 * Step 3: what a commit would load, without writing anything: row-level errors (which row, which
 * column, why) and totals per carrier, agency and month of the rows that would load.
 */
export async function previewImport(
  db: Db,
  record: ImportRecord,
  options: { restatement: boolean } = { restatement: false },
): Promise<Preview> {
  if (record.status !== 'staged') throw notStagedError(record.status);
  if (!record.columns) throw new AppError('conflict', 'Map the columns of the file first.');
  let preview: Preview | undefined;
  await db.transaction(async (tx) => {
    await groupStagedRows(tx, record);
    await loadResolutions(tx, record);
    preview = await previewIn(tx, record, record.columns!, options.restatement);
  });
  return preview!;
}

const PRODUCTION_COLUMNS = sql.raw(
  'agency_uuid, network_uuid, carrier_uuid, line_uuid, agency_code_uuid, month, source, written_premium, new_written_premium, earned, incurred',
);
const COMMISSION_COLUMNS = sql.raw(
  'agency_uuid, network_uuid, carrier_uuid, line_uuid, month, source, written_premium, base_commission, additional_commission',
);

/** A commit refused because rows have errors (a 400 for the API); carries the preview that says which. */
export class RowErrorsRefusal extends AppError {
  constructor(
    readonly preview: Preview,
    message: string,
  ) {
    super('bad_request', message);
  }
}

export type CommitOptions = {
  /** 'agency': refresh each touched agency in the transaction; 'none': the caller rebuilds the network after. */
  refresh: 'agency' | 'none';
  /** Replace every line of the agency x carrier (x agency code) x months the file names. */
  restatement?: boolean;
  /** The caller's explicit choice to leave out this many rows with errors (the preview's count). */
  excludeRowsWithErrors?: number;
};

/**
 * Step 4, one transaction: the cells the file has figures for (agency x carrier x agency code x line
 * x month; a restatement's: every line of those months) are replaced (feed rows only; manual entries
 * are never touched), rows at the same grain summed in SQL, the months recorded as reported, what was
 * replaced kept for undo, one audit row, the import record completed, and the read model refreshed
 * for the agencies touched. Refused while any row has an error, unless the caller excludes exactly
 * the rows with errors the file has.
 */
export async function commitImport(
  db: Db,
  actor: Actor,
  importUuid: string,
  options: CommitOptions,
): Promise<Preview> {
  return db.transaction(async (tx) => {
    const locked = await tx.execute<{ status: string }>(
      sql`select status from imports where uuid = ${importUuid}::uuid for update`,
    );
    const [record] = await tx.select().from(imports).where(eq(imports.uuid, importUuid));
    if (!record || !locked.rows[0]) throw new AppError('not_found', 'This upload does not exist.');
    if (record.status !== 'staged') throw notStagedError(record.status);
    if (uploadExpired(record)) throw notStagedError('expired');
    if (!record.columns) throw new AppError('conflict', 'Map the columns of the file first.');
    // Commits and undos of a network run one at a time: two files may own the same cells.
    await tx.execute(sql`select 1 from networks where uuid = ${record.networkUuid}::uuid for update`);
    await groupStagedRows(tx, record);
    await loadResolutions(tx, record);
    const restatement = options.restatement ?? false;
    const preview = await previewIn(tx, record, record.columns, restatement);
    const excluded = options.excludeRowsWithErrors;
    if (preview.errorCount > 0 && excluded === undefined) {
      throw new RowErrorsRefusal(
        preview,
        `${preview.errorCount} ${preview.errorCount === 1 ? 'row has an error' : 'row errors'}: nothing was loaded. Correct the file or the mappings and try again.`,
      );
    }
    // The matches chosen for this file are remembered only now that it is loaded.
    await rememberChoices(tx, actor, record);
    if (excluded !== undefined && excluded !== preview.rowsWithErrors) {
      throw new AppError(
        'conflict',
        `The file has ${preview.rowsWithErrors} ${preview.rowsWithErrors === 1 ? 'row' : 'rows'} with errors, not ${excluded}: nothing was loaded. Look at the preview again.`,
      );
    }
    if (excluded !== undefined && preview.rowsWithoutErrors === 0) {
      throw new AppError(
        'bad_request',
        'Every row of the file has an error or is in Miscellaneous: nothing to load.',
      );
    }
    // The cells hold exactly the rows that are mapped, not Miscellaneous and without an error.
    const production = record.kind === 'production';
    await tx.execute(sql`insert into import_scopes (import_uuid, agency_uuid, carrier_uuid, agency_code_uuid, line_uuid, month)
      select ${importUuid}::uuid, agency_uuid, carrier_uuid, agency_code_uuid, line_uuid, month from res_scope`);
    const facts = sql.raw(production ? 'production_facts' : 'commission_facts');
    const scoped = sql`exists (select 1 from import_scopes s where s.import_uuid = ${importUuid}::uuid and ${inCells(production)})`;
    await tx.execute(sql`insert into import_replaced_facts (import_uuid, fact)
      select ${importUuid}::uuid, to_jsonb(f) - 'id' from ${facts} f where f.source = 'feed' and ${scoped}`);
    await tx.execute(sql`delete from ${facts} f where f.source = 'feed' and ${scoped}`);
    // In the order of the facts' grain index, so each index page is visited once rather than at random.
    if (production) {
      await tx.execute(sql`insert into production_facts (${PRODUCTION_COLUMNS})
        select agency_uuid, ${record.networkUuid}::uuid, carrier_uuid, line_uuid, agency_code_uuid, month, 'feed',
          written_premium, new_written_premium, earned, incurred
        from res_cells order by agency_uuid, carrier_uuid, line_uuid, month`);
    } else {
      await tx.execute(sql`insert into commission_facts (${COMMISSION_COLUMNS})
        select agency_uuid, ${record.networkUuid}::uuid, carrier_uuid, line_uuid, month, 'feed',
          sum(written_premium), sum(base_commission), sum(additional_commission)
        from res_cells group by agency_uuid, carrier_uuid, line_uuid, month
        order by agency_uuid, carrier_uuid, line_uuid, month`);
    }
    await tx.execute(sql`with added as (
        insert into carrier_reported_months (agency_uuid, carrier_uuid, month, network_uuid)
        select distinct agency_uuid, carrier_uuid, month, ${record.networkUuid}::uuid from res_cells
        on conflict do nothing returning agency_uuid, carrier_uuid, month)
      insert into import_added_months (import_uuid, agency_uuid, carrier_uuid, month)
      select ${importUuid}::uuid, agency_uuid, carrier_uuid, month from added`);
    const totals = {
      byCarrier: preview.byCarrier,
      byAgency: preview.byAgency,
      byMonth: preview.byMonth,
      total: preview.total,
    };
    await tx
      .update(imports)
      .set({
        status: 'committed',
        committedBy: actor.userId,
        committedAt: new Date(),
        rowsLoaded: preview.rowsWithoutErrors,
        rowsSkipped: preview.rowsMiscellaneous,
        rowsExcluded: excluded ?? null,
        restatement,
        totals,
      })
      .where(eq(imports.uuid, importUuid));
    await auditImport(tx, actor, record, 'import', {
      fileName: record.fileName,
      fileHash: record.fileHash,
      rows: preview.rowCount,
      rowsLoaded: preview.rowsWithoutErrors,
      rowsExcluded: excluded ?? 0,
      restatement,
      total: preview.total,
    });
    // The staged rows served their purpose; the import record keeps the counts and totals.
    await dropStagedRows(tx, importUuid);
    if (options.refresh === 'agency') await refreshTouched(tx, record);
    return { ...preview, rowsToLoad: preview.rowsWithoutErrors };
  });
}

async function auditImport(tx: Executor, actor: Actor, record: ImportRecord, action: string, after: unknown) {
  await tx.execute(sql`
    insert into audit_log (agency_uuid, actor_user_id, action, entity, entity_id, before, after)
    values (${record.agencyUuid}::uuid, ${actor.userId}::uuid, ${action}, 'import', ${record.uuid},
      null, ${JSON.stringify(after)}::jsonb)`);
}

/**
 * Brings the read model up to date for every agency x carrier x month the import owns: the network's
 * carrier-months once for all of them, then each agency touched.
 */
async function refreshTouched(tx: Executor, record: ImportRecord): Promise<void> {
  const agencies = await tx.execute<{ agency_uuid: string }>(sql`
    select distinct agency_uuid from import_scopes where import_uuid = ${record.uuid}::uuid order by agency_uuid`);
  const changed = await tx.execute<{ carrierUuid: string; month: string }>(sql`
    select distinct carrier_uuid as "carrierUuid", month::text as month from import_scopes
    where import_uuid = ${record.uuid}::uuid order by 1, 2`);
  await refreshAgenciesFacts(
    tx,
    record.networkUuid,
    agencies.rows.map((a) => a.agency_uuid),
    changed.rows,
  );
}

/**
 * Undoes a committed import in one transaction: its facts removed, what it replaced restored, the
 * reported marks of its months removed where nothing reports them any more, an audit row, the read
 * model refreshed. Imports of other cells (another line of the same month) undo in any order; one
 * refused when a later import has since replaced some of the same cells names that import.
 */
export async function undoImport(db: Db, actor: Actor, importUuid: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from imports where uuid = ${importUuid}::uuid for update`);
    const [record] = await tx.select().from(imports).where(eq(imports.uuid, importUuid));
    if (!record) throw new AppError('not_found', 'This upload does not exist.');
    if (record.status !== 'committed') throw new AppError('conflict', 'Only a loaded upload can be undone.');
    await tx.execute(sql`select 1 from networks where uuid = ${record.networkUuid}::uuid for update`);
    const later = await tx.execute<{ file_name: string }>(sql`
      select i.file_name from imports i
      where i.status = 'committed' and i.kind = ${record.kind} and i.network_uuid = ${record.networkUuid}::uuid
        and i.committed_at > ${record.committedAt!.toISOString()}::timestamptz
        and exists (select 1 from import_scopes s join import_scopes mine on mine.import_uuid = ${importUuid}::uuid
          and mine.agency_uuid = s.agency_uuid and mine.carrier_uuid = s.carrier_uuid and mine.month = s.month
          and coalesce(mine.agency_code_uuid, ${NONE}::uuid) = coalesce(s.agency_code_uuid, ${NONE}::uuid)
          and (mine.line_uuid is null or s.line_uuid is null or mine.line_uuid = s.line_uuid)
          where s.import_uuid = i.uuid)
      order by i.committed_at desc limit 1`);
    if (later.rows[0]) {
      throw new AppError(
        'conflict',
        `A later upload ("${later.rows[0].file_name}") replaced some of the same figures: undo it first.`,
      );
    }
    const production = record.kind === 'production';
    const facts = sql.raw(production ? 'production_facts' : 'commission_facts');
    await tx.execute(sql`delete from ${facts} f where f.source = 'feed' and exists (
      select 1 from import_scopes s where s.import_uuid = ${importUuid}::uuid and ${inCells(production)})`);
    const columns = production ? PRODUCTION_COLUMNS : COMMISSION_COLUMNS;
    await tx.execute(sql`insert into ${facts} (${columns})
      select ${columns} from import_replaced_facts r, jsonb_populate_record(null::${facts}, r.fact) p
      where r.import_uuid = ${importUuid}::uuid`);
    // A month of the import's is no longer reported once no other loaded upload (of production or
    // commission) covers it, when its mark came from an upload that is undone (this one, or an earlier
    // one): a mark that no upload added is kept.
    await tx.execute(sql`delete from carrier_reported_months m
      using (select distinct agency_uuid, carrier_uuid, month from import_scopes where import_uuid = ${importUuid}::uuid) s
      where m.agency_uuid = s.agency_uuid and m.carrier_uuid = s.carrier_uuid and m.month = s.month
        and exists (select 1 from import_added_months a join imports i on i.uuid = a.import_uuid
          where a.agency_uuid = m.agency_uuid and a.carrier_uuid = m.carrier_uuid and a.month = m.month
            and (i.uuid = ${importUuid}::uuid or i.status = 'undone'))
        and not exists (select 1 from import_scopes o join imports i on i.uuid = o.import_uuid
          where o.agency_uuid = m.agency_uuid and o.carrier_uuid = m.carrier_uuid and o.month = m.month
            and i.status = 'committed' and i.uuid <> ${importUuid}::uuid)`);
    await tx
      .update(imports)
      .set({ status: 'undone', undoneBy: actor.userId, undoneAt: new Date() })
      .where(and(eq(imports.uuid, importUuid), eq(imports.status, 'committed')));
    await auditImport(tx, actor, record, 'undo', { fileName: record.fileName, fileHash: record.fileHash });
    await refreshTouched(tx, record);
  });
}
