import type { ReactNode } from 'react';
import { Box, Center, Loader, Paper, Text, Title } from '@mantine/core';

/** Spec part 1 §2 "Live report embed": the report container's widths. */
export const REPORT_MAX_WIDTH = 1600;
export const REPORT_MIN_WIDTH = 900;
/** Spec part 1 §2: "The second provider's frame has a minimum width of 1400px." */
export const SIGMA_MIN_WIDTH = 1400;
/** A frame's height until its dashboard says how tall it is: 16:9 of the widest report. */
export const DEFAULT_FRAME_HEIGHT = 900;

export const EMBED_ERROR_TITLE = 'Oops! Something went wrong.';

/**
 * Spec part 1 §8: "Embed report error: panel 'Oops! Something went wrong.' with the server or client
 * message in red"; the second provider's failure shows the same panel without a message.
 */
export function EmbedErrorPanel({ message = null }: { message?: string | null }) {
  return (
    <Paper withBorder p="xl" role="alert" maw={REPORT_MAX_WIDTH}>
      <Title order={2} size="h3">
        {EMBED_ERROR_TITLE}
      </Title>
      {message ? (
        <Text mt="sm" c="red.9">
          {message}
        </Text>
      ) : null}
    </Paper>
  );
}

/** The loading state: a spinner that says what is loading to assistive technology. */
export function EmbedLoader({ label }: { label: string }) {
  return (
    <Center h={240} aria-busy="true">
      <Loader role="status" aria-label={label} />
    </Center>
  );
}

/**
 * Spec part 1 §2: the report container is at most 1600px wide and at least 900px; below that the
 * page scrolls sideways rather than squeezing the dashboard. `minWidth` raises the floor (Sigma).
 * The scrolling region takes the keyboard focus, so it scrolls without a mouse too.
 */
export function EmbedContainer({
  label,
  minWidth = REPORT_MIN_WIDTH,
  children,
}: {
  /** The report's label: the region's accessible name. */
  label: string;
  minWidth?: number;
  children: ReactNode;
}) {
  return (
    <Box
      component="section"
      aria-label={label}
      tabIndex={0}
      style={{ overflowX: 'auto' }}
      data-testid="report-scroller"
    >
      <Box
        pos="relative"
        style={{ maxWidth: REPORT_MAX_WIDTH, minWidth: Math.min(minWidth, REPORT_MAX_WIDTH) }}
        data-testid="report-container"
      >
        {children}
      </Box>
    </Box>
  );
}

/** Covers a frame still loading with the loader, so the user never sees a half-drawn dashboard. */
export function LoadingCover({ label }: { label: string }) {
  return (
    <Center pos="absolute" inset={0} bg="var(--mantine-color-body)" style={{ zIndex: 1 }} aria-busy="true">
      <Loader role="status" aria-label={label} />
    </Center>
  );
}
