import { countBelow } from '#shared/domain/benchmarks.ts';
import type { Db } from '#server/db/client.ts';
import { cachedByAgency, type ByAgency } from '#server/services/read-model/answer-cache.ts';
import { executeRead, readRunningTotalsState } from '#server/services/read-model/store.ts';
import {
  networkFiguresQuery,
  type BenchmarkStatementInput,
  type NetworkFigureSqlRow,
} from './benchmarks-sql.ts';

/**
 * The figures benchmarks and early warning answer from: every agency's figures per carrier, broad
 * line and in total for one request (`networkFiguresQuery` over the running totals, exact sums and
 * ratios in SQL), with the reported values of each figure in ascending order over the network and
 * over each size band, from which the distributions and ranks of `shared/domain/benchmarks.ts` are
 * read. Kept per network,
 * request and data version; a write of one agency replaces only its rows and moves only its values
 * in the ordered lists (decision 078). Names no agency to anyone: callers pick what a user may see.
 */

export type Dimension = NetworkFigureSqlRow['dimension'];

/** An agency's figures for one dimension and key, as numbers (`values` in `BENCHMARK_METRICS` order). */
export type FigureRow = {
  dimension: Dimension;
  key: string;
  writtenPremium: number | null;
  priorWrittenPremium: number | null;
  priorLossRatio: number | null;
  values: (number | null)[];
};

/** An agency's rows: its size band, and its figures by `dimension:key`. */
export type AgencyFigures = { band: number; rows: Map<string, FigureRow> };

export const figureKey = (dimension: string, key: string) => `${dimension}:${key}`;

const num = (v: string | null): number | null => (v === null ? null : Number(v));

/**
 * One copy of each dimension, key and figure key for every agency's rows: carriers and lines repeat
 * across agencies and answers, and a copy per row took a quarter of a kept answer's memory (decision
 * 094).
 */
const sharedTexts = new Map<string, string>();
function shared(text: string): string {
  const found = sharedTexts.get(text);
  if (found !== undefined) return found;
  sharedTexts.set(text, text);
  return text;
}

/** Inserts `value` into the ascending list, keeping it ascending. */
function insertSorted(list: number[], value: number): void {
  list.splice(countBelow(list, value), 0, value);
}

/** Removes one occurrence of `value` from the ascending list. */
function removeSorted(list: number[], value: number): void {
  const at = countBelow(list, value);
  if (list[at] === value) list.splice(at, 1);
}

/** The reported values of each figure (by its index in `BENCHMARK_METRICS`), each list ascending. */
type Lists = number[][];

const emptyLists = (): Lists => [[], [], [], []];

/** The memory a row takes, with its values in the network's and its band's sorted lists (decision 094). */
const BYTES_PER_ROW = 540;

export class NetworkFigures implements ByAgency {
  readonly agencies = new Map<string, AgencyFigures>();
  /** Reported values per `dimension:key`, ascending, over the network. */
  readonly network = new Map<string, Lists>();
  /** The same per size band and `dimension:key`. */
  readonly bands = new Map<number, Map<string, Lists>>();
  /** Moves on every `replace`: what is derived from these figures is derived again. */
  generation = 0;
  /** The rows held, over every agency. */
  private rows = 0;

  constructor(rows: readonly NetworkFigureSqlRow[] = []) {
    for (const r of rows) {
      const own = this.agencies.get(r.agency_uuid) ?? { band: Number(r.band), rows: new Map() };
      this.agencies.set(r.agency_uuid, own);
      // In the statement's order: per agency, its book, carriers and lines, each by key.
      own.rows.set(shared(figureKey(r.dimension, r.key)), {
        dimension: shared(r.dimension) as Dimension,
        key: shared(r.key),
        writtenPremium: num(r.written_premium),
        priorWrittenPremium: num(r.prior_written_premium),
        priorLossRatio: num(r.prior_loss_ratio),
        values: [num(r.growth), num(r.new_business_share), num(r.loss_ratio), num(r.commission_rate)],
      });
    }
    for (const own of this.agencies.values()) {
      this.rows += own.rows.size;
      this.place(own, (list, v) => list.push(v));
    }
    for (const lists of [
      ...this.network.values(),
      ...[...this.bands.values()].flatMap((b) => [...b.values()]),
    ]) {
      // A typed array sorts numbers by value natively, without a comparator call per comparison.
      for (const list of lists)
        Float64Array.from(list)
          .sort()
          .forEach((v, i) => (list[i] = v));
    }
  }

  size(): number {
    return this.agencies.size;
  }

  bytes(): number {
    return this.rows * BYTES_PER_ROW;
  }

  /** Passes each reported value of the agency to `into` with its network list and its band's list. */
  private place(own: AgencyFigures, into: (list: number[], value: number) => void): void {
    const band = this.bands.get(own.band) ?? new Map<string, Lists>();
    this.bands.set(own.band, band);
    for (const [key, row] of own.rows) {
      const network = this.network.get(key) ?? emptyLists();
      this.network.set(key, network);
      const inBand = band.get(key) ?? emptyLists();
      band.set(key, inBand);
      row.values.forEach((value, i) => {
        if (value === null) return;
        into(network[i]!, value);
        into(inBand[i]!, value);
      });
    }
  }

  replace(agencyUuids: readonly string[], fresh: NetworkFigures): void {
    this.generation += 1;
    for (const agencyUuid of agencyUuids) {
      const old = this.agencies.get(agencyUuid);
      if (old) this.place(old, removeSorted);
      this.rows -= old?.rows.size ?? 0;
      this.agencies.delete(agencyUuid);
      const now = fresh.agencies.get(agencyUuid);
      if (now) {
        this.rows += now.rows.size;
        this.agencies.set(agencyUuid, now);
        this.place(now, insertSorted);
      }
    }
  }

  /** The reported values of a figure over the network, ascending (empty when none). */
  values(key: string, metric: number): readonly number[] {
    return this.network.get(key)?.[metric] ?? [];
  }

  /** The reported values of a figure in a size band, ascending. */
  bandValues(band: number, key: string, metric: number): readonly number[] {
    return this.bands.get(band)?.get(key)?.[metric] ?? [];
  }

  /** Every `dimension:key` and figure (its index in `BENCHMARK_METRICS`) with at least one reported value. */
  keys(): { key: string; metric: number }[] {
    return [...this.network].flatMap(([key, lists]) =>
      lists.flatMap((list, metric) => (list.length > 0 ? [{ key, metric }] : [])),
    );
  }
}

/**
 * The network's figures for the input, kept per network, request and data version (decision 078);
 * `onRead` is called for each read over the facts (the warm-up counts them).
 */
export function readNetworkFigures(
  db: Db,
  input: BenchmarkStatementInput,
  onRead: () => void = () => {},
): Promise<NetworkFigures> {
  const request = { ...input, carriers: input.carriers && [...input.carriers].sort() };
  return cachedByAgency(db, input.networkUuid, 'network-figures', request, async (agencyUuids) => {
    onRead();
    const state = await readRunningTotalsState(db, input.networkUuid);
    // A network without facts has no running totals, and no figures.
    if (state === null) return new NetworkFigures();
    const statement = networkFiguresQuery(input, state, agencyUuids);
    const found = await executeRead<NetworkFigureSqlRow>(db, statement, agencyUuids === null);
    return new NetworkFigures(found.rows);
  });
}
