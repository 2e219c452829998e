import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import type { Level } from '#server/policies/scope.ts';
import { rebuildNetwork } from '#server/services/read-model/refresh.ts';

/**
 * Helpers of the exactness tests: amounts as integer cents (BigInt), the carriers' kinds, and the
 * carrier composite filter computed again in plain JavaScript, independently of the SQL under test.
 */

/** Exact decimal text ('1234.05', '-0.50') as integer cents; null stays null (not reported). */
export const decimalCents = (v: string | null) =>
  v === null ? null : BigInt(v.replace('.', '').replace(/^(-?)0+(?=\d)/, '$1'));

/** `to_char` pattern that renders a numeric with exactly two decimals. */
export const TWO_DECIMALS = 'FM9999999999999990.00';

export type ReferenceCarrier = {
  uuid: string;
  name: string;
  isMga: boolean;
  isCoreCarrier: boolean;
  kinds: Record<string, boolean>;
};

export const KIND_FLAGS = ['isStandard', 'isCrop', 'isFlood', 'isSurety', 'isWorkersComp'] as const;

export type KindFlags = Record<(typeof KIND_FLAGS)[number] | 'isMga', boolean>;

/** Every carrier with its kinds, by uuid. */
export async function loadCarriers(db: Db): Promise<Map<string, ReferenceCarrier>> {
  const rows = await db.execute<Record<string, string | boolean>>(sql`select * from carriers`);
  return new Map(
    rows.rows.map((c) => [
      c.uuid as string,
      {
        uuid: c.uuid as string,
        name: c.display_name as string,
        isMga: c.is_mga as boolean,
        isCoreCarrier: c.is_core_carrier as boolean,
        kinds: {
          isStandard: c.is_standard as boolean,
          isCrop: c.is_crop as boolean,
          isFlood: c.is_flood as boolean,
          isSurety: c.is_surety as boolean,
          isWorkersComp: c.is_workers_comp as boolean,
        },
      },
    ]),
  );
}

/** The composite filter (spec part 1 §3): a wholesaler passes with isMga, another with one of its kinds. */
export function passes(carrier: ReferenceCarrier, flags: KindFlags): boolean {
  if (carrier.isMga) return flags.isMga;
  return KIND_FLAGS.some((k) => flags[k] && carrier.kinds[k]);
}

const ALL: KindFlags = {
  isStandard: true,
  isMga: true,
  isCrop: true,
  isFlood: true,
  isSurety: true,
  isWorkersComp: true,
};

/** Every kind included: the composite users see first. */
export const ALL_KINDS: KindFlags = ALL;

/** The flags of a named composite, or the flags given. */
export function flagsOf(composite: 'all' | 'carriers' | 'wholesalers' | KindFlags): KindFlags {
  if (composite === 'all') return ALL;
  if (composite === 'carriers') return { ...ALL, isMga: false };
  if (composite === 'wholesalers') {
    return {
      isStandard: false,
      isMga: true,
      isCrop: false,
      isFlood: false,
      isSurety: false,
      isWorkersComp: false,
    };
  }
  return composite;
}

/** A composite as users pick it (All, Carriers, Wholesalers) or any combination of the query flags. */
export const compositeArbitrary = () =>
  fc.oneof(
    fc.constantFrom('all' as const, 'carriers' as const, 'wholesalers' as const),
    fc.record({
      isStandard: fc.boolean(),
      isMga: fc.boolean(),
      isCrop: fc.boolean(),
      isFlood: fc.boolean(),
      isSurety: fc.boolean(),
      isWorkersComp: fc.boolean(),
    }),
  );

/** Rebuilds the read model of every network, so the reports read what the facts now say. */
export async function rebuildAllNetworks(db: Db): Promise<void> {
  const networks = await db.execute<{ uuid: string }>(sql`select uuid from networks`);
  for (const n of networks.rows) await rebuildNetwork(db, n.uuid);
}

/** The standard types (lowest lines) that occur under each broad line, in the order the facts give them. */
export function standardTypesByLine(facts: { broad: string; type: string | null }[]): Map<string, string[]> {
  const typesByLine = new Map<string, string[]>();
  for (const f of facts) {
    if (!f.type) continue;
    const list = typesByLine.get(f.broad) ?? [];
    if (!list.includes(f.type)) list.push(f.type);
    typesByLine.set(f.broad, list);
  }
  return typesByLine;
}

/** The distinct standard types a random pick of indices chooses among the candidates. */
export function pickTypes(candidates: string[], typePick: number[]): string[] {
  return [
    ...new Set(typePick.map((i) => candidates[i % Math.max(candidates.length, 1)]).filter(Boolean)),
  ] as string[];
}

/** A negative index picks the network, any other one of its agencies. */
export function levelOf(levelIndex: number, agencies: string[], networkUuid: string): Level {
  return levelIndex < 0
    ? { kind: 'network', networkUuid }
    : { kind: 'agency', agencyUuid: agencies[levelIndex % agencies.length]!, networkUuid };
}

/** The carrier composite flags as query string values. */
export const flagsQuery = (flags: KindFlags): Record<string, string> =>
  Object.fromEntries(Object.entries(flags).map(([k, v]) => [k, String(v)]));
