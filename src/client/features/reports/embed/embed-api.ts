import { queryOptions } from '@tanstack/react-query';
import {
  embedConfigSchema,
  reportResponseSchema,
  sigmaEmbedResponseSchema,
  type EmbedConfig,
  type SigmaEmbedResponse,
} from '#shared/contracts/reports.ts';
import { embedRefreshDelay } from '#shared/domain/reports.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { timerDelay } from './embed-messages.ts';

/** GET /api/reports/{key}?levelUuid: the report and the dashboard assigned to it at the level. */
export const liveReportQuery = (key: string, levelUuid: string) =>
  queryOptions({
    queryKey: ['reports', 'report', key, levelUuid],
    queryFn: ({ signal }) =>
      apiRequest(
        `/api/reports/${encodeURIComponent(key)}?${new URLSearchParams({ levelUuid })}`,
        reportResponseSchema,
        { signal },
      ),
  });

/**
 * Spec part 1 §4 "The live report embed config is refetched when its expiration time is reached":
 * the next fetch is due at the expiration less the shared margin (`embedRefreshDelay`); each answer
 * schedules the next. Also while the tab is hidden, so a report left open keeps a valid token.
 */
function refreshAtExpiration(query: { state: { data?: { expiration: string } } }): number | false {
  const expiration = query.state.data?.expiration;
  return expiration === undefined ? false : timerDelay(embedRefreshDelay(expiration, Date.now()));
}

/** A short-lived embed answer is never reused by a later visit: each mount asks for a fresh one. */
const expiring = {
  gcTime: 0,
  refetchInterval: refreshAtExpiration,
  refetchIntervalInBackground: true,
} as const;

/** GET /api/reports/{assignmentId}/config?live=true&levelUuid: a config to show the dashboard now. */
export const embedConfigQuery = (assignmentId: string, levelUuid: string) =>
  queryOptions<EmbedConfig>({
    queryKey: ['reports', 'embed-config', assignmentId, levelUuid],
    queryFn: ({ signal }) =>
      apiRequest(
        `/api/reports/${encodeURIComponent(assignmentId)}/config?${new URLSearchParams({ live: 'true', levelUuid })}`,
        embedConfigSchema,
        { signal },
      ),
    ...expiring,
  });

/**
 * POST /api/sigma/embed: a signed Sigma URL for the workbook. `attempt` is part of the key so a
 * retry after an error message asks for a new URL rather than reusing the one that failed.
 */
export const sigmaEmbedQuery = (workbookId: string, levelUuid: string, attempt: number) =>
  queryOptions<SigmaEmbedResponse>({
    queryKey: ['reports', 'sigma-embed', workbookId, levelUuid, attempt],
    queryFn: ({ signal }) =>
      apiRequest('/api/sigma/embed', sigmaEmbedResponseSchema, {
        method: 'POST',
        body: { workbookId, levelUuid },
        signal,
      }),
    ...expiring,
  });
