import { useEffect, useState } from 'react';
import { Group, Loader, Text } from '@mantine/core';

/** How long a wait goes unexplained: a kept answer comes well within it. */
export const SLOW_AFTER_MS = 1500;

/**
 * The loader of a network-wide answer (benchmarks, early warnings): every member agency's figures for
 * the period, kept once computed, so the first look at a period no one has opened yet can take
 * seconds at a large network. After a moment it says so, rather than spin without a word.
 */
export function ComputingLoader({ label, period }: { label: string; period: string }) {
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setSlow(true), SLOW_AFTER_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <Group gap="sm" role="status" aria-label={label} wrap="nowrap">
      <Loader size="sm" aria-hidden="true" />
      {slow && (
        <Text size="sm">
          Working out every member agency&apos;s figures for {period}. The first look at a period can take
          several seconds at a large network; the next ones come at once.
        </Text>
      )}
    </Group>
  );
}
