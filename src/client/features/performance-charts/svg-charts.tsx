/**
 * Performance Charts' charts, drawn as plain SVG: bars (by column or by row), lines and a donut, with
 * their axes, legend and tooltip. A chart is a picture inside ChartCard's figure, which names it,
 * describes it in words and offers its table; the SVG itself is hidden from assistive technology.
 * The tooltip follows the pointer, and the arrow keys move it while the figure has the focus (its
 * text is also announced, as a polite live region).
 */
import {
  createContext,
  useContext,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { NOT_REPORTED } from '#client/components/figures.tsx';
import type { ChartRow } from './performance-charts-model.ts';

/** One measure of a chart: the row's key it reads, its name and its colour. */
export type ChartSeries = { key: string; label: string; color: string };
export type DonutSlice = { name: string; value: number; color: string };

/** What the figure around a chart hands its chart: its key presses and the loss of its focus. */
export type FigureKeys = { onKey: (event: KeyboardEvent) => void; onBlur: () => void };
export const FigureKeysContext = createContext<RefObject<FigureKeys | null> | null>(null);

/** The class of every chart's SVG (the PNG download looks for it). */
export const CHART_SURFACE = 'chart-surface';
const AXIS_TEXT = '#495057';
const GRID = '#dee2e6';
const BAND = 'rgba(134, 142, 150, 0.15)';
const FONT_SIZE = 12;
/** About how wide a character of the axes' text is, to leave labels out rather than overlap them. */
const CHAR_WIDTH = 7;

/** Moves `active` among `count` items with the arrow keys, Home and End; Escape hides the tooltip. */
function useFigureKeys(count: number, setActive: (update: (active: number | null) => number | null) => void) {
  const keysRef = useContext(FigureKeysContext);
  useEffect(() => {
    if (!keysRef) return;
    const onKey = (event: KeyboardEvent) => {
      const move: Record<string, (active: number | null) => number | null> = {
        ArrowRight: (a) => (a === null ? 0 : Math.min(count - 1, a + 1)),
        ArrowDown: (a) => (a === null ? 0 : Math.min(count - 1, a + 1)),
        ArrowLeft: (a) => (a === null ? count - 1 : Math.max(0, a - 1)),
        ArrowUp: (a) => (a === null ? count - 1 : Math.max(0, a - 1)),
        Home: () => 0,
        End: () => count - 1,
        Escape: () => null,
      };
      const update = move[event.key];
      if (!update || count === 0) return;
      event.preventDefault();
      setActive(update);
    };
    keysRef.current = { onKey, onBlur: () => setActive(() => null) };
    return () => {
      keysRef.current = null;
    };
  }, [keysRef, count, setActive]);
}

/** The width the chart has on the page, followed as it changes. */
function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.clientWidth);
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry!.contentRect.width)));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

/** Round steps from `min` to `max` (both included in the range), about `count` of them. */
export function niceTicks(min: number, max: number, count: number): number[] {
  let low = Math.min(0, min);
  let high = Math.max(0, max);
  if (low === high) high = 1;
  const raw = (high - low) / Math.max(1, count);
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= raw)!;
  low = Math.floor(low / step) * step;
  high = Math.ceil(high / step) * step;
  const ticks: number[] = [];
  for (let i = 0; low + i * step <= high + step / 2; i++)
    ticks.push(Number((low + i * step).toPrecision(12)));
  return ticks;
}

/** A label cut to `chars` characters, with an ellipsis. */
const cut = (text: string, chars: number) =>
  text.length <= chars ? text : `${text.slice(0, Math.max(1, chars - 1))}…`;

const swatch = (color: string): CSSProperties => ({
  display: 'inline-block',
  width: 10,
  height: 10,
  borderRadius: 2,
  background: color,
  marginRight: 6,
  flex: 'none',
});

function Legend({ items }: { items: { label: string; color: string }[] }) {
  return (
    <ul
      style={{
        display: 'flex',
        flexWrap: 'wrap',
        justifyContent: 'center',
        gap: '4px 16px',
        listStyle: 'none',
        margin: '8px 0 0',
        padding: 0,
        fontSize: 13,
      }}
    >
      {items.map((item) => (
        <li key={item.label} style={{ display: 'flex', alignItems: 'center' }}>
          <span style={swatch(item.color)} />
          {item.label}
        </li>
      ))}
    </ul>
  );
}

