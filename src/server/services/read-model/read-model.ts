import type { ProductionFigures } from '#shared/contracts/production.ts';
import type { Db } from '#server/db/client.ts';
import {
  codeFiguresSource,
  codesFromRunningTotals,
  planFigures,
  planMonthlyFigures,
  runningTotalsSource,
} from './planner.ts';
import type { FactsRequest } from './request.ts';
import {
  agencyCarrierFiguresQuery,
  byBroadLine,
  carrierMonthFiguresQuery,
  codeFiguresQuery,
  FIGURE_COLUMNS,
  figureQuery,
  flagsQuery,
  monthlyFiguresQuery,
  type FigureSource,
} from './sql.ts';
import { executeRead, readRunningTotalsState, type MissingRow } from './store.ts';
import { cachedByAgency, type ByAgency } from './answer-cache.ts';

/**
 * The read model's reader: the figures of a request per group and line code, and its incomplete-data
 * flags per group, from the source the planner picks. Figures and flags are queried at once (on two
 * connections on PostgreSQL).
 */
export type Figures = {
  lines: Map<string, Record<string, ProductionFigures>>;
  missing: Map<string, MissingRow>;
};

/** A row of a figure query: sums as exact decimal text (null: not reported). */
type FigureRow = { group_uuid: string; line_code: string | null } & Record<
  keyof typeof FIGURE_COLUMNS,
  string | null
>;

const toDollars = (value: string | null) => (value === null ? null : Number(value));

const FIGURE_ENTRIES = Object.entries(FIGURE_COLUMNS) as [
  keyof typeof FIGURE_COLUMNS,
  keyof ProductionFigures,
][];

/**
 * The `ProductionFigures` of a row with the columns of `FIGURE_COLUMNS`. A plain loop: a network's
 * answer has a row per agency and line (about 9,000 at 2,000 agencies), and building each through
 * entry arrays was the most of a by-agency call's own CPU time and garbage (decision 087).
 */
function figuresOf(row: Record<keyof typeof FIGURE_COLUMNS, string | null>): ProductionFigures {
  const figures = {} as ProductionFigures;
  for (const [column, field] of FIGURE_ENTRIES) figures[field] = toDollars(row[column]);
  return figures;
}

function linesByGroup(rows: FigureRow[]): Figures['lines'] {
  const byGroup = new Map<string, Record<string, ProductionFigures>>();
  for (const row of rows) {
    if (row.line_code === null) continue; // facts of another line's level (e.g. manual entries without a type)
    const lines = byGroup.get(row.group_uuid) ?? {};
    lines[row.line_code] = figuresOf(row);
    byGroup.set(row.group_uuid, lines);
  }
  return byGroup;
}

async function queriedFigures(db: Db, request: FactsRequest, source: FigureSource | null) {
  if (!source) return new Map() as Figures['lines'];
  return linesByGroup((await db.execute<FigureRow>(figureQuery(request, source, true))).rows);
}

/**
 * A network's figures per agency and carrier (keyed `agency/carrier`) and line code, of the request's
 * carriers in one statement (`agencyCarrierFiguresQuery`): per broad line from the running totals per
 * carrier, per standard type from the facts; no incomplete-data flags.
 */
export async function readAgencyCarrierFigures(
  db: Db,
  request: FactsRequest,
  agencyUuids: readonly string[] | null = null,
): Promise<Figures['lines']> {
  let source: FigureSource = { kind: 'facts' };
  if (byBroadLine(request)) {
    const state = await readRunningTotalsState(db, request.level.networkUuid);
    // A network without facts has no running totals, and no figures.
    if (state === null) return new Map();
    source = { kind: 'running-totals', grain: 'carrier', ...state };
  }
  const found = await db.execute<FigureRow>(agencyCarrierFiguresQuery(request, agencyUuids, source));
  return linesByGroup(found.rows);
}

/** The memory a line of an agency's figures takes, with its share of the flags (decision 094). */
const BYTES_PER_AGENCY_LINE = 330;

/**
 * A network's figures and incomplete-data flags per agency for one request, as `readFigures` answers
 * them, kept in process per network, request and data version; a write of one agency computes only
 * its part again (`cachedByAgency`, decision 092). Callers read it and never change it.
 */
