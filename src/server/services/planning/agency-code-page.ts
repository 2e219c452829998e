import { sql, type SQL } from 'drizzle-orm';
import type {
  AgencyCodeProductionRow,
  AgencyCodeQuery,
  AgencyCodeSortKey,
  ProductionFigures,
} from '#shared/contracts/production.ts';
import {
  HIDDEN_CARRIER_NAME,
  isCollaborating,
  type CollaborationMode,
} from '#shared/domain/collaboration.ts';
import { changePercent, lossRatio, newBusinessChangePercent } from '#shared/domain/measures.ts';
import type { Db } from '#server/db/client.ts';
import { codeSource, readCodeFigures, type CodeFigure } from '#server/services/read-model/read-model.ts';
import type { FactsRequest } from '#server/services/read-model/request.ts';
import {
  codeLinesQuery,
  FIGURE_COLUMNS,
  flagsQuery,
  type FigureSource,
} from '#server/services/read-model/sql.ts';

/**
 * A page of the planning tool's table by agency code (decision 095). Every code of the request with
 * its line's figures comes from the read model (`readCodeFigures`: a network's kept in process, about
 * 60,000 codes on the 2,000-agency benchmark network); the selection (narrowed by the Subcode filter
 * and the search, which the database matches against the names as they are now) is summed, sorted and
 * paged here, and only the page's rows are read with their names, lines and flags.
 */

const FIGURES = Object.keys(FIGURE_COLUMNS) as (keyof typeof FIGURE_COLUMNS)[];
const FIGURE_FIELDS = Object.values(FIGURE_COLUMNS);

/** A code's figure in whole cents, null when not reported. */
const centsOf = (code: CodeFigure, column: keyof typeof FIGURE_COLUMNS): number | null => {
  const value = code.cents[FIGURES.indexOf(column)]!;
  return Number.isNaN(value) ? null : value;
};

/**
 * What each sort key orders by: a figure, or its measure by the rules of `#shared/domain/measures.ts`
 * (ratios of cents are those of dollars); null (not reported) comes last either way.
 */
const SORT_VALUES: Record<Exclude<AgencyCodeSortKey, 'label'>, (code: CodeFigure) => number | null> = {
  writtenPremium: (c) => centsOf(c, 'written_premium'),
  priorWrittenPremium: (c) => centsOf(c, 'prior_written_premium'),
  writtenPremiumChange: (c) =>
    changePercent(centsOf(c, 'written_premium'), centsOf(c, 'prior_written_premium')),
  newBusiness: (c) => centsOf(c, 'new_written_premium'),
  priorNewBusiness: (c) => centsOf(c, 'prior_new_written_premium'),
  newBusinessChange: (c) =>
    newBusinessChangePercent(centsOf(c, 'new_written_premium'), centsOf(c, 'prior_new_written_premium')),
  earned: (c) => centsOf(c, 'earned'),
  incurred: (c) => centsOf(c, 'incurred'),
  lossRatio: (c) => lossRatio(centsOf(c, 'incurred'), centsOf(c, 'earned')),
  priorLossRatio: (c) => lossRatio(centsOf(c, 'prior_incurred'), centsOf(c, 'prior_earned')),
};

/** A carrier's name as the caller may see it (collaboration mode 'names' hides the others'). */
function carrierName(mode: CollaborationMode | null): SQL {
  if (!isCollaborating(mode) || mode.shareType !== 'names') return sql`c.display_name`;
  const listed = sql.join(
    mode.carriersUuid.map((uuid) => sql`${uuid}::uuid`),
    sql`, `,
  );
  return sql`case when c.uuid in (${listed}) then c.display_name else ${HIDDEN_CARRIER_NAME} end`;
}

/** The `like` pattern of the texts that hold `search` in lower case (its `%`, `_` and `\` escaped). */
const containing = (search: string): SQL =>
  sql`'%' || replace(replace(replace(lower(${search}), '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%'`;

/** Uuids as a `uuid[]` parameter. */
const uuidArray = (uuids: readonly string[]) => sql`${`{${uuids.join(',')}}`}::uuid[]`;

/** Which codes `codesQuery` reads, and in what order. */
export type CodeSelection = {
  carrierUuid?: string | undefined;
  search?: string | undefined;
  /** Only these codes. */
  among?: readonly string[];
  /** By name: the code, its name, its agency's and its carrier's, in code-point order of their lower case. */
  byName?: 'asc' | 'desc';
};

/**
 * The uuids of the request's level's codes (a network's agencies', or one agency's) that `selection`
 * keeps, by name when it asks. A search matches the code, its name, its agency's and its carrier's
 * names (as the caller sees them) joined by spaces, in lower case, holding the term in lower case
 * (`like` with the term's wildcards escaped). Names are read as they are now: a rename shows at once.
 * Equal names are ordered by uuid.
 */
