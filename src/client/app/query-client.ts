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
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        // The user query's first 401 belongs to the frame, which sends the visitor to sign-in.
        if (query.meta?.handlesFirstSignedOut === true && query.state.data === undefined) return;
        reportApiFailure(error);
      },
    }),
    mutationCache: new MutationCache({ onError: (error) => reportApiFailure(error) }),
    defaultOptions: {
      queries: { refetchOnWindowFocus: false, retry: retries ? retry : false },
      mutations: { retry: false },
    },
  });
}

/** The browser's one query client (route loaders may use it to prefetch). */
export const queryClient = createQueryClient();