class AgencyFigures implements ByAgency, Figures {
  /** The lines held, over every agency. */
  private rows = 0;

  constructor(
    readonly lines: Figures['lines'],
    readonly missing: Figures['missing'],
  ) {
    for (const own of lines.values()) this.rows += Object.keys(own).length;
  }

  size(): number {
    return this.lines.size;
  }

  bytes(): number {
    return this.rows * BYTES_PER_AGENCY_LINE;
  }

  replace(agencyUuids: readonly string[], fresh: AgencyFigures): void {
    for (const agencyUuid of agencyUuids) {
      this.rows -= Object.keys(this.lines.get(agencyUuid) ?? {}).length;
      this.lines.delete(agencyUuid);
      this.missing.delete(agencyUuid);
      const lines = fresh.lines.get(agencyUuid);
      this.rows += Object.keys(lines ?? {}).length;
      if (lines) this.lines.set(agencyUuid, lines);
      const missing = fresh.missing.get(agencyUuid);
      if (missing) this.missing.set(agencyUuid, missing);
    }
  }
}

const missingByGroup = (rows: MissingRow[]): Figures['missing'] =>
  new Map(rows.map((m) => [m.group_uuid, m]));

/**
 * A network's figures by agency, from its running totals at the coarsest grain the request allows;
 * `onRead` is called for each read over them (the warm-up counts them).
 */
function agencyFigures(db: Db, request: FactsRequest, onRead: () => void): Promise<AgencyFigures> {
  const { networkUuid } = request.level;
  return cachedByAgency(db, networkUuid, 'by agency', request, async (agencyUuids) => {
    onRead();
    const state = await readRunningTotalsState(db, networkUuid);
    // A network without facts has no running totals, and no figures.
    if (state === null) return new AgencyFigures(new Map(), new Map());
    const source = runningTotalsSource(request, state.horizon, state.spans);
    const [lines, missing] = await Promise.all([
      executeRead<FigureRow>(
        db,
        figureQuery(request, source, true, false, agencyUuids),
        agencyUuids === null,
      ),
      db.execute<MissingRow>(flagsQuery(request, null, agencyUuids)),
    ]);
    return new AgencyFigures(linesByGroup(lines.rows), missingByGroup(missing.rows));
  });
}

/** Where a by-agency-code request's figures are summed from (`codeFiguresSource`). */
export async function codeSource(db: Db, request: FactsRequest): Promise<FigureSource> {
  const state = codesFromRunningTotals(request)
    ? await readRunningTotalsState(db, request.level.networkUuid)
    : null;
  return codeFiguresSource(request, state);
}

/** A request's figures without its incomplete-data flags (profit sharing's sums need only these). */
export async function readFigureLines(db: Db, request: FactsRequest): Promise<Figures['lines']> {
  const plan = planFigures(request);
  if (plan.source === 'running-totals') return (await agencyFigures(db, request, () => {})).lines;
  return queriedFigures(db, request, { kind: plan.source });
}

/**
 * A request's figures and incomplete-data flags per group, from the source the planner picks (a
 * network by agency: kept in process, `agencyFigures`); `onRead` as `agencyFigures`'.
 */
export async function readFigures(
  db: Db,
  request: FactsRequest,
  onRead: () => void = () => {},
): Promise<Figures> {
  if (planFigures(request).source === 'running-totals') return agencyFigures(db, request, onRead);
  const [lines, missing] = await Promise.all([
    readFigureLines(db, request),
    db.execute<MissingRow>(flagsQuery(request)),
  ]);
  return { lines, missing: missingByGroup(missing.rows) };
}

/**
 * An agency code of the planning tool's table: its agency and carrier, its code, name and agency's
 * name in lower case (what a search matches and the name order sorts), and its line's figures in
 * whole cents (NaN: not reported), in the order of `FIGURE_COLUMNS`.
 */
export type CodeFigure = {
  uuid: string;
  agencyUuid: string;
  carrierUuid: string;
  lowerCode: string;
  lowerName: string;
  lowerAgencyName: string;
  cents: number[];
};

