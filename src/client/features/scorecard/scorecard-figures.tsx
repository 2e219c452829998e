import { Text } from '@mantine/core';
import { Hint } from '#client/components/hint.tsx';
import { Money, Percent } from '#client/components/figures.tsx';
import { INCOMPLETE_CARRIER_TOOLTIP } from '#shared/domain/scorecard.ts';

/** Greyed text readable on white (4.5:1). */
const GREYED = '#6b6b6b';

/**
 * An amount of the scorecard; greyed with the tooltip 'Carrier data is incomplete for the selected
 * timeframe.' when the carrier's data is incomplete (spec part 2 §5).
 */
export function ScorecardMoney({ value, incomplete }: { value: number | null; incomplete: boolean }) {
  if (!incomplete) return <Money value={value} />;
  return (
    <Hint label={INCOMPLETE_CARRIER_TOOLTIP}>
      <Text span inherit c={GREYED} tabIndex={0} data-incomplete="true" style={{ cursor: 'help' }}>
        <Money value={value} />
      </Text>
    </Hint>
  );
}

/** A percent of the scorecard; '%' alone, greyed, when the carrier's data is incomplete (spec part 2 §5). */
export function ScorecardPercent({ value, incomplete }: { value: number | null; incomplete: boolean }) {
  if (!incomplete) return <Percent value={value} />;
  return (
    <Text span inherit c={GREYED} data-incomplete="true">
      %
    </Text>
  );
}
