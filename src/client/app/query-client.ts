import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from '#client/lib/api-client.ts';
import { reportApiFailure } from '#client/lib/session-alerts.ts';

/** Retries transient failures twice; an answer the server meant (4xx) is final. */
function retry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status < 500) return false;
  return failureCount < 2;
}

/**
 * The query client of the app: no refetch on window focus (spec part 1 §7), and every failed query
 * or mutation reported once to the session handling (401 -> session expired or revoked).
 */
export function createQueryClient({ retries = true }: { retries?: boolean } = {}): QueryClient {
  const onFailure = (error: unknown) => {
    reportApiFailure(error);
    // The agency's subscription lapsed while the user was in: the user is read again, and the
    // identification gate then sends them to /no-subscription (the server refuses the data already).
    if (error instanceof ApiError && error.status === 402) {
      void client.invalidateQueries({ queryKey: ['user'], exact: true });
    }
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        // The user query's first 401 belongs to the frame, which sends the visitor to sign-in.
        if (query.meta?.handlesFirstSignedOut === true && query.state.data === undefined) return;
        onFailure(error);
      },
    }),
    mutationCache: new MutationCache({ onError: onFailure }),
    defaultOptions: {
      queries: { refetchOnWindowFocus: false, retry: retries ? retry : false },
      mutations: { retry: false },
    },
  });
  return client;
}

/** The browser's one query client (route loaders may use it to prefetch). */
export const queryClient = createQueryClient();
