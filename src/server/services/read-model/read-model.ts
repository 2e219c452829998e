import type { ProductionFigures } from '#shared/contracts/production.ts';
import type { Db } from '#server/db/client.ts';
import { planFigures, runningTotalsSource } from './planner.ts';
import type { FactsRequest } from './request.ts';
import { FIGURE_COLUMNS, figureQuery, flagsQuery, type FigureSource } from './sql.ts';
import {
  buildKeptFlags,
  buildKeptTotals,
  readHorizon,
  readKeptFlags,
  readKeptTotals,
  type MissingRow,
} from './store.ts';

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

function linesByGroup(rows: FigureRow[]): Figures['lines'] {
  const byGroup = new Map<string, Record<string, ProductionFigures>>();
  for (const row of rows) {
    if (row.line_code === null) continue; // facts of another line's level (e.g. manual entries without a type)
    const lines = byGroup.get(row.group_uuid) ?? {};
    lines[row.line_code] = Object.fromEntries(
      Object.entries(FIGURE_COLUMNS).map(([column, field]) => [
        field,
        toDollars(row[column as keyof typeof FIGURE_COLUMNS]),
      ]),
    ) as ProductionFigures;
    byGroup.set(row.group_uuid, lines);
  }
  return byGroup;
}

async function queriedFigures(db: Db, request: FactsRequest, source: FigureSource | null) {
  if (!source) return new Map() as Figures['lines'];
  return linesByGroup((await db.execute<FigureRow>(figureQuery(request, source, true))).rows);
}

export async function readFigures(db: Db, request: FactsRequest): Promise<Figures> {
  const plan = planFigures(request);
  const figures = async (): Promise<Figures['lines']> => {
    if (plan.source !== 'running-totals') return queriedFigures(db, request, { kind: plan.source });
    const key = plan.kept;
    const keptAgencies =
      key && ((await readKeptTotals(db, key)) ?? (await buildKeptTotals(db, key, request.period.latest)));
    if (keptAgencies) return new Map(keptAgencies.map((agency) => [agency.group_uuid, agency.lines]));
    const horizon = await readHorizon(db, request.level.networkUuid);
    // A network without facts has no running totals, and no figures.
    return queriedFigures(db, request, horizon && runningTotalsSource(request, horizon));
  };
  const flags = async (): Promise<MissingRow[]> => {
    const key = plan.source === 'running-totals' ? plan.kept : null;
    const kept = key && ((await readKeptFlags(db, key)) ?? (await buildKeptFlags(db, key)));
    return kept ?? (await db.execute<MissingRow>(flagsQuery(request))).rows;
  };
  const [lines, missing] = await Promise.all([figures(), flags()]);
  return { lines, missing: new Map(missing.map((m) => [m.group_uuid, m])) };
}