export function codesQuery(request: FactsRequest, selection: CodeSelection, mode: CollaborationMode | null): SQL {
  const { level } = request;
  const name = carrierName(mode);
  const filters = [
    level.kind === 'agency'
      ? sql`ac.agency_uuid = ${level.agencyUuid}::uuid`
      : sql`a.network_uuid = ${level.networkUuid}::uuid`,
    selection.carrierUuid ? sql`ac.carrier_uuid = ${selection.carrierUuid}::uuid` : null,
    selection.search
      ? sql`lower(ac.code) || ' ' || lower(ac.name) || ' ' || lower(a.name) || ' ' || lower(${name}) like ${containing(selection.search)}`
      : null,
    selection.among ? sql`ac.uuid = any(${uuidArray(selection.among)})` : null,
  ].filter((f): f is SQL => f !== null);
  const direction = sql.raw(selection.byName ?? 'asc');
  const order = selection.byName
    ? sql` order by lower(ac.code) collate "C" ${direction}, lower(ac.name) collate "C" ${direction},
      lower(a.name) collate "C" ${direction}, lower(${name}) collate "C" ${direction}, ac.uuid`
    : sql``;
  return sql`
    select ac.uuid from agency_codes ac
    join agencies a on a.uuid = ac.agency_uuid
    join carriers c on c.uuid = ac.carrier_uuid
    where ${sql.join(filters, sql` and `)}${order}`;
}

/** A row of `codeRowsQuery`. */
type CodeRow = {
  group_uuid: string;
  code: string;
  name: string;
  agency_uuid: string;
  agency_name: string;
  carrier_uuid: string;
  carrier_name: string;
  missing_current: boolean;
  missing_prior: boolean;
  /** Each line code's figures as an array in the order of `FIGURE_COLUMNS` (JSON). */
  lines: string | null;
};

/**
 * The rows of the codes `codes` (of `agencies`) as the table shows them: names (the carrier's as the
 * caller sees it), incomplete-data flags and each line code's figures from `source` (reading those
 * agencies' rows only).
 */
export function codeRowsQuery(
  request: FactsRequest,
  codes: readonly string[],
  agencies: readonly string[],
  source: FigureSource,
  mode: CollaborationMode | null,
): SQL {
  const relation = sql`select unnest(${uuidArray(codes)})`;
  return sql`
    select ac.uuid as group_uuid, ac.code, ac.name, ac.agency_uuid, a.name as agency_name, ac.carrier_uuid,
      ${carrierName(mode)} as carrier_name, coalesce(m.missing_current, false) as missing_current,
      coalesce(m.missing_prior, false) as missing_prior, x.lines::text as lines
    from agency_codes ac
    join agencies a on a.uuid = ac.agency_uuid
    join carriers c on c.uuid = ac.carrier_uuid
    left join (${codeLinesQuery(request, source, uuidArray(agencies), relation)}) x on x.group_uuid = ac.uuid
    left join (${flagsQuery(request, relation)}) m on m.group_uuid = ac.uuid
    where ac.uuid = any(${uuidArray(codes)})`;
}

/** Whole cents as dollars (exact: the nearest number to the decimal, as the decimal's text reads). */
const dollars = (cents: number | bigint): number => Number(cents) / 100;

/**
 * The line's figures summed over `codes` (null: none reports it), exactly: whole cents, added as
 * numbers while every partial sum is bound to be a safe integer (the sum of the magnitudes is), else
 * as big integers.
 */
export function totalsOf(codes: readonly CodeFigure[]): ProductionFigures {
  const totals: Record<string, number | null> = {};
  FIGURES.forEach((_, i) => {
    let sum = 0;
    let magnitude = 0;
    let reported = false;
    for (const code of codes) {
      const cents = code.cents[i]!;
      if (Number.isNaN(cents)) continue;
      reported = true;
      sum += cents;
      magnitude += Math.abs(cents);
    }
    let total: number | bigint = sum;
    if (magnitude > Number.MAX_SAFE_INTEGER) {
      total = 0n;
      for (const code of codes) if (!Number.isNaN(code.cents[i]!)) total += BigInt(code.cents[i]!);
    }
    totals[FIGURE_FIELDS[i]!] = reported ? dollars(total) : null;
  });
  return totals as ProductionFigures;
}

/** A code's lines: each line code's figures from an array in the order of `FIGURE_COLUMNS`. */
function linesOf(arrays: Record<string, (number | null)[]>): Record<string, ProductionFigures> {
  const lines: Record<string, ProductionFigures> = {};
  for (const code in arrays) {
    const values = arrays[code]!;
    const figures: Record<string, number | null> = {};
    for (let i = 0; i < FIGURE_FIELDS.length; i++) figures[FIGURE_FIELDS[i]!] = values[i] ?? null;
    lines[code] = figures as ProductionFigures;
  }
  return lines;
}

