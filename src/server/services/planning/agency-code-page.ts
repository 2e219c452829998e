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
import type { Db } from '#server/db/client.ts';
import { queryCodeRows } from '#server/services/read-model/read-model.ts';
import type { FactsRequest } from '#server/services/read-model/request.ts';
import { FIGURE_COLUMNS, type CodeRowsSource } from '#server/services/read-model/sql.ts';

/**
 * A page of the planning tool's table by agency code (decision 026): the selection (the request's
 * agency codes, narrowed by the search and the Subcode filters) is sorted, paged, counted and summed
 * in SQL, so an answer holds one page however many codes a network has (about 60,000 on the
 * 2,000-agency benchmark network), with the 'Totals:' row summed exactly (numeric) over the whole
 * selection.
 */

/** The figures of a line, in the order of `FIGURE_COLUMNS` (the columns of the chosen line's total, the arrays of `lines`). */
const FIGURES = Object.keys(FIGURE_COLUMNS) as (keyof typeof FIGURE_COLUMNS)[];
const FIGURE_FIELDS = Object.values(FIGURE_COLUMNS);

/**
 * What each sort key orders by, in SQL, over the figure columns of the row `r`. The ratios follow the
 * rules of `#shared/domain/measures.ts` (change 0 when the prior is 0, new-business change empty when
 * the prior is 0 or less, loss ratio empty without earned premium), as fractions: the order is that
 * of the percentages. The exactness test holds the order of every key to those functions.
 */
function sortValue(sort: Exclude<AgencyCodeSortKey, 'label'>): SQL {
  const [wp, pwp, nb, pnb, ep, pep, il, pil] = FIGURES.map((name) => sql.raw(`r.${name}`));
  switch (sort) {
    case 'writtenPremium':
      return wp!;
    case 'priorWrittenPremium':
      return pwp!;
    case 'writtenPremiumChange':
      return sql`case when ${wp} is null or ${pwp} is null then null when ${pwp} = 0 then 0
        else (${wp} - ${pwp}) / ${pwp} end`;
    case 'newBusiness':
      return nb!;
    case 'priorNewBusiness':
      return pnb!;
    case 'newBusinessChange':
      return sql`case when ${nb} is null or ${pnb} is null or ${pnb} <= 0 then null
        else (${nb} - ${pnb}) / ${pnb} end`;
    case 'earned':
      return ep!;
    case 'incurred':
      return il!;
    case 'lossRatio':
      return sql`case when ${il} is null or ${ep} is null or ${ep} = 0 then null else ${il} / ${ep} end`;
    case 'priorLossRatio':
      return sql`case when ${pil} is null or ${pep} is null or ${pep} = 0 then null else ${pil} / ${pep} end`;
  }
}

/**
 * The names in code-point order of their lower case (the same on every database and locale): the
 * code, its name, its agency's and its carrier's, as `s` holds them (`CODE_NAMES`, and the carrier's
 * as the caller sees it).
 */
const NAME_KEYS = ['lower_code', 'lower_name', 'lower_agency_name', 'lower_carrier_name'];
const BY_NAME = sql.raw(NAME_KEYS.map((c) => `s.${c} collate "C"`).join(', '));

/**
 * The order of the selection `s`: the key (its `sort_value`; not reported last either way), then by
 * name, then by uuid.
 */
function orderOf(sort: AgencyCodeSortKey, direction: 'asc' | 'desc'): SQL {
  if (sort === 'label') {
    return sql.raw(NAME_KEYS.map((c) => `s.${c} collate "C" ${direction}`).join(', ') + ', s.group_uuid');
  }
  return sql`s.sort_value ${sql.raw(direction)} nulls last, ${BY_NAME}, s.group_uuid`;
}

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

/**
 * The columns of the selection: a code, its agency and carrier, its lower-case names, its flags and
 * its line's figures (no `lines`).
 */
const SELECTED = sql.raw(
  [
    'group_uuid',
    'agency_uuid',
    'carrier_uuid',
    'lower_code',
    'lower_name',
    'lower_agency_name',
    'missing_current',
    'missing_prior',
    ...FIGURES,
  ]
    .map((c) => `r.${c}`)
    .join(', '),
);

