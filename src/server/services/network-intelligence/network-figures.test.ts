import { describe, expect, it } from 'vitest';
import type { NetworkFigureSqlRow } from './benchmarks-sql.ts';
import { NetworkFigures } from './network-figures.ts';

/** Rows of `count` agencies with figures drawn from `seed`: some not reported, some tied, bands 0-2. */
function rows(count: number, seed: number): NetworkFigureSqlRow[] {
  let state = seed;
  const next = () => (state = (state * 48_271) % 2_147_483_647) / 2_147_483_647;
  const value = () => (next() < 0.2 ? null : String(Math.round(next() * 40) / 4 - 2));
  return Array.from({ length: count }, (_, a) => {
    const band = Math.floor(next() * 3);
    return (['total', 'line', 'carrier'] as const).flatMap((dimension) =>
      next() < 0.3 && dimension !== 'total'
        ? []
        : [
            {
              agency_uuid: `agency-${a}`,
              dimension,
              key: dimension === 'total' ? 'total' : dimension === 'line' ? 'PL' : 'carrier-1',
              band,
              written_premium: value(),
              prior_written_premium: value(),
              growth: value(),
              new_business_share: value(),
              loss_ratio: value(),
              prior_loss_ratio: value(),
              commission_rate: value(),
            },
          ],
    );
  }).flat();
}

/** Every non-empty list of the figures, named `band|dimension:key|metric` (band '-' for the network's). */
function lists(figures: NetworkFigures): [string, number[]][] {
  const named = (band: string, byKey: Map<string, number[][]>) =>
    [...byKey].flatMap(([key, all]) =>
      all.flatMap((list, metric) =>
        list.length > 0 ? [[`${band}|${key}|${metric}`, list] as [string, number[]]] : [],
      ),
    );
  return [
    ...named('-', figures.network),
    ...[...figures.bands].flatMap(([band, byKey]) => named(String(band), byKey)),
  ].sort(([a], [b]) => a.localeCompare(b));
}

const state = (figures: NetworkFigures) => ({
  agencies: [...figures.agencies].sort(([a], [b]) => a.localeCompare(b)),
  lists: lists(figures),
});

describe('NetworkFigures', () => {
  it('keeps every figure of the network and of each band in ascending order', () => {
    const figures = new NetworkFigures(rows(50, 7));
    expect(lists(figures).length).toBeGreaterThan(10);
    for (const [, list] of lists(figures)) expect(list).toEqual([...list].sort((a, b) => a - b));
    expect(figures.size()).toBe(50);
  });

  it("after replacing agencies' rows, equals the figures built from the new rows whole", () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const before = rows(40, seed);
      const after = rows(40, seed + 100);
      // Agencies 3 and 7 change (band, figures, rows), 11 loses every row, 40 is new.
      const changed = ['agency-3', 'agency-7', 'agency-11', 'agency-40'];
      const fresh = after.filter((r) => ['agency-3', 'agency-7'].includes(r.agency_uuid));
      const added = rows(41, seed + 200).filter((r) => r.agency_uuid === 'agency-40');
      const expected = [...before.filter((r) => !changed.includes(r.agency_uuid)), ...fresh, ...added];
      const kept = new NetworkFigures(before);
      kept.replace(changed, new NetworkFigures([...fresh, ...added]));
      expect(state(kept)).toEqual(state(new NetworkFigures(expected)));
      // Weighed as it now is, for the process's budget of kept answers.
      expect(kept.bytes()).toBe(new NetworkFigures(expected).bytes());
    }
  });
});