/** A row of `codeFiguresQuery`: a code, its names, its line's figures as exact decimal text. */
type CodeFigureRow = {
  group_uuid: string;
  agency_uuid: string;
  carrier_uuid: string;
  lower_code: string;
  lower_name: string;
  lower_agency_name: string;
} & Record<keyof typeof FIGURE_COLUMNS, string | null>;

/** Exact decimal text of at most two decimals as whole cents (an integer, exact as a number). */
function centsOf(text: string): number {
  // Digit by digit: a regular expression per figure was most of reading a network's codes.
  const negative = text.charCodeAt(0) === 45; // '-'
  let cents = 0;
  let digits = 0;
  let decimals = -1;
  for (let i = negative ? 1 : 0; i < text.length; i++) {
    const c = text.charCodeAt(i) - 48;
    if (c >= 0 && c <= 9 && decimals < 2) {
      cents = cents * 10 + c;
      digits += 1;
      if (decimals >= 0) decimals += 1;
    } else if (c === -2 && decimals < 0 && digits > 0)
      decimals = 0; // '.'
    else throw new RangeError(`not an amount of money: ${text}`);
  }
  if (digits === 0 || decimals === 0) throw new RangeError(`not an amount of money: ${text}`);
  cents *= decimals === 2 ? 1 : decimals === 1 ? 10 : 100;
  if (!Number.isSafeInteger(cents)) throw new RangeError(`amount out of range: ${text}`);
  return negative ? -cents : cents;
}

/** A UTF-16 surrogate: half of a character above U+FFFF. */
export const SURROGATE = /[\ud800-\udfff]/;

/** The memory a code takes in a kept answer, measured on the 2,000-agency benchmark network (decision 095). */
const BYTES_PER_CODE = 400;

/**
 * Every agency code of a by-agency-code request with its names and its line's figures (the planning
 * tool's table), by agency: at the network level kept in process per network, request and data
 * version, a write of one agency (or a rename of it or of one of its codes) computing only its codes
 * again (`cachedByAgency`, decision 095). The table's pages, order, search and 'Totals:' row are
 * taken from it (`planning/agency-code-page.ts`).
 */
export class CodeFigures implements ByAgency {
  readonly agencies = new Map<string, CodeFigure[]>();
  /**
   * Whether some code's names hold a character above U+FFFF (a surrogate pair), which UTF-16 order
   * and code-point order sort apart.
   */
  astral = false;
  private codes = 0;
  private all: CodeFigure[] | null = null;

  constructor(rows: readonly CodeFigureRow[] = []) {
    for (const row of rows) {
      const own = this.agencies.get(row.agency_uuid) ?? [];
      // One copy of the agency's uuid and name for all its codes.
      const first = own[0];
      own.push({
        uuid: row.group_uuid,
        agencyUuid: first?.agencyUuid ?? row.agency_uuid,
        carrierUuid: row.carrier_uuid,
        lowerCode: row.lower_code,
        lowerName: row.lower_name,
        lowerAgencyName: first?.lowerAgencyName ?? row.lower_agency_name,
        cents: FIGURE_ENTRIES.map(([column]) => {
          const value = row[column];
          return value === null ? NaN : centsOf(value);
        }),
      });
      this.agencies.set(row.agency_uuid, own);
      this.astral ||= SURROGATE.test(row.lower_code + row.lower_name + row.lower_agency_name);
    }
    this.codes = rows.length;
  }

  /** Every code, of every agency. */
  rows(): readonly CodeFigure[] {
    this.all ??= [...this.agencies.values()].flat();
    return this.all;
  }

  size(): number {
    return this.agencies.size;
  }

  bytes(): number {
    return this.codes * BYTES_PER_CODE;
  }

  replace(agencyUuids: readonly string[], fresh: CodeFigures): void {
    this.all = null;
    this.astral ||= fresh.astral;
    for (const agencyUuid of agencyUuids) {
      this.codes -= this.agencies.get(agencyUuid)?.length ?? 0;
      this.agencies.delete(agencyUuid);
      const codes = fresh.agencies.get(agencyUuid);
      if (!codes) continue;
      this.codes += codes.length;
      this.agencies.set(agencyUuid, codes);
    }
  }
}

