/**
 * Incomplete carrier data (spec part 1 §2 and §4, part 2 §5): a row is incomplete when its carrier
 * data misses months in the current or the prior period. Its figures show greyed with one tooltip;
 * 'Hide incomplete data' removes carrier rows only (an agency row stays, greyed, since one lagging
 * carrier would otherwise hide every agency that writes with it). One definition for every report.
 */

export const INCOMPLETE_CARRIER_TOOLTIP = 'Carrier data is incomplete for the selected timeframe.';

/** True when the data misses months in the current or the prior period. */
export function isIncomplete(figures: {
  haveMissingCurrentData: boolean;
  haveMissingPriorData: boolean;
}): boolean {
  return figures.haveMissingCurrentData || figures.haveMissingPriorData;
}

/** The rows a table keeps: with the toggle on, incomplete rows go when the table lists carriers. */
export function withoutIncomplete<R extends { incomplete: boolean }>(
  rows: R[],
  hide: boolean,
  lists: 'carriers' | 'agencies' | 'agencyCodes',
): R[] {
  return hide && lists === 'carriers' ? rows.filter((row) => !row.incomplete) : rows;
}
