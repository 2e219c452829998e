import type { CSSProperties } from 'react';
import { formatMoney, formatPercent } from '#shared/domain/number-format.ts';

export { formatMoney, formatPercent };

/** Shown for a value that was not reported, which is not the same as $0. */
export const NOT_REPORTED = '—';

/** Loss ratios above this percentage show as negative (spec part 2 §5). */
export const LOSS_RATIO_NEGATIVE_ABOVE = 55;
/** Loss ratios below this percentage show as positive. */
export const LOSS_RATIO_POSITIVE_BELOW = 45;

/** Text colours with at least 4.5:1 contrast on white and on light table backgrounds. */
const NEGATIVE_COLOUR = '#b02525';
const POSITIVE_COLOUR = '#237032';

const visuallyHidden: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  border: 0,
};

/** 'negative' above 55 %, 'positive' below 45 %, otherwise neutral. */
export function lossRatioTone(value: number): 'negative' | 'positive' | 'neutral' {
  if (value > LOSS_RATIO_NEGATIVE_ABOVE) return 'negative';
  if (value < LOSS_RATIO_POSITIVE_BELOW) return 'positive';
  return 'neutral';
}

/** The not-reported mark: a dash on screen, words for screen readers. */
export function NotReported() {
  return (
    <>
      <span aria-hidden="true">{NOT_REPORTED}</span>
      <span style={visuallyHidden}>Not reported</span>
    </>
  );
}

/** A figure is never broken across lines. */
const figure: CSSProperties = { whiteSpace: 'nowrap' };

/** Dollars without cents, or the not-reported mark for null. */
export function Money({ value }: { value: number | null }) {
  return value === null ? <NotReported /> : <span style={figure}>{formatMoney(value)}</span>;
}

/** A percentage, or the not-reported mark for null. */
export function Percent({ value }: { value: number | null }) {
  return value === null ? <NotReported /> : <span style={figure}>{formatPercent(value)}</span>;
}

/** A loss ratio in percent, coloured negative above 55 and positive below 45 unless `plain`. */
export function LossRatio({ value, plain = false }: { value: number | null; plain?: boolean }) {
  if (value === null) return <NotReported />;
  const tone = plain ? 'neutral' : lossRatioTone(value);
  const color = tone === 'negative' ? NEGATIVE_COLOUR : tone === 'positive' ? POSITIVE_COLOUR : undefined;
  return (
    <span style={color ? { ...figure, color, fontWeight: 600 } : figure} data-tone={tone}>
      {formatPercent(value)}
    </span>
  );
}