/**
 * The statement of a page over `source.rows` (a relation with the columns of `codeRowsQuery`, see
 * `CodeRowsSource`): one row with the selection's count and totals and the page's rows as JSON. Each
 * part reads only what it needs (decisions 033 and 036):
 *
 * - the selection (`sel`) is the rows' figures, sort key and lower-case names (the rows carry them),
 *   with the carriers' names (a few rows) when a search reads them;
 * - its count and totals are the kept agencies' sums (`source.totals`) when the selection is every
 *   kept code, else summed over it (then it is materialized: read whole more than once);
 * - a page by a figure takes the figure of its last row among the codes that have one (`bound`; by
 *   the index on written premium for the first view), and only the rows on or before it are sorted
 *   by the whole order (figure, names, uuid). Ties on the bound are kept, so the page is the one the
 *   whole order gives; without a bound (the page reaches past the codes with the figure) every row
 *   is a candidate;
 * - the names as shown and `lines` (large JSON) are read for the page's rows only; so are computed
 *   rows' flags, and their lines from the running totals of the page's agencies (decision 090).
 */
export function pageQuery(source: CodeRowsSource, q: AgencyCodeQuery, mode: CollaborationMode | null): SQL {
  const name = carrierName(mode);
  const byFigure = q.sort === 'label' ? null : sortValue(q.sort);
  // The carriers' names as the caller sees them, in lower case (once each).
  const carrierNames = sql`(select c.uuid, lower(${name}) as lower_name from carriers c offset 0)`;
  const carrier = q.carrierUuid ? sql`r.carrier_uuid = ${q.carrierUuid}::uuid` : null;
  // What a search matches: the code, its name, its agency's and carrier's names, joined by spaces,
  // in lower case (taken character by character, so that of the joined names is the same), holding
  // the term in lower case (`like` with the term's wildcards escaped: the same test as `strpos`,
  // twice as fast).
  const term = q.search ? containing(q.search) : null;
  const search = term
    ? sql`r.lower_code || ' ' || r.lower_name || ' ' || r.lower_agency_name || ' ' || c.lower_name like ${term}`
    : null;
  const filters = [carrier, search].filter((f): f is SQL => f !== null);
  const joins = search ? sql`join ${carrierNames} c on c.uuid = r.carrier_uuid` : sql``;
  const selection = sql`select ${SELECTED}, ${byFigure ?? sql`null`} as sort_value from src r ${joins}
    where ${filters.length > 0 ? sql.join(filters, sql` and `) : sql`true`}`;
  // Every kept code: the kept agencies' sums. Kept rows are read where used (by the period's index).
  const keptTotals = filters.length === 0 ? source.totals : null;
  const sums = (from: SQL) => sql`select coalesce(sum(x.codes), 0)::int as total_count,
      ${sql.raw(FIGURES.map((f) => `sum(x.${f})::text as ${f}`).join(', '))} from (${from}) x`;
  const codeSums = (where: SQL) => sql`select 1 as codes, ${sql.raw(FIGURES.map((f) => `s.${f}`).join(', '))}
    from sel s where ${where}`;
  // A search whose term is in an agency's name selects every code of that agency: their sums are the
  // agency's kept sums; only the other agencies' codes it finds are summed one by one.
  const agencySums =
    term && !carrier && source.agencyTotals
      ? sql`select t.codes, ${sql.raw(FIGURES.map((f) => `t.${f}`).join(', '))}
          from (${source.agencyTotals}) t join agencies a on a.uuid = t.agency_uuid
          where lower(a.name) like ${term}
          union all
          ${codeSums(sql`s.lower_agency_name not like ${term}`)}`
      : null;
  const totals = keptTotals ?? sums(agencySums ?? codeSums(sql`true`));
  const order = orderOf(q.sort, q.direction);
  const paged = q.pageSize !== undefined;
  const offset = paged ? (q.page - 1) * q.pageSize! : 0;
  const bounded = paged && byFigure !== null;
  // Without a figure, the nulls' place is moot: either direction reads the index of the figure.
  const bound = bounded
    ? sql`, bound as (select s.sort_value as v from sel s where s.sort_value is not null
        order by s.sort_value ${sql.raw(q.direction === 'asc' ? 'asc nulls first' : 'desc nulls last')}
        limit 1 offset ${offset + q.pageSize! - 1})`
    : sql``;
  const candidates = bounded
    ? sql`select s.* from sel s
        where s.sort_value ${sql.raw(q.direction === 'asc' ? '<=' : '>=')} (select v from bound)
        union all
        select s.* from sel s where (select v from bound) is null`
    : sql`select s.* from sel s`;
  const limit = paged ? sql`limit ${q.pageSize} offset ${offset}` : sql``;
  // The page's lines and flags: those the rows hold, or, for computed rows, those of its codes only
  // (their agencies' running totals, read by agency).
  const pageCodes = sql`select group_uuid from page`;
  const { computed } = source;
  const details = computed
    ? sql`left join (${computed.lines(sql`array(select agency_uuid from page)`, pageCodes)}) x
          on x.group_uuid = s.group_uuid
        left join (${computed.flags(pageCodes)}) m on m.group_uuid = s.group_uuid`
    : sql`join src x on x.agency_uuid = s.agency_uuid and x.group_uuid = s.group_uuid`;
  const flags = computed
    ? sql`'haveMissingCurrentData', coalesce(m.missing_current, false),
          'haveMissingPriorData', coalesce(m.missing_prior, false)`
    : sql`'haveMissingCurrentData', s.missing_current, 'haveMissingPriorData', s.missing_prior`;
  return sql`
    with ${computed ? sql`fig as materialized (${computed.figures}), ` : sql``}src as ${
      computed ? sql`materialized` : sql`not materialized`
    } (${source.rows}),
    sel as ${keptTotals ? sql`not materialized` : sql`materialized`} (${selection})${bound},
    page as (select s.* from (select s.*, c.lower_name as lower_carrier_name from (${candidates}) s
      join ${carrierNames} c on c.uuid = s.carrier_uuid) s order by ${order} ${limit})
    select ${source.built} as built, t.*,
      (select coalesce(json_agg(json_build_object('agencyCodeUuid', s.group_uuid, 'code', ac.code,
          'name', ac.name, 'agencyUuid', s.agency_uuid, 'agencyName', a.name,
          'carrierUuid', s.carrier_uuid, 'carrierName', ${name}, ${flags},
          'lines', x.lines) order by ${order}), '[]'::json)::text
        from page s ${details}
        join agency_codes ac on ac.uuid = s.group_uuid
        join agencies a on a.uuid = s.agency_uuid
        join carriers c on c.uuid = s.carrier_uuid) as rows
    from (${totals}) t`;
}

