import type { BenchmarkFigure } from '#shared/contracts/benchmarks.ts';
import { BENCHMARK_METRIC_LABELS } from '#shared/domain/benchmarks.ts';
import { formatPercent } from '#shared/domain/number-format.ts';
import { chartScale, figureSummary } from './benchmarks-model.ts';

const WIDTH = 320;
const HEIGHT = 46;
const PAD = 12;

/**
 * A figure against the network: the box from the first to the third quartile, the median as a line,
 * and the agency's value as a marker (none when not reported). The sentence of `figureSummary` is
 * its accessible name, so a screen reader hears what the eye sees.
 */
export function BoxChart({ figure }: { figure: BenchmarkFigure }) {
  const [low, high] = chartScale(figure);
  const x = (v: number) => PAD + ((v - low) / (high - low)) * (WIDTH - 2 * PAD);
  const summary = figureSummary(figure);
  return (
    <figure style={{ margin: 0 }}>
      <figcaption style={{ fontSize: 13, fontWeight: 600 }}>
        {BENCHMARK_METRIC_LABELS[figure.metric]}
        {figure.value !== null && <span style={{ fontWeight: 400 }}>: {formatPercent(figure.value)}</span>}
      </figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        width="100%"
        style={{ maxWidth: WIDTH, display: 'block' }}
        role="img"
        aria-label={summary}
      >
        <title>{summary}</title>
        <line x1={PAD} x2={WIDTH - PAD} y1={20} y2={20} stroke="var(--mantine-color-gray-4)" />
        <rect
          x={x(figure.q1)}
          y={10}
          width={Math.max(x(figure.q3) - x(figure.q1), 1)}
          height={20}
          fill="var(--mantine-color-blue-1)"
          stroke="var(--mantine-color-blue-7)"
        />
        <line
          x1={x(figure.median)}
          x2={x(figure.median)}
          y1={8}
          y2={32}
          stroke="var(--mantine-color-blue-9)"
          strokeWidth={2}
        />
        {figure.value !== null && (
          <path
            d={`M ${x(figure.value)} 20 l 7 -9 h -14 z`}
            transform={`translate(0 -2)`}
            fill="var(--mantine-color-orange-7)"
            stroke="var(--mantine-color-dark-7)"
          />
        )}
        <text x={x(figure.q1)} y={44} fontSize={10} textAnchor="middle" fill="var(--mantine-color-dark-6)">
          {formatPercent(figure.q1)}
        </text>
        <text x={x(figure.q3)} y={44} fontSize={10} textAnchor="middle" fill="var(--mantine-color-dark-6)">
          {formatPercent(figure.q3)}
        </text>
      </svg>
    </figure>
  );
}
