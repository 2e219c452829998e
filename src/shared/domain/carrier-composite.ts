/**
 * Carrier composite filters (spec part 1 §3): which carriers a report counts. One definition, read by
 * the client (the query it sends), the server (the SQL predicate) and the read model (which rollup
 * answers).
 *
 * - All: standard, MGA, crop, flood, surety and workers comp all true.
 * - Carrier: the same with MGA false.
 * - Wholesaler: only MGA true.
 *
 * A carrier passes when it is a wholesaler (MGA) and wholesalers are included, or it is not and one of
 * its kinds is included. A carrier with no kind at all passes no composite.
 */
export const CARRIER_COMPOSITES = ['all', 'carriers', 'wholesalers'] as const;
export type CarrierComposite = (typeof CARRIER_COMPOSITES)[number];

/** The carrier kinds, as the query flags name them. */
export const CARRIER_KINDS = [
  'isMga',
  'isStandard',
  'isCrop',
  'isFlood',
  'isSurety',
  'isWorkersComp',
] as const;
export type CarrierKind = (typeof CARRIER_KINDS)[number];
export type CarrierKinds = Record<CarrierKind, boolean>;

/** A carrier's kinds as bits, its `carrier_class` in the rollups: 1 MGA, 2 standard, 4 crop, ... 32 workers comp. */
export const CARRIER_KIND_BITS: Record<CarrierKind, number> = {
  isMga: 1,
  isStandard: 2,
  isCrop: 4,
  isFlood: 8,
  isSurety: 16,
  isWorkersComp: 32,
};

/** The kinds a composite includes. */
export function compositeKinds(composite: CarrierComposite): CarrierKinds {
  const others = composite !== 'wholesalers';
  return {
    isMga: composite !== 'carriers',
    isStandard: others,
    isCrop: others,
    isFlood: others,
    isSurety: others,
    isWorkersComp: others,
  };
}

/** A set of kinds as bits (a carrier's class, or the kinds a filter includes). */
export function kindBits(kinds: Partial<CarrierKinds>): number {
  return CARRIER_KINDS.reduce((bits, kind) => (kinds[kind] ? bits | CARRIER_KIND_BITS[kind] : bits), 0);
}

/**
 * The inputs of the composite predicate: whether wholesalers pass, and the bits of the other kinds
 * that let a non-wholesaler pass.
 */
export type CompositeFilter = { wholesalers: boolean; kindBits: number };

export function compositeFilter(kinds: CarrierKinds): CompositeFilter {
  return { wholesalers: kinds.isMga, kindBits: kindBits({ ...kinds, isMga: false }) };
}

/** Whether a carrier of this class (its kind bits) passes the filter. */
export function passesComposite(carrierClass: number, filter: CompositeFilter): boolean {
  const isWholesaler = (carrierClass & CARRIER_KIND_BITS.isMga) !== 0;
  return isWholesaler ? filter.wholesalers : (carrierClass & filter.kindBits) !== 0;
}

/** The composite users see first (All): every kind included. */
export function isDefaultComposite(kinds: CarrierKinds): boolean {
  return CARRIER_KINDS.every((kind) => kinds[kind]);
}

/** The composite that includes exactly these kinds, or null for a combination the product never offers. */
export function compositeOf(kinds: CarrierKinds): CarrierComposite | null {
  return (
    CARRIER_COMPOSITES.find((composite) =>
      CARRIER_KINDS.every((kind) => compositeKinds(composite)[kind] === kinds[kind]),
    ) ?? null
  );
}
