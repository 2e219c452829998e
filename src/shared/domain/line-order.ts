/**
 * The order lines of business are shown in (spec part 1 §3 "Order in the entry area: PL, CL, BOND,
 * CROP, P&C"; part 2 "display order PL, CL, BOND, CROP, P&C"). The manual entry form offers its
 * options in another order (CL, PL, Bond, Crop: `MANUAL_LINE_CODES`); lists and badges use this one.
 */
export const LINE_DISPLAY_ORDER = ['PL', 'CL', 'BOND', 'CROP', 'P&C'] as const;

/** Sorts line codes into display order; codes it does not know go last, in their own order. */
export function compareLineCodes(a: string, b: string): number {
  const rank = (code: string) => {
    const index = (LINE_DISPLAY_ORDER as readonly string[]).indexOf(code);
    return index === -1 ? LINE_DISPLAY_ORDER.length : index;
  };
  return rank(a) - rank(b);
}

/** The given codes in display order. */
export function inLineDisplayOrder<T extends string>(codes: readonly T[]): T[] {
  return [...codes].sort(compareLineCodes);
}
