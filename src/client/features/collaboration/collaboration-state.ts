/**
 * Collaboration mode on the client (spec part 2 §2 "Collaboration mode", §9): the server keeps the
 * mode per session and masks report data itself; the browser keeps a copy in session storage so the
 * header knows the mode at once, and re-reads GET /api/collaboration on load.
 */
import {
  partialMatchKey,
  queryOptions,
  useQuery,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import {
  collaborationModeSchema,
  collaborationResponseSchema,
  onboardedCarriersResponseSchema,
  type CollaborationModeDto,
} from '#shared/contracts/collaboration.ts';
import { isCollaborating, type ShareType } from '#shared/domain/collaboration.ts';
import { apiRequest, apiSend } from '#client/lib/api-client.ts';
import {
  accessRecordsQuery,
  clientConfigQuery,
  featureFlagsQuery,
  portalPermissionsQuery,
  productFeaturesQuery,
  subscriptionFeaturesQuery,
} from '#client/app/access.ts';
import { currentUserQuery } from '#client/app/current-user.ts';
import { levelsQuery } from '#client/app/level.ts';
import { whatsNewQuery } from '#client/app/whats-new-button.tsx';

/** The session-storage key of the browser's copy of the mode. */
export const COLLABORATION_STORAGE_KEY = 'understanding.collaboration';

const FIVE_MINUTES = 5 * 60 * 1000;
const TEN_MINUTES = 10 * 60 * 1000;

/** The stored mode, or null when there is none, it is not valid, or storage is unavailable. */
export function readStoredCollaboration(): CollaborationModeDto | null {
  try {
    const raw = sessionStorage.getItem(COLLABORATION_STORAGE_KEY);
    if (!raw) return null;
    const parsed = collaborationModeSchema.safeParse(JSON.parse(raw));
    return parsed.success && isCollaborating(parsed.data) ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Keeps the copy in session storage; no carriers (or null) clears it. */
export function storeCollaboration(mode: CollaborationModeDto | null): void {
  try {
    if (isCollaborating(mode)) sessionStorage.setItem(COLLABORATION_STORAGE_KEY, JSON.stringify(mode));
    else sessionStorage.removeItem(COLLABORATION_STORAGE_KEY);
  } catch {
    // Storage unavailable: the server's copy still decides, and is read again on the next load.
  }
}

/**
 * GET /api/collaboration, starting from the stored copy. The copy counts as stale, so the first use
 * re-reads the server's mode (which wins) and stores it again.
 */
export const collaborationQuery = queryOptions({
  queryKey: ['collaboration'],
  queryFn: async ({ signal }): Promise<CollaborationModeDto | null> => {
    const { collaboration } = await apiRequest('/api/collaboration', collaborationResponseSchema, {
      signal,
    });
    storeCollaboration(collaboration);
    return collaboration;
  },
  initialData: readStoredCollaboration,
  initialDataUpdatedAt: 0,
  staleTime: FIVE_MINUTES,
});

/** The session's collaboration mode, or null when there is none. */
export function useCollaboration(): CollaborationModeDto | null {
  return useQuery(collaborationQuery).data;
}

/** GET /api/carriers/onboarded: the carriers with data at the level (waits for the level). */
export function onboardedCarriersQuery(levelUuid: string | undefined) {
  return queryOptions({
    queryKey: ['collaboration', 'onboarded-carriers', levelUuid ?? null],
    queryFn: ({ signal }) =>
      apiRequest(
        `/api/carriers/onboarded?${new URLSearchParams({ levelUuid: levelUuid ?? '' }).toString()}`,
        onboardedCarriersResponseSchema,
        { signal },
      ),
    enabled: !!levelUuid,
    staleTime: TEN_MINUTES,
  });
}

/** PUT /api/collaboration: enters collaboration mode, or changes it; answers the mode as stored. */
export async function enterCollaboration(body: {
  carriersUuid: string[];
  shareType: ShareType;
}): Promise<CollaborationModeDto | null> {
  const response = await apiRequest('/api/collaboration', collaborationResponseSchema, {
    method: 'PUT',
    body,
  });
  return response.collaboration;
}

/** DELETE /api/collaboration */
export function exitCollaboration(): Promise<void> {
  return apiSend('/api/collaboration', { method: 'DELETE' });
}

/** Queries whose answers do not depend on collaboration mode: the user, access, levels, news, the mode. */
const unmaskedQueryKeys: readonly QueryKey[] = [
  currentUserQuery.queryKey,
  accessRecordsQuery.queryKey,
  productFeaturesQuery.queryKey,
  subscriptionFeaturesQuery.queryKey,
  featureFlagsQuery.queryKey,
  portalPermissionsQuery.queryKey,
  clientConfigQuery.queryKey,
  levelsQuery.queryKey,
  whatsNewQuery.queryKey,
  collaborationQuery.queryKey,
];

/**
 * Records a new mode (null after exiting) in the query cache and session storage, then refetches
 * the report data, which the server now masks differently.
 */
export function applyCollaboration(
  queryClient: QueryClient,
  mode: CollaborationModeDto | null,
): Promise<void> {
  storeCollaboration(mode);
  queryClient.setQueryData(collaborationQuery.queryKey, isCollaborating(mode) ? mode : null);
  return queryClient.invalidateQueries({
    predicate: (query) => !unmaskedQueryKeys.some((key) => partialMatchKey(query.queryKey, key)),
  });
}