/**
 * The codes of `selection` in the order of `sort` and `direction`, from `from` (included) to `to`
 * (excluded): by the sort key (not reported last), then by name, then by uuid. Names are read only
 * for the codes whose key ties with another's among those the page can hold.
 */
async function byFigure(
  db: Db,
  request: FactsRequest,
  selection: readonly CodeFigure[],
  { sort, direction }: { sort: Exclude<AgencyCodeSortKey, 'label'>; direction: 'asc' | 'desc' },
  mode: CollaborationMode | null,
  from: number,
  to: number,
): Promise<CodeFigure[]> {
  if (from >= to) return [];
  const value = SORT_VALUES[sort];
  const sign = direction === 'asc' ? 1 : -1;
  const keyed = selection.map((code) => ({ code, key: value(code), rank: 0 }));
  const byKey = (a: { key: number | null }, b: { key: number | null }) =>
    a.key === b.key ? 0 : a.key === null ? 1 : b.key === null ? -1 : sign * (a.key - b.key);
  keyed.sort(byKey);
  // The ties the page can hold: every code whose key is that of the page's first or last, and those between.
  let lo = from;
  while (lo > 0 && keyed[lo - 1]!.key === keyed[from]!.key) lo--;
  let hi = to;
  while (hi < keyed.length && keyed[hi]!.key === keyed[to - 1]!.key) hi++;
  const window = keyed.slice(lo, hi);
  if (window.some((k, i) => i > 0 && k.key === window[i - 1]!.key)) {
    const found = await db.execute<{ uuid: string }>(
      codesQuery(request, { among: window.map((k) => k.code.uuid), byName: 'asc' }, mode),
    );
    const rank = new Map(found.rows.map((row, i) => [row.uuid, i]));
    for (const k of window) k.rank = rank.get(k.code.uuid) ?? 0;
    window.sort((a, b) => byKey(a, b) || a.rank - b.rank);
  }
  return window.slice(from - lo, to - lo).map((k) => k.code);
}

export type AgencyCodePage = {
  agencyCodes: AgencyCodeProductionRow[];
  totalCount: number;
  totals: ProductionFigures;
};

/**
 * The page `q` asks of the request's agency codes (every code without a page size), the selection's
 * row count and its totals.
 */
export async function readAgencyCodePage(
  db: Db,
  request: FactsRequest,
  q: AgencyCodeQuery,
  mode: CollaborationMode | null,
): Promise<AgencyCodePage> {
  // The codes the filters keep, in name order when the table is sorted by name.
  const { sort, direction } = q;
  const [figures, named] = await Promise.all([
    readCodeFigures(db, request),
    q.carrierUuid || q.search || sort === 'label'
      ? db.execute<{ uuid: string }>(
          codesQuery(
            request,
            { carrierUuid: q.carrierUuid, search: q.search, byName: sort === 'label' ? direction : undefined },
            mode,
          ),
        )
      : null,
  ]);
  const selection = named ? named.rows.flatMap((row) => figures.code(row.uuid) ?? []) : figures.rows();
  const from = q.pageSize === undefined ? 0 : (q.page - 1) * q.pageSize;
  const to = q.pageSize === undefined ? selection.length : Math.min(from + q.pageSize, selection.length);
  const page =
    sort === 'label'
      ? selection.slice(from, to)
      : await byFigure(db, request, selection, { sort, direction }, mode, from, to);
  let agencyCodes: AgencyCodeProductionRow[] = [];
  if (page.length > 0) {
    const source = await codeSource(db, request);
    const agencies = [...new Set(page.map((code) => code.agencyUuid))];
    const found = await db.execute<CodeRow>(
      codeRowsQuery(request, page.map((code) => code.uuid), agencies, source, mode),
    );
    const rows = new Map(found.rows.map((row) => [row.group_uuid, row]));
    agencyCodes = page.flatMap((code) => {
      const row = rows.get(code.uuid);
      if (!row) return [];
      return [
        {
          agencyCodeUuid: row.group_uuid,
          code: row.code,
          name: row.name,
          agencyUuid: row.agency_uuid,
          agencyName: row.agency_name,
          carrierUuid: row.carrier_uuid,
          carrierName: row.carrier_name,
          haveMissingCurrentData: row.missing_current,
          haveMissingPriorData: row.missing_prior,
          lines: linesOf(JSON.parse(row.lines ?? '{}') as Record<string, (number | null)[]>),
        },
      ];
    });
  }
  return { agencyCodes, totalCount: selection.length, totals: totalsOf(selection) };
}
