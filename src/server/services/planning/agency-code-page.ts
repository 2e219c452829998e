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
import { FIGURE_COLUMNS } from '#server/services/read-model/sql.ts';

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

const column = (name: keyof typeof FIGURE_COLUMNS) => sql.raw(`s.${name}`);
const wp = column('written_premium');
const pwp = column('prior_written_premium');
const nb = column('new_written_premium');
const pnb = column('prior_new_written_premium');
const ep = column('earned');
const pep = column('prior_earned');
const il = column('incurred');
const pil = column('prior_incurred');

/**
 * What each sort key orders by, in SQL. The ratios follow the rules of `#shared/domain/measures.ts`
 * (change 0 when the prior is 0, new-business change empty when the prior is 0 or less, loss ratio
 * empty without earned premium), as fractions: the order is that of the percentages. The exactness
 * test holds the order of every key to those functions.
 */
const SORT_VALUE: Record<Exclude<AgencyCodeSortKey, 'label'>, SQL> = {
  writtenPremium: wp,
  priorWrittenPremium: pwp,
  writtenPremiumChange: sql`case when ${wp} is null or ${pwp} is null then null when ${pwp} = 0 then 0
    else (${wp} - ${pwp}) / ${pwp} end`,
  newBusiness: nb,
  priorNewBusiness: pnb,
  newBusinessChange: sql`case when ${nb} is null or ${pnb} is null or ${pnb} <= 0 then null
    else (${nb} - ${pnb}) / ${pnb} end`,
  earned: ep,
  incurred: il,
  lossRatio: sql`case when ${il} is null or ${ep} is null or ${ep} = 0 then null else ${il} / ${ep} end`,
  priorLossRatio: sql`case when ${pil} is null or ${pep} is null or ${pep} = 0 then null else ${pil} / ${pep} end`,
};

/** Names in code-point order of their lower case (the same on every database and locale). */
const BY_NAME = sql.raw(
  ['code', 'name', 'agency_name', 'carrier_name'].map((c) => `lower(s.${c}) collate "C"`).join(', '),
);

/** The order of the selection: the key (not reported last either way), then by name, then by uuid. */
function orderOf(sort: AgencyCodeSortKey, direction: 'asc' | 'desc'): SQL {
  const dir = sql.raw(direction);
  if (sort === 'label') {
    return sql.raw(
      ['code', 'name', 'agency_name', 'carrier_name']
        .map((c) => `lower(s.${c}) collate "C" ${direction}`)
        .join(', ') + ', s.group_uuid',
    );
  }
  return sql`${SORT_VALUE[sort]} ${dir} nulls last, ${BY_NAME}, s.group_uuid`;
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

/**
 * The statement of a page over `rows` (a relation with the columns of `codeRowsQuery`): one row.
 * The selection is sorted and summed without the codes' `lines` (large JSON), which are read for the
 * page's rows only; `rows` is read twice (kept rows: a scan, then the page's rows by key), or once
 * when it is a computation (`computed`: materialized).
 */
function pageQuery(
  rows: SQL,
  built: SQL,
  computed: boolean,
  q: AgencyCodeQuery,
  mode: CollaborationMode | null,
): SQL {
  const name = carrierName(mode);
  const filters = [
    q.carrierUuid ? sql`ac.carrier_uuid = ${q.carrierUuid}::uuid` : null,
    q.search
      ? sql`strpos(lower(ac.code || ' ' || ac.name || ' ' || a.name || ' ' || ${name}), lower(${q.search})) > 0`
      : null,
  ].filter((f): f is SQL => f !== null);
  const figures = sql.raw(FIGURES.map((f) => `r.${f}`).join(', '));
  const sums = sql.raw(FIGURES.map((f) => `sum(s.${f})::text as ${f}`).join(', '));
  const order = orderOf(q.sort, q.direction);
  const limit = q.pageSize ? sql`limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}` : sql``;
  return sql`
    with src as ${computed ? sql`materialized` : sql`not materialized`} (${rows}),
    sel as (
      select r.group_uuid, r.agency_uuid, r.missing_current, r.missing_prior, ac.code, ac.name,
        a.name as agency_name, c.uuid as carrier_uuid, ${name} as carrier_name, ${figures}
      from src r
      join agency_codes ac on ac.uuid = r.group_uuid
      join agencies a on a.uuid = ac.agency_uuid
      join carriers c on c.uuid = ac.carrier_uuid
      where ${filters.length > 0 ? sql.join(filters, sql` and `) : sql`true`}
    ),
    page as (select s.* from sel s order by ${order} ${limit})
    select ${built} as built, t.*,
      (select coalesce(json_agg(json_build_object('agencyCodeUuid', s.group_uuid, 'code', s.code,
          'name', s.name, 'agencyUuid', s.agency_uuid, 'agencyName', s.agency_name,
          'carrierUuid', s.carrier_uuid, 'carrierName', s.carrier_name,
          'haveMissingCurrentData', s.missing_current, 'haveMissingPriorData', s.missing_prior,
          'lines', x.lines) order by ${order}), '[]'::json)::text
        from page s join src x on x.agency_uuid = s.agency_uuid and x.group_uuid = s.group_uuid) as rows
    from (select count(*)::int as total_count, ${sums} from sel s) t`;
}

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
  const [answer] = await queryCodeRows<PageRow>(db, request, (rows, built, computed) =>
    pageQuery(rows, built, computed, q, mode),
  );
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
