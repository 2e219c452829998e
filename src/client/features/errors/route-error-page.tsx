import { Component, type ReactNode } from 'react';
import { Anchor, Code, Stack, Text, Title } from '@mantine/core';
import { useLocation, type Location } from 'react-router';
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

/** The reason phrases of the statuses the API answers (RFC 9110), for 'the status and text'. */
const STATUS_TEXT: Readonly<Record<number, string>> = {
  0: 'No response',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  409: 'Conflict',
  410: 'Gone',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** '404 Not Found' (spec part 1 §2: the route error page shows the status and text). */
export function statusLine(status: number): string {
  const text = STATUS_TEXT[status];
  return text ? `${status} ${text}` : String(status);
}

/** What the route error page says about an error thrown while loading or drawing a route. */
export function describeRouteError(error: unknown): RouteErrorDescription {
  if (error instanceof ApiError) {
    return {
      status: statusLine(error.status),
      message: error.message,
      referenceId: error.referenceId ?? null,
    };
  }
  if (error instanceof Error) return { status: null, message: error.message, referenceId: null };
  return { status: null, message: serialise(error), referenceId: null };
}

/**
 * The route error page (spec part 1 §2): 'Oops! Something went wrong.', what went wrong, the
 * reference id when the server gave one, and a full reload back to the start.
 */
export function RouteErrorPage({ error, standalone = false }: { error: unknown; standalone?: boolean }) {
  const { status, message, referenceId } = describeRouteError(error);
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

type BoundaryProps = { location: Location; standalone: boolean; children: ReactNode };
type BoundaryState = { failed: boolean; error: unknown; location: Location };

/**
 * Catches what the routes below throw while drawing (a page whose code failed to load, a query with
 * `throwOnError`) and shows the route error page in their place, until the next navigation.
 */
class Boundary extends Component<BoundaryProps, BoundaryState> {
  constructor(props: BoundaryProps) {
    super(props);
    this.state = { failed: false, error: undefined, location: props.location };
  }

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { failed: true, error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    // Another location leaves the error behind: the routes there are drawn afresh.
    if (props.location === state.location) return null;
    return { failed: false, error: undefined, location: props.location };
  }

  override render() {
    if (this.state.failed) {
      return <RouteErrorPage error={this.state.error} standalone={this.props.standalone} />;
    }
    return this.props.children;
  }
}

/** The route error page for anything the routes inside throw, until the user goes elsewhere. */
export function RouteErrorBoundary({
  standalone = false,
  children,
}: {
  standalone?: boolean;
  children: ReactNode;
}) {
  return (
    <Boundary location={useLocation()} standalone={standalone}>
      {children}
    </Boundary>
  );
}
