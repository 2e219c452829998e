import type { ReactNode } from 'react';
import { Text } from '@mantine/core';
import { Table } from '#client/components/table.tsx';
import { INCOMPLETE_CARRIER_TOOLTIP } from '#shared/domain/incomplete-data.ts';
import { Hint } from '#client/components/hint.tsx';

/** Greyed text readable on white and on light table backgrounds (4.5:1). */
export const GREYED = '#6b6b6b';

/**
 * A figure whose carrier data is incomplete (spec part 2 §5): greyed, with the tooltip 'Carrier data
 * is incomplete for the selected timeframe.' on hover and keyboard focus; a percent shows as '%'
 * unless `keepPercent` (Carrier Production keeps its changes, decision 055).
 */
export function IncompleteFigure({
  percent = false,
  keepPercent = false,
  children,
}: {
  percent?: boolean;
  keepPercent?: boolean;
  children: ReactNode;
}) {
  return (
    <Hint label={INCOMPLETE_CARRIER_TOOLTIP}>
      <Text span inherit c={GREYED} tabIndex={0} data-incomplete="true" style={{ cursor: 'help' }}>
        {percent && !keepPercent ? '%' : children}
      </Text>
    </Hint>
  );
}

/** A report table's figure cell, right-aligned; an incomplete figure is drawn by IncompleteFigure. */
export function FigureCell({
  incomplete,
  percent,
  keepPercent,
  children,
}: {
  incomplete: boolean;
  percent?: boolean;
  keepPercent?: boolean;
  children: ReactNode;
}) {
  return (
    <Table.Td ta="right">
      {incomplete ? (
        <IncompleteFigure percent={percent} keepPercent={keepPercent}>
          {children}
        </IncompleteFigure>
      ) : (
        children
      )}
    </Table.Td>
  );
}