/** The memory a selection is held in: about 13 MB for the 54,000 codes of a search on the benchmark network. */
const SELECTION_MEMORY = '32MB';

type PageRow = { built: boolean; total_count: number; rows: string } & Record<
  keyof typeof FIGURE_COLUMNS,
  string | null
>;

type StoredCode = Omit<AgencyCodeProductionRow, 'lines'> & { lines: Record<string, (number | null)[]> };

/** A code's `lines`: each line code's figures from an array in the order of `FIGURE_COLUMNS`. */
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

export type AgencyCodePage = {
  agencyCodes: AgencyCodeProductionRow[];
  totalCount: number;
  totals: ProductionFigures;
};

/**
 * The page `q` asks of the request's agency codes, the selection's row count and its totals. The
 * figures are the sums' exact decimal text, read as numbers as every figure of the read model is.
 */
export async function readAgencyCodePage(
  db: Db,
  request: FactsRequest,
  q: AgencyCodeQuery,
  mode: CollaborationMode | null,
): Promise<AgencyCodePage> {
  // A search or a carrier's codes hold their selection (up to every code) for the count, the sums,
  // the bound and the page: in memory, not in a temporary file (decision 036).
  const workMem = q.search || q.carrierUuid ? SELECTION_MEMORY : undefined;
  const [answer] = await queryCodeRows<PageRow>(db, request, (source) => pageQuery(source, q, mode), {
    workMem,
  });
  const stored = JSON.parse(answer!.rows) as StoredCode[];
  const totals = Object.fromEntries(
    FIGURES.map((f) => [FIGURE_COLUMNS[f], answer![f] === null ? null : Number(answer![f])]),
  ) as ProductionFigures;
  return {
    agencyCodes: stored.map((row) => ({ ...row, lines: linesOf(row.lines) })),
    totalCount: answer!.total_count,
    totals,
  };
}
