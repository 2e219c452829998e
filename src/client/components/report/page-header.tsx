import type { ReactNode } from 'react';
import { Group, Text, Title } from '@mantine/core';

/**
 * A report page's head: its title (the page's one h1) over a line saying what it shows, with the
 * page's controls (timeframe, year, downloads) to the right, aligned on the bottom line.
 */
export function PageHeader({
  title,
  description,
  above,
  children,
}: {
  title: string;
  description: ReactNode;
  /** Above the title: a link back to the page this one belongs to. */
  above?: ReactNode;
  /** The page's controls. */
  children?: ReactNode;
}) {
  return (
    <Group justify="space-between" align="flex-end">
      <div>
        {above}
        <Title order={1} size="h2">
          {title}
        </Title>
        <Text c="dimmed" size="sm">
          {description}
        </Text>
      </div>
      {children}
    </Group>
  );
}