/** The tooltip's box, at `left` px in the chart; always there, so that its text is announced. */
function Tooltip({ left, top, children }: { left: number; top: number; children: ReactNode }) {
  const shown = children !== null;
  return (
    <div
      aria-live="polite"
      style={
        shown
          ? {
              position: 'absolute',
              left,
              top,
              transform: 'translateX(-50%)',
              pointerEvents: 'none',
              background: 'var(--mantine-color-body, #fff)',
              color: 'var(--mantine-color-text, #000)',
              border: `1px solid ${GRID}`,
              borderRadius: 4,
              boxShadow: '0 2px 6px rgba(0, 0, 0, 0.15)',
              padding: '6px 8px',
              fontSize: 13,
              whiteSpace: 'nowrap',
              zIndex: 1,
            }
          : { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0, 0, 0, 0)' }
      }
    >
      {children}
    </div>
  );
}

function TooltipLines({
  title,
  lines,
}: {
  title: string;
  lines: { label: string; color: string; text: string }[];
}) {
  return (
    <>
      <div style={{ fontWeight: 600, marginBottom: 4 }}>{title}</div>
      {lines.map((line) => (
        <div key={line.label} style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
          <span style={swatch(line.color)} />
          <span style={{ flex: 1 }}>{line.label}</span>
          <span>{line.text}</span>
        </div>
      ))}
    </>
  );
}

/**
 * Categories along one axis and the series' values along the other: bars standing on the months
 * (`columns`), bars lying along rows of carriers or agencies (`rows`), or one line a series
 * (`line`, a gap where a figure is not reported).
 */