/**
 * Every agency code of a by-agency-code request with its line's figures: a network's kept in process
 * (`CodeFigures`), one agency's read from its facts each time (a few rows). `onRead` is called for
 * each read over the facts or running totals (the warm-up counts them).
 */
export function readCodeFigures(
  db: Db,
  request: FactsRequest,
  onRead: () => void = () => {},
): Promise<CodeFigures> {
  if (request.grouping !== 'agencyCode') throw new RangeError('code figures are read by agency code');
  const { level } = request;
  const load = async (agencyUuids: readonly string[] | null) => {
    onRead();
    const source = await codeSource(db, request);
    const found = await executeRead<CodeFigureRow>(
      db,
      codeFiguresQuery(request, source, agencyUuids),
      agencyUuids === null && level.kind === 'network',
    );
    return new CodeFigures(found.rows);
  };
  if (level.kind !== 'network') return load(null);
  return cachedByAgency(db, level.networkUuid, 'by agency code', request, load);
}

/**
 * The figures per line code of a request that groups by network (one group: the planning tool's
 * network comparison), without flags, queried from the planner's source: carrier-months at the
 * network level, the facts for one agency. The planning tool keeps the answer in process
 * (`planning-report.ts`, decision 091).
 */
export async function readNetworkLines(
  db: Db,
  request: FactsRequest,
): Promise<Record<string, ProductionFigures>> {
  if (request.grouping !== 'network')
    throw new RangeError('network lines are read for the network as one group');
  const plan = planFigures(request);
  if (plan.source !== 'facts' && plan.source !== 'carrier-months')
    throw new RangeError(`unexpected ${plan.source}`);
  return (await queriedFigures(db, request, { kind: plan.source })).get(request.level.networkUuid) ?? {};
}

/**
 * A row of `carrierMonthFiguresQuery`: a carrier's figures in a broad line over the period, and its
 * written premium in each month of it (YYYY-MM; none when the period has no fact), as exact decimal
 * text (null: not reported).
 */
export type CarrierMonthFigures = {
  group_uuid: string;
  line_code: string | null;
  written_premium: string | null;
  prior_written_premium: string | null;
  new_written_premium: string | null;
  months: Record<string, string | null> | null;
};

/**
 * An agency's written, prior written and new written premium per carrier and broad line over the
 * request's period, with the written premium of each month (one query over its facts, the source the
 * planner picks for an agency): growth plans' actual year to date and running totals.
 */
export async function readCarrierMonthFigures(db: Db, request: FactsRequest): Promise<CarrierMonthFigures[]> {
  if (planFigures(request).source !== 'facts')
    throw new RangeError('carrier-month figures come from the facts');
  return (await db.execute<CarrierMonthFigures>(carrierMonthFiguresQuery(request))).rows;
}

/** A row of `monthlyFiguresQuery`: month NULL for the whole period, line code NULL for another level's facts. */
type MonthlyFigureRow = { month: string | null; line_code: string | null } & Record<
  keyof typeof FIGURE_COLUMNS,
  string | null
>;

/** Figures of one month (or of the period): per line code, with the prior year's same month. */
export type MonthlyFigures = {
  months: Map<string, Record<string, ProductionFigures>>;
  period: Record<string, ProductionFigures>;
};

/**
 * The request's figures month by month against the same month a year earlier, and over the whole
 * period, per line code (Performance Charts), from the source `planMonthlyFigures` picks.
 */
export async function readMonthlyFigures(db: Db, request: FactsRequest): Promise<MonthlyFigures> {
  const rows = (await db.execute<MonthlyFigureRow>(monthlyFiguresQuery(request, planMonthlyFigures(request))))
    .rows;
  const months = new Map<string, Record<string, ProductionFigures>>();
  const period: Record<string, ProductionFigures> = {};
  for (const row of rows) {
    if (row.line_code === null) continue;
    const figures = figuresOf(row);
    if (row.month === null) {
      period[row.line_code] = figures;
      continue;
    }
    const lines = months.get(row.month) ?? {};
    lines[row.line_code] = figures;
    months.set(row.month, lines);
  }
  return { months, period };
}
