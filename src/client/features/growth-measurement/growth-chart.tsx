import { Box, Group, Text } from '@mantine/core';
import { ChartPanel } from '#client/components/chart-panel.tsx';
import { formatMoney } from '#client/components/figures.tsx';
import type { ChartPoint } from './growth-model.ts';

const ACTUAL_COLOUR = '#124f93';
/** At least 3:1 against white, as graphics need. */
const GOAL_COLOUR = '#b35900';
const GRID_COLOUR = '#ced4da';
const TEXT_COLOUR = '#343a40';

const WIDTH = 760;
const HEIGHT = 280;
const LEFT = 90;
const RIGHT = 16;
const TOP = 12;
const BOTTOM = 32;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function Swatch({ colour, label, dashed }: { colour: string; label: string; dashed?: boolean }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Box
        w={18}
        h={0}
        style={{ borderTop: `3px ${dashed ? 'dashed' : 'solid'} ${colour}` }}
        aria-hidden="true"
      />
      <Text size="sm">{label}</Text>
    </Group>
  );
}

/**
 * Cumulative actual written premium against the monthly goal line (spec part 2 §9: month index x
 * the annual goal / 12). The description lists every point for screen readers.
 */
export function GrowthChart({ points, title }: { points: ChartPoint[]; title: string }) {
  const max = Math.max(1, ...points.map((p) => Math.max(p.goal, p.actual ?? 0)));
  const plotWidth = WIDTH - LEFT - RIGHT;
  const plotHeight = HEIGHT - TOP - BOTTOM;
  const x = (month: number) => LEFT + ((month - 1) / 11) * plotWidth;
  const y = (value: number) => TOP + plotHeight - (Math.max(0, value) / max) * plotHeight;
  const goalPath = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${x(p.month)},${y(p.goal)}`).join(' ');
  const actual = points.filter((p) => p.actual !== null);
  const actualPath = actual.map((p, i) => `${i === 0 ? 'M' : 'L'}${x(p.month)},${y(p.actual!)}`).join(' ');
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((f) => f * max);

  return (
    <ChartPanel
      title={title}
      legend={
        <>
          <Swatch colour={ACTUAL_COLOUR} label="Actual written premium (cumulative)" />
          <Swatch colour={GOAL_COLOUR} label="Goal" dashed />
        </>
      }
      width={WIDTH}
      height={HEIGHT}
      description={points
        .map(
          (p) =>
            `${MONTHS[p.month - 1]}: goal ${formatMoney(p.goal)}` +
            (p.actual === null ? '' : `, actual ${formatMoney(p.actual)}`),
        )
        .join('; ')}
    >
      {ticks.map((tick) => (
        <g key={tick}>
          <line x1={LEFT} x2={WIDTH - RIGHT} y1={y(tick)} y2={y(tick)} stroke={GRID_COLOUR} />
          <text x={LEFT - 8} y={y(tick) + 4} textAnchor="end" fontSize={12} fill={TEXT_COLOUR}>
            {formatMoney(tick)}
          </text>
        </g>
      ))}
      {points.map((p) => (
        <text
          key={p.month}
          x={x(p.month)}
          y={HEIGHT - 10}
          textAnchor="middle"
          fontSize={12}
          fill={TEXT_COLOUR}
        >
          {MONTHS[p.month - 1]}
        </text>
      ))}
      <path d={goalPath} fill="none" stroke={GOAL_COLOUR} strokeWidth={2.5} strokeDasharray="6 4" />
      {actual.length > 0 && <path d={actualPath} fill="none" stroke={ACTUAL_COLOUR} strokeWidth={3} />}
      {actual.map((p) => (
        <circle key={p.month} cx={x(p.month)} cy={y(p.actual!)} r={4} fill={ACTUAL_COLOUR} />
      ))}
    </ChartPanel>
  );
}