export function CategoryChart({
  kind,
  rows,
  categoryKey,
  series,
  format,
  height,
  axisWidth,
  withLegend = false,
}: {
  kind: 'columns' | 'rows' | 'line';
  rows: ChartRow[];
  categoryKey: string;
  series: ChartSeries[];
  format: (value: number) => string;
  height: number;
  /** The room for the value axis's labels (columns, line) or the categories' names (rows). */
  axisWidth: number;
  withLegend?: boolean;
}) {
  const [ref, width] = useWidth();
  const [active, setActive] = useState<number | null>(null);
  useFigureKeys(rows.length, setActive);

  const value = (row: ChartRow, key: string) => {
    const v = row[key];
    return typeof v === 'number' ? v : null;
  };
  const values = rows.flatMap((row) => series.map((s) => value(row, s.key))).filter((v) => v !== null);
  const byRow = kind === 'rows';
  const left = axisWidth;
  // Along rows, the last value label is centred on the right edge: room for half of it (the largest
  // round value is at most twice the largest value).
  const edge = byRow ? (format(Math.max(1, ...values) * 2).length * CHAR_WIDTH) / 2 + 4 : 12;
  const right = Math.max(left + 1, width - edge);
  const top = 8;
  const bottom = height - 24;
  const ticks = niceTicks(
    Math.min(...values),
    Math.max(...values),
    byRow ? Math.max(2, Math.floor((right - left) / 110)) : 5,
  );
  const low = ticks[0]!;
  const high = ticks.at(-1)!;
  const along = byRow ? [left, right] : [bottom, top];
  /** A value's position along the value axis. */
  const at = (v: number) => along[0]! + ((v - low) / (high - low)) * (along[1]! - along[0]!);
  const band = (byRow ? bottom - top : right - left) / Math.max(1, rows.length);
  /** The start of category `i`'s band along the category axis. */
  const bandStart = (i: number) => (byRow ? top : left) + i * band;
  const zero = at(0);
  // Along columns, one category name in `every` (a month is 8 characters, 'Jan 2026'), none overlapping.
  const every = byRow ? 1 : Math.max(1, Math.ceil((12 * CHAR_WIDTH) / Math.max(1, band)));

  const pick = (event: PointerEvent<SVGSVGElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const offset = byRow ? event.clientY - box.top - top : event.clientX - box.left - left;
    const i = Math.floor(offset / band);
    setActive(i >= 0 && i < rows.length ? i : null);
  };

  const barSize = (band * 0.7) / series.length;
  const bars = rows.flatMap((row, i) =>
    series.map((s, j) => {
      const v = value(row, s.key);
      if (v === null) return null;
      const offset = bandStart(i) + band * 0.15 + j * barSize;
      const [from, to] = [Math.min(zero, at(v)), Math.max(zero, at(v))];
      const size = Math.max(v === 0 ? 0 : 1, to - from);
      return byRow ? (
        <rect key={`${i}-${s.key}`} x={from} y={offset} width={size} height={barSize} fill={s.color} />
      ) : (
        <rect key={`${i}-${s.key}`} x={offset} y={from} width={barSize} height={size} fill={s.color} />
      );
    }),
  );

  const center = (i: number) => bandStart(i) + band / 2;
  const lines = series.map((s) => {
    const segments: string[] = [];
    let open = false;
    rows.forEach((row, i) => {
      const v = value(row, s.key);
      if (v === null) {
        open = false;
        return;
      }
      segments.push(`${open ? 'L' : 'M'}${center(i).toFixed(1)},${at(v).toFixed(1)}`);
      open = true;
    });
    return (
      <g key={s.key}>
        <path d={segments.join('')} fill="none" stroke={s.color} strokeWidth={2} />
        {rows.map((row, i) => {
          const v = value(row, s.key);
          return v === null ? null : (
            <circle key={i} cx={center(i)} cy={at(v)} r={active === i ? 5 : 3} fill={s.color} />
          );
        })}
      </g>
    );
  });

  const activeRow = active === null ? undefined : rows[active];
  return (
    <div>
      <div ref={ref} style={{ position: 'relative', height }}>
        {width > 0 && (
          <svg
            className={CHART_SURFACE}
            width={width}
            height={height}
            aria-hidden="true"
            fontSize={FONT_SIZE}
            onPointerMove={pick}
            onPointerLeave={() => setActive(null)}
          >
            {active !== null &&
              (byRow ? (
                <rect x={left} y={bandStart(active)} width={right - left} height={band} fill={BAND} />
              ) : (
                <rect x={bandStart(active)} y={top} width={band} height={bottom - top} fill={BAND} />
              ))}
            {ticks.map((tick) => (
              <g key={tick}>
                {byRow ? (
                  <>
                    <line
                      x1={at(tick)}
                      x2={at(tick)}
                      y1={top}
                      y2={bottom}
                      stroke={GRID}
                      strokeDasharray="4 4"
                    />
                    <text x={at(tick)} y={bottom + 16} textAnchor="middle" fill={AXIS_TEXT}>
                      {format(tick)}
                    </text>
                  </>
                ) : (
                  <>
                    <line
                      x1={left}
                      x2={right}
                      y1={at(tick)}
                      y2={at(tick)}
                      stroke={GRID}
                      strokeDasharray="4 4"
                    />
                    <text x={left - 8} y={at(tick)} dy="0.32em" textAnchor="end" fill={AXIS_TEXT}>
                      {format(tick)}
                    </text>
                  </>
                )}
              </g>
            ))}
            {rows.map((row, i) =>
              i % every === 0 ? (
                byRow ? (
                  <text key={i} x={left - 8} y={center(i)} dy="0.32em" textAnchor="end" fill={AXIS_TEXT}>
                    {cut(String(row[categoryKey]), Math.floor((axisWidth - 12) / CHAR_WIDTH))}
                  </text>
                ) : (
                  <text key={i} x={center(i)} y={bottom + 16} textAnchor="middle" fill={AXIS_TEXT}>
                    {String(row[categoryKey])}
                  </text>
                )
              ) : null,
            )}
            {kind === 'line' ? lines : bars}
            {byRow ? (
              <line x1={zero} x2={zero} y1={top} y2={bottom} stroke={AXIS_TEXT} />
            ) : (
              <line x1={left} x2={right} y1={zero} y2={zero} stroke={AXIS_TEXT} />
            )}
          </svg>
        )}
        <Tooltip
          left={
            active === null
              ? 0
              : Math.min(Math.max(byRow ? (left + right) / 2 : center(active), 90), width - 90)
          }
          top={active === null ? 0 : byRow ? Math.min(bandStart(active) + band + 4, height - 40) : top}
        >
          {activeRow ? (
            <TooltipLines
              title={String(activeRow[categoryKey])}
              lines={series.map((s) => {
                const v = value(activeRow, s.key);
                return { label: s.label, color: s.color, text: v === null ? NOT_REPORTED : format(v) };
              })}
            />
          ) : null}
        </Tooltip>
      </div>
      {withLegend && <Legend items={series} />}
    </div>
  );
}

