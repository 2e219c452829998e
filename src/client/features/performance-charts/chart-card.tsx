import { lazy, Suspense, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Button, Group, Paper, Text, Title } from '@mantine/core';
import { Table } from '#client/components/table.tsx';
import { formatMoney, formatPercent, NotReported } from '#client/components/figures.tsx';
import { saveFile } from '#client/components/report/save-file.ts';
import { chartPng } from './chart-image.ts';
import { itemCount, itemLines, moved } from './chart-keys.ts';
import type * as ChartsDrawing from './charts-drawing.tsx';
import type { Drawing } from './charts-drawing.tsx';
import { chartCsv, chartFileName, type ChartColumn, type ChartTable } from './performance-charts-model.ts';

let drawingModule: Promise<typeof ChartsDrawing> | undefined;
/**
 * The charting library and the drawings, one lazy chunk: the page asks for it right after its first
 * render, so that it comes while the data does (again after a failed download).
 */
export function loadChartsDrawing() {
  drawingModule ??= import('./charts-drawing.tsx').catch((error: unknown) => {
    drawingModule = undefined;
    throw error;
  });
  return drawingModule;
}
const ChartDrawing = lazy(async () => ({ default: (await loadChartsDrawing()).ChartDrawing }));

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
} as const;

function Cell({ column, value }: { column: ChartColumn; value: string | number | null }) {
  if (value === null) return <NotReported />;
  if (typeof value === 'string') return <>{value}</>;
  return <>{column.kind === 'percent' ? formatPercent(value) : formatMoney(value)}</>;
}

/**
 * One chart of the page: its heading, the chart as a focusable figure named by the heading and
 * summarised in words, its data as a table behind 'Show table', and downloads of both (PNG, CSV).
 * All of it renders without the charting library; the drawing comes with it, into a box of its
 * height. While the figure has the focus, the arrow keys (Home, End) move the chart's tooltip from
 * item to item, Escape or leaving the figure hides it, and its text is a polite live region.
 */
export function ChartCard({
  title,
  summary,
  table,
  period,
  drawing,
}: {
  title: string;
  /** The chart in a sentence, for screen readers. */
  summary: string;
  table: ChartTable;
  /** The period's text, for the file names. */
  period: string;
  drawing: Drawing;
}) {
  const titleId = useId();
  const summaryId = useId();
  const figure = useRef<HTMLElement>(null);
  const [active, setActive] = useState<number | null>(null);
  // The library keeps the pointer's last item, and then no longer shows the keyboard's: a key
  // pressed after the pointer was over the chart draws the chart afresh (`drawn` is its key).
  const pointed = useRef(false);
  const [drawn, setDrawn] = useState(0);
  const empty = table.rows.length === 0;
  const count = itemCount(drawing);
  const item = active === null ? null : itemLines(drawing, active);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.target !== event.currentTarget || count === 0) return;
    const next = moved(event.key, active, count);
    if (next === undefined) return;
    event.preventDefault();
    if (pointed.current && next !== null) {
      pointed.current = false;
      setDrawn((n) => n + 1);
    }
    setActive(next);
  };

  const [pngFailed, setPngFailed] = useState(false);
  const downloadPng = async () => {
    if (!figure.current) return;
    setPngFailed(false);
    try {
      saveFile(await chartPng(figure.current), chartFileName(title, period, 'png'));
    } catch {
      // No drawing yet (the charting library still loading), or the browser refused the canvas.
      setPngFailed(true);
    }
  };
  const downloadCsv = () =>
    saveFile(
      new Blob([chartCsv(table)], { type: 'text/csv;charset=utf-8' }),
      chartFileName(title, period, 'csv'),
    );

  return (
    <Paper withBorder p="md" component="section" aria-labelledby={titleId}>
      <Group justify="space-between" align="flex-start" mb="sm" wrap="nowrap">
        <Title order={2} size="h4" id={titleId}>
          {title}
        </Title>
        <Group gap="xs" wrap="nowrap">
          <Button
            size="compact-sm"
            variant="default"
            disabled={empty}
            onClick={() => void downloadPng()}
            aria-label={`Download ${title} as PNG`}
          >
            PNG
          </Button>
          <Button
            size="compact-sm"
            variant="default"
            disabled={empty}
            onClick={downloadCsv}
            aria-label={`Download ${title} as CSV`}
          >
            CSV
          </Button>
        </Group>
      </Group>
      {pngFailed && (
        <Text size="sm" c="red.8" role="alert" mb="xs">
          The chart image could not be made. Try again, or download the table as CSV.
        </Text>
      )}
      {empty ? (
        <Text size="sm">No data found</Text>
      ) : (
        <>
          <figure
            ref={figure}
            tabIndex={0}
            aria-labelledby={titleId}
            aria-describedby={summaryId}
            style={{ margin: 0, position: 'relative' }}
            onKeyDown={onKeyDown}
            onBlur={() => setActive(null)}
            onPointerMove={() => {
              pointed.current = true;
              if (active !== null) setActive(null);
            }}
          >
            {/* The drawing's box keeps its height before the library arrives: the page does not jump. */}
            <div aria-hidden="true" style={{ height: drawing.height }}>
              <Suspense fallback={null}>
                <ChartDrawing key={drawn} drawing={drawing} active={active} />
              </Suspense>
            </div>
            <div aria-live="polite" style={visuallyHidden}>
              {item && (
                <>
                  <div>{item.title}</div>
                  {item.lines.map((line) => (
                    <div key={line}>{line}</div>
                  ))}
                </>
              )}
            </div>
            <figcaption id={summaryId} style={visuallyHidden}>
              {summary}
            </figcaption>
          </figure>
          <details>
            <summary style={{ cursor: 'pointer', marginTop: 8 }}>Show table</summary>
            <Table.ScrollContainer minWidth={400}>
              <Table striped withTableBorder mt="xs" aria-labelledby={titleId}>
                <Table.Thead>
                  <Table.Tr>
                    {table.columns.map((column) => (
                      <Table.Th
                        key={column.key}
                        scope="col"
                        style={{ textAlign: column.kind === 'text' ? 'left' : 'right' }}
                      >
                        {column.label}
                      </Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {table.rows.map((row, i) => (
                    <Table.Tr key={i}>
                      {table.columns.map((column) => (
                        <Table.Td
                          key={column.key}
                          style={{ textAlign: column.kind === 'text' ? 'left' : 'right' }}
                        >
                          <Cell column={column} value={row[column.key] ?? null} />
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </details>
        </>
      )}
    </Paper>
  );
}
