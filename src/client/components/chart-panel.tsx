import { useId, type ReactNode } from 'react';
import { Group, Paper, Title } from '@mantine/core';

/**
 * A report chart as its own section: a heading with the legend beside it, then the SVG, which takes
 * the heading as its name and `description` (every value in words) for screen readers. `placeholder`,
 * when given, stands instead of the SVG (no data).
 */
export function ChartPanel({
  title,
  legend,
  width,
  height,
  description,
  placeholder,
  children,
}: {
  title: string;
  legend: ReactNode;
  width: number;
  height: number;
  description: string;
  placeholder?: ReactNode;
  children: ReactNode;
}) {
  const titleId = useId();
  const descId = useId();
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={titleId}>
      <Group justify="space-between" align="flex-start" mb="sm">
        <Title order={2} size="h4" id={titleId}>
          {title}
        </Title>
        <Group gap="md">{legend}</Group>
      </Group>
      {placeholder ?? (
        <svg
          viewBox={`0 0 ${width} ${height}`}
          width="100%"
          style={{ maxWidth: width, display: 'block' }}
          role="img"
          aria-labelledby={titleId}
          aria-describedby={descId}
        >
          <desc id={descId}>{description}</desc>
          {children}
        </svg>
      )}
    </Paper>
  );
}
