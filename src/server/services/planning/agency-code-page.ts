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
import {
  codeSource,
  readCodeFigures,
  SURROGATE,
  type CodeFigure,
} from '#server/services/read-model/read-model.ts';
import type { FactsRequest } from '#server/services/read-model/request.ts';
import {
  codeLinesQuery,
  FIGURE_COLUMNS,
  flagsQuery,
  uuidArray,
  type FigureSource,
} from '#server/services/read-model/sql.ts';

/**
 * A page of the planning tool's table by agency code (decision 095). Every code of the request with
 * its names and its line's figures comes from the read model (`readCodeFigures`: a network's kept in
 * process, about 60,000 codes on the 2,000-agency benchmark network); the selection (narrowed by the
 * Subcode filter and the search) is summed, sorted and paged here, and only the page's rows are read
 * with their names as shown, lines and flags.
 */

const FIGURES = Object.keys(FIGURE_COLUMNS) as (keyof typeof FIGURE_COLUMNS)[];
const FIGURE_FIELDS = Object.values(FIGURE_COLUMNS);

/** A code's figure in whole cents, null when not reported. */
const figureOf = (code: CodeFigure, column: keyof typeof FIGURE_COLUMNS): number | null => {
  const value = code.cents[FIGURES.indexOf(column)]!;
  return Number.isNaN(value) ? null : value;
};

/**
 * What each sort key orders by: a figure, or its measure by the rules of `#shared/domain/measures.ts`
 * (ratios of cents are those of dollars); null (not reported) comes last either way.
 */
const SORT_VALUES: Record<Exclude<AgencyCodeSortKey, 'label'>, (code: CodeFigure) => number | null> = {
  writtenPremium: (c) => figureOf(c, 'written_premium'),
  priorWrittenPremium: (c) => figureOf(c, 'prior_written_premium'),
  writtenPremiumChange: (c) =>
    changePercent(figureOf(c, 'written_premium'), figureOf(c, 'prior_written_premium')),
  newBusiness: (c) => figureOf(c, 'new_written_premium'),
  priorNewBusiness: (c) => figureOf(c, 'prior_new_written_premium'),
  newBusinessChange: (c) =>
    newBusinessChangePercent(figureOf(c, 'new_written_premium'), figureOf(c, 'prior_new_written_premium')),
  earned: (c) => figureOf(c, 'earned'),
  incurred: (c) => figureOf(c, 'incurred'),
  lossRatio: (c) => lossRatio(figureOf(c, 'incurred'), figureOf(c, 'earned')),
  priorLossRatio: (c) => lossRatio(figureOf(c, 'prior_incurred'), figureOf(c, 'prior_earned')),
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

/** Every carrier's name as the caller may see it, in lower case (what a code's search and name order read). */
export const carrierNamesQuery = (mode: CollaborationMode | null) =>
  sql`select c.uuid, lower(${carrierName(mode)}) as lower_name from carriers c`;

/**
 * Two texts in code-point order (that of `collate "C"`): UTF-16 code units compare so, but for a
 * surrogate (a code point above U+FFFF) against U+E000..U+FFFF, moved above them here.
 */
export function codePointOrder(a: string, b: string): number {
  if (a === b) return 0;
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    const rank = (c: number) => (c >= 0xd800 && c <= 0xdfff ? c + 0x2000 : c >= 0xe000 ? c - 0x800 : c);
    return rank(x) - rank(y);
  }
  return a.length - b.length;
}

/** Two texts in UTF-16 order: code-point order when neither holds a character above U+FFFF. */
const utf16Order = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The name order: the code, its name, its agency's and its carrier's (as the caller sees it), in
 * code-point order of their lower case, `direction` applied to each; then by uuid. `astral`: some
 * name holds a character above U+FFFF, which needs the slower comparison.
 */
