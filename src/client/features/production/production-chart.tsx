import { Box, Group, Text } from '@mantine/core';
import { ChartPanel } from '#client/components/chart-panel.tsx';
import { formatMoney } from '#client/components/figures.tsx';
import type { ChartBar } from './production-model.ts';

const CURRENT_COLOUR = '#124f93';
/** At least 3:1 against white, as graphics need. */
const PRIOR_COLOUR = '#868e96';
const TEXT_COLOUR = '#343a40';

const WIDTH = 760;
const LABEL_WIDTH = 190;
const VALUE_WIDTH = 110;
const BAR_HEIGHT = 14;
const ROW_HEIGHT = 44;

function Swatch({ colour, label }: { colour: string; label: string }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Box w={12} h={12} bg={colour} style={{ borderRadius: 2 }} aria-hidden="true" />
      <Text size="sm">{label}</Text>
    </Group>
  );
}

/**
 * The summary chart: written premium of the period and of the prior period for each line (the broad
 * lines for the total, else the line's standard types), summed over the rows of the table.
 */
export function ProductionChart({ bars, title }: { bars: ChartBar[]; title: string }) {
  const max = Math.max(1, ...bars.map((b) => Math.max(Math.abs(b.current), Math.abs(b.prior))));
  const barArea = WIDTH - LABEL_WIDTH - VALUE_WIDTH - 16;
  const length = (value: number) => Math.max(value > 0 ? 1 : 0, (Math.max(0, value) / max) * barArea);
  const height = Math.max(1, bars.length) * ROW_HEIGHT + 8;

  return (
    <ChartPanel
      title={title}
      legend={
        <>
          <Swatch colour={CURRENT_COLOUR} label="Written premium" />
          <Swatch colour={PRIOR_COLOUR} label="Prior written premium" />
        </>
      }
      width={WIDTH}
      height={height}
      description={bars
        .map(
          (b) => `${b.label}: ${formatMoney(b.current)} written, ${formatMoney(b.prior)} in the prior period`,
        )
        .join('; ')}
      placeholder={bars.length === 0 ? <Text size="sm">No data found</Text> : undefined}
    >
      {bars.map((bar, i) => {
        const y = i * ROW_HEIGHT + 4;
        return (
          <g key={bar.code}>
            <text x={0} y={y + BAR_HEIGHT + 4} fontSize={13} fill={TEXT_COLOUR}>
              {bar.label.length > 26 ? `${bar.label.slice(0, 25)}…` : bar.label}
            </text>
            <rect
              x={LABEL_WIDTH}
              y={y}
              width={length(bar.current)}
              height={BAR_HEIGHT}
              fill={CURRENT_COLOUR}
            />
            <text x={WIDTH - VALUE_WIDTH} y={y + BAR_HEIGHT - 2} fontSize={12} fill={TEXT_COLOUR}>
              {formatMoney(bar.current)}
            </text>
            <rect
              x={LABEL_WIDTH}
              y={y + BAR_HEIGHT + 4}
              width={length(bar.prior)}
              height={BAR_HEIGHT}
              fill={PRIOR_COLOUR}
            />
            <text x={WIDTH - VALUE_WIDTH} y={y + 2 * BAR_HEIGHT + 2} fontSize={12} fill={TEXT_COLOUR}>
              {formatMoney(bar.prior)}
            </text>
          </g>
        );
      })}
    </ChartPanel>
  );
}
