import { useId, useRef, type ReactNode } from 'react';
import { Button, Group, Paper, Table, Text, Title } from '@mantine/core';
import { formatMoney, formatPercent, NotReported } from '#client/components/figures.tsx';
import { saveFile } from '#client/lib/save-file.ts';
import { chartPng } from './chart-image.ts';
import { FigureKeysContext, type FigureKeys } from './svg-charts.tsx';
import { chartCsv, chartFileName, type ChartColumn, type ChartTable } from './performance-charts-model.ts';

function Cell({ column, value }: { column: ChartColumn; value: string | number | null }) {
  if (value === null) return <NotReported />;
  if (typeof value === 'string') return <>{value}</>;
  return <>{column.kind === 'percent' ? formatPercent(value) : formatMoney(value)}</>;
}

/**
 * One chart of the page: its heading, the chart as a focusable figure named by the heading and
 * summarised in words, its data as a table behind 'Show table', and downloads of both (PNG, CSV).
 * While the figure has the focus, the arrow keys move the chart's tooltip from value to value.
 */
export function ChartCard({
  title,
  summary,
  table,
  period,
  children,
}: {
  title: string;
  /** The chart in a sentence, for screen readers. */
  summary: string;
  table: ChartTable;
  /** The period's text, for the file names. */
  period: string;
  children: ReactNode;
}) {
  const titleId = useId();
  const summaryId = useId();
  const figure = useRef<HTMLElement>(null);
  const keys = useRef<FigureKeys>(null);
  const empty = table.rows.length === 0;

  const downloadPng = async () => {
    if (!figure.current) return;
    try {
      saveFile(await chartPng(figure.current), chartFileName(title, period, 'png'));
    } catch (error) {
      console.error('The chart image could not be made.', error);
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
      {empty ? (
        <Text size="sm">No data found</Text>
      ) : (
        <>
          <figure
            ref={figure}
            tabIndex={0}
            aria-labelledby={titleId}
            aria-describedby={summaryId}
            style={{ margin: 0 }}
            onKeyDown={(event) => keys.current?.onKey(event)}
            onBlur={() => keys.current?.onBlur()}
          >
            <FigureKeysContext value={keys}>{children}</FigureKeysContext>
            <figcaption
              id={summaryId}
              style={{
                position: 'absolute',
                width: 1,
                height: 1,
                overflow: 'hidden',
                clip: 'rect(0, 0, 0, 0)',
              }}
            >
              {summary}
            </figcaption>
          </figure>
          <details>
            <summary style={{ cursor: 'pointer', marginTop: 8 }}>Show table</summary>
            <Table.ScrollContainer minWidth={400} type="native">
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
