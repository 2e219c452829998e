import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  CARRIER_COMPOSITES,
  CARRIER_KINDS,
  compositeFilter,
  compositeKinds,
  compositeOf,
  isDefaultComposite,
  kindBits,
  passesComposite,
  type CarrierKinds,
} from './carrier-composite.ts';

const kindsArbitrary = fc.record(
  Object.fromEntries(CARRIER_KINDS.map((kind) => [kind, fc.boolean()])) as Record<
    keyof CarrierKinds,
    fc.Arbitrary<boolean>
  >,
);

describe('carrier composites (spec part 1 §3)', () => {
  it('All has every kind, Carrier all but MGA, Wholesaler only MGA', () => {
    expect(Object.values(compositeKinds('all')).every(Boolean)).toBe(true);
    expect(compositeKinds('carriers')).toEqual({
      isMga: false,
      isStandard: true,
      isCrop: true,
      isFlood: true,
      isSurety: true,
      isWorkersComp: true,
    });
    expect(compositeKinds('wholesalers')).toEqual({
      isMga: true,
      isStandard: false,
      isCrop: false,
      isFlood: false,
      isSurety: false,
      isWorkersComp: false,
    });
  });

  it('only All is the default composite, and each composite reads back from its kinds', () => {
    expect(CARRIER_COMPOSITES.filter((c) => isDefaultComposite(compositeKinds(c)))).toEqual(['all']);
    for (const composite of CARRIER_COMPOSITES)
      expect(compositeOf(compositeKinds(composite))).toBe(composite);
    expect(compositeOf({ ...compositeKinds('all'), isCrop: false })).toBeNull();
  });

  it('a wholesaler passes when wholesalers are included, another carrier when one of its kinds is', () => {
    fc.assert(
      fc.property(kindsArbitrary, kindsArbitrary, (carrier, filter) => {
        const expected = carrier.isMga
          ? filter.isMga
          : CARRIER_KINDS.some((kind) => kind !== 'isMga' && carrier[kind] && filter[kind]);
        expect(passesComposite(kindBits(carrier), compositeFilter(filter))).toBe(expected);
      }),
    );
  });

  it('a carrier with no kind passes no composite', () => {
    for (const composite of CARRIER_COMPOSITES) {
      expect(passesComposite(0, compositeFilter(compositeKinds(composite)))).toBe(false);
    }
  });
});
