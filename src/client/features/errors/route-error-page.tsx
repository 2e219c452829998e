import { Anchor, Code, Stack, Text, Title } from '@mantine/core';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { errorResponseSchema } from '#shared/contracts/errors.ts';
import { ApiError } from '#client/lib/api-client.ts';
import { StandalonePage } from '#client/components/standalone-page.tsx';

export type RouteErrorDescription = {
  /** Status and status text, when the error carries an HTTP status. */
  status: string | null;
  /** The error's message, or the serialised error. */
  message: string | null;
  referenceId: string | null;
};

function serialise(error: unknown): string {
  try {
    return JSON.stringify(error) ?? String(error);
  } catch {
    return String(error);
  }
}

/** What the route error page says about an error thrown while loading or drawing a route. */
export function describeRouteError(error: unknown): RouteErrorDescription {
  if (isRouteErrorResponse(error)) {
    const body = errorResponseSchema.safeParse(error.data);
    return {
      status: `${error.status} ${error.statusText}`.trim(),
      message: body.success ? body.data.error.message : typeof error.data === 'string' ? error.data : null,
      referenceId: body.success ? body.data.referenceId : null,
    };
  }
  if (error instanceof ApiError) {
    return { status: String(error.status), message: error.message, referenceId: error.referenceId ?? null };
  }
  if (error instanceof Error) return { status: null, message: error.message, referenceId: null };
  return { status: null, message: serialise(error), referenceId: null };
}

/**
 * The route error page (spec part 1 §2): 'Oops! Something went wrong.', what went wrong, the
 * reference id when the server gave one, and a full reload back to the start.
 */
export function RouteErrorPage({ standalone = false }: { standalone?: boolean }) {
  const { status, message, referenceId } = describeRouteError(useRouteError());
  const content = (
    <Stack maw={640} gap="sm">
      <Title order={1}>Oops! Something went wrong.</Title>
      {status && <Text fw={600}>{status}</Text>}
      {message && <Text>{message}</Text>}
      {referenceId && (
        <Text>
          Reference ID: <Code data-testid="reference-id">{referenceId}</Code>
        </Text>
      )}
      <Anchor href="/">Return to Understanding</Anchor>
    </Stack>
  );
  return standalone ? <StandalonePage>{content}</StandalonePage> : content;
}