function byName(carrier: (code: CodeFigure) => string, direction: 'asc' | 'desc', astral: boolean) {
  const sign = direction === 'asc' ? 1 : -1;
  const text = astral ? codePointOrder : utf16Order;
  return (a: CodeFigure, b: CodeFigure) =>
    sign *
      (text(a.lowerCode, b.lowerCode) ||
        text(a.lowerName, b.lowerName) ||
        text(a.lowerAgencyName, b.lowerAgencyName) ||
        text(carrier(a), carrier(b))) || utf16Order(a.uuid, b.uuid);
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

/** Whole cents as dollars: the number nearest the decimal, as its text reads. */
function dollars(cents: number | bigint): number {
  // A safe integer divided by 100 rounds once, to the number nearest the decimal.
  if (typeof cents === 'number') return cents / 100;
  const whole = cents < 0n ? -cents : cents;
  return Number(`${cents < 0n ? '-' : ''}${whole / 100n}.${String(whole % 100n).padStart(2, '0')}`);
}

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
 * The first `count` of `items` in the order of `compare`. A page near the start (the table's first
 * pages) keeps only that many, in a heap whose root is the last of them: n log(count) comparisons
 * instead of a sort's n log(n).
 */
export function firstInOrder<T>(items: readonly T[], count: number, compare: (a: T, b: T) => number): T[] {
  if (count <= 0) return [];
  if (count * 8 >= items.length) return [...items].sort(compare).slice(0, count);
  const heap: T[] = [];
  const above = (i: number, j: number) => compare(heap[i]!, heap[j]!) > 0;
  const swap = (i: number, j: number) => ([heap[i], heap[j]] = [heap[j]!, heap[i]!]);
  for (const item of items) {
    if (heap.length < count) {
      heap.push(item);
      for (let i = heap.length - 1; i > 0 && above(i, (i - 1) >> 1); i = (i - 1) >> 1) swap(i, (i - 1) >> 1);
    } else if (compare(item, heap[0]!) < 0) {
      heap[0] = item;
      for (let i = 0; ;) {
        const [l, r] = [2 * i + 1, 2 * i + 2];
        let last = i;
        if (l < count && above(l, last)) last = l;
        if (r < count && above(r, last)) last = r;
        if (last === i) break;
        swap(i, last);
        i = last;
      }
    }
  }
  return heap.sort(compare);
}

/**
 * The first `count` codes of `selection` in the order `q` asks: by name, or by the sort key (not
 * reported last either way), then by name ascending.
 */
function ordered(
  selection: readonly CodeFigure[],
  { sort, direction }: Pick<AgencyCodeQuery, 'sort' | 'direction'>,
  carrier: (code: CodeFigure) => string,
  astral: boolean,
  count: number,
): CodeFigure[] {
  if (sort === 'label') return firstInOrder(selection, count, byName(carrier, direction, astral));
  const value = SORT_VALUES[sort];
  const sign = direction === 'asc' ? 1 : -1;
  const names = byName(carrier, 'asc', astral);
  const keyed = selection.map((code) => ({ code, key: value(code) }));
  return firstInOrder(
    keyed,
    count,
    (a, b) =>
      (a.key === b.key ? 0 : a.key === null ? 1 : b.key === null ? -1 : sign * (a.key - b.key)) ||
      names(a.code, b.code),
  ).map((k) => k.code);
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
  const [figures, carriers] = await Promise.all([
    readCodeFigures(db, request),
    db.execute<{ uuid: string; lower_name: string }>(carrierNamesQuery(mode)),
  ]);
  const carrierNames = new Map(carriers.rows.map((row) => [row.uuid, row.lower_name]));
  const carrier = (code: CodeFigure) => carrierNames.get(code.carrierUuid) ?? '';
  // What a search matches: the code, its name, its agency's and carrier's names, joined by spaces,
  // in lower case, holding the term in lower case. A term without a space is in one of them.
  const term = q.search.toLowerCase();
  const found = term.includes(' ')
    ? (code: CodeFigure) =>
        `${code.lowerCode} ${code.lowerName} ${code.lowerAgencyName} ${carrier(code)}`.includes(term)
    : (code: CodeFigure) =>
        code.lowerCode.includes(term) ||
        code.lowerName.includes(term) ||
        code.lowerAgencyName.includes(term) ||
        carrier(code).includes(term);
  const selection = figures
    .rows()
    .filter((code) => (!q.carrierUuid || code.carrierUuid === q.carrierUuid) && (!term || found(code)));
  const from = q.pageSize === undefined ? 0 : (q.page - 1) * q.pageSize;
  const to = q.pageSize === undefined ? selection.length : from + q.pageSize;
  const astral = figures.astral || carriers.rows.some((row) => SURROGATE.test(row.lower_name));
  const page = ordered(selection, q, carrier, astral, to).slice(from);
  let agencyCodes: AgencyCodeProductionRow[] = [];
  if (page.length > 0) {
    const source = await codeSource(db, request);
    const agencies = [...new Set(page.map((code) => code.agencyUuid))];
    const found = await db.execute<CodeRow>(
      codeRowsQuery(
        request,
        page.map((code) => code.uuid),
        agencies,
        source,
        mode,
      ),
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
