import { describe, expect, it } from 'vitest';
import { firstInOrder } from './agreements.ts';

type Row = { atRisk: number; name: string; id: number };
const order = (a: Row, b: Row) => b.atRisk - a.atRisk || a.name.localeCompare(b.name) || a.id - b.id;

/** A deterministic list with many ties on the first keys. */
function rows(count: number, seed: number): Row[] {
  let state = seed;
  const next = () => (state = (state * 1_103_515_245 + 12_345) % 2_147_483_648);
  return Array.from({ length: count }, (_, id) => ({
    atRisk: next() % 5 === 0 ? (next() % 7) * 10 : 0,
    name: `Agency ${next() % 13}`,
    id,
  }));
}

describe('firstInOrder', () => {
  it('is the start of the whole list sorted, for any count, ties included', () => {
    for (const seed of [1, 7, 42]) {
      const list = rows(400, seed);
      const sorted = [...list].sort(order);
      for (const count of [0, 1, 3, 25, 99, 100, 101, 399, 400, 500]) {
        expect(firstInOrder([...list], count, order)).toEqual(sorted.slice(0, count));
      }
    }
  });
});