/** A point on a circle of radius `r` around (cx, cy), `angle` radians clockwise from the top. */
const polar = (cx: number, cy: number, r: number, angle: number) =>
  [cx + r * Math.sin(angle), cy - r * Math.cos(angle)] as const;

/** The ring between `inner` and `outer` from angle `a0` to `a1`. */
function arc(cx: number, cy: number, inner: number, outer: number, a0: number, a1: number): string {
  const end = Math.min(a1, a0 + 2 * Math.PI - 1e-4);
  const large = end - a0 > Math.PI ? 1 : 0;
  const [x0, y0] = polar(cx, cy, outer, a0);
  const [x1, y1] = polar(cx, cy, outer, end);
  const [x2, y2] = polar(cx, cy, inner, end);
  const [x3, y3] = polar(cx, cy, inner, a0);
  return `M${x0},${y0}A${outer},${outer} 0 ${large} 1 ${x1},${y1}L${x2},${y2}A${inner},${inner} 0 ${large} 0 ${x3},${y3}Z`;
}

/** Shares of a whole as a ring, each slice labelled with its percentage, and a legend. */
export function DonutChart({
  slices,
  format,
  height,
  size,
  thickness,
}: {
  slices: DonutSlice[];
  format: (value: number) => string;
  height: number;
  size: number;
  thickness: number;
}) {
  const [ref, width] = useWidth();
  const [active, setActive] = useState<number | null>(null);
  useFigureKeys(slices.length, setActive);
  const total = slices.reduce((sum, slice) => sum + slice.value, 0);
  const cx = width / 2;
  const cy = height / 2;
  const outer = Math.min(size / 2, height / 2 - 24);
  const inner = Math.max(0, outer - thickness);
  const share = (value: number) => `${total > 0 ? Math.round((value / total) * 100) : 0}%`;

  /** Where each slice ends, in radians clockwise from the top. */
  const ends = slices.reduce<number[]>(
    (list, slice) => [...list, (list.at(-1) ?? 0) + (total > 0 ? (slice.value / total) * 2 * Math.PI : 0)],
    [],
  );
  const drawn = slices.map((slice, i) => {
    const a0 = ends[i - 1] ?? 0;
    const angle = ends[i]!;
    const middle = (a0 + angle) / 2;
    const [lx0, ly0] = polar(cx, cy, outer + 2, middle);
    const [lx1, ly1] = polar(cx, cy, outer + 14, middle);
    const [tx, ty] = polar(cx, cy, outer + 18, middle);
    return (
      <g key={slice.name} opacity={active === null || active === i ? 1 : 0.6}>
        <path
          d={arc(cx, cy, inner, outer, a0, angle)}
          fill={slice.color}
          stroke="#fff"
          strokeWidth={1}
          onPointerEnter={() => setActive(i)}
        />
        <line x1={lx0} y1={ly0} x2={lx1} y2={ly1} stroke={slice.color} />
        <text x={tx} y={ty} dy="0.32em" textAnchor={Math.sin(middle) >= 0 ? 'start' : 'end'} fill={AXIS_TEXT}>
          {share(slice.value)}
        </text>
      </g>
    );
  });

  const activeSlice = active === null ? undefined : slices[active];
  return (
    <div>
      <div ref={ref} style={{ position: 'relative', height }}>
        {width > 0 && (
          <svg
            className={CHART_SURFACE}
            width={width}
            height={height}
            aria-hidden="true"
            fontSize={FONT_SIZE}
            onPointerLeave={() => setActive(null)}
          >
            {drawn}
          </svg>
        )}
        <Tooltip left={cx} top={Math.max(0, cy - 24)}>
          {activeSlice ? (
            <TooltipLines
              title={activeSlice.name}
              lines={[
                {
                  label: share(activeSlice.value),
                  color: activeSlice.color,
                  text: format(activeSlice.value),
                },
              ]}
            />
          ) : null}
        </Tooltip>
      </div>
      <Legend items={slices.map((slice) => ({ label: slice.name, color: slice.color }))} />
    </div>
  );
}
