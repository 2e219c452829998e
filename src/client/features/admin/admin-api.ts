import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  adminFeatureFlagsResponseSchema,
  adminUsersResponseSchema,
  revokeSessionsResponseSchema,
  type setFlagTargetSchema,
} from '#shared/contracts/admin.ts';
import type { AccessRecord } from '#shared/contracts/access.ts';
import { carrierRequestListResponseSchema } from '#shared/contracts/carrier-request.ts';
import { mailOutboxResponseSchema } from '#shared/contracts/mail.ts';
import { adminAssignmentsResponseSchema, type AssignmentInput } from '#shared/contracts/reports.ts';
import type { UserType } from '#shared/contracts/user.ts';
import { apiRequest, apiSend } from '#client/lib/api-client.ts';

export type FlagTarget = z.infer<typeof setFlagTargetSchema>;
export type TargetType = FlagTarget['targetType'];

export const targetTypeLabels: Record<TargetType, string> = {
  user: 'User',
  network: 'Network',
  agency: 'Agency',
};

export const userTypeLabels: Record<UserType, string> = {
  internal: 'Internal staff',
  network: 'Network',
  agency: 'Agency',
};

/** GET /api/admin/feature-flags: every flag with its default and targets. */
export const featureFlagsQuery = queryOptions({
  queryKey: ['admin', 'feature-flags'],
  queryFn: ({ signal }) =>
    apiRequest('/api/admin/feature-flags', adminFeatureFlagsResponseSchema, { signal }),
});

/** GET /api/admin/users?search=: users by name, e-mail or exact UUID; the last list stays while typing. */
export function adminUsersQuery(search: string) {
  return queryOptions({
    queryKey: ['admin', 'users', search],
    queryFn: ({ signal }) =>
      apiRequest(`/api/admin/users?search=${encodeURIComponent(search)}`, adminUsersResponseSchema, {
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

const flagPath = (key: string) => `/api/admin/feature-flags/${encodeURIComponent(key)}`;
const userPath = (userUuid: string) => `/api/admin/users/${encodeURIComponent(userUuid)}`;

/** PUT /api/admin/feature-flags/:key: the flag's default for everyone without a target. */
export function setFlagDefault({ key, enabled }: { key: string; enabled: boolean }): Promise<void> {
  return apiSend(flagPath(key), { method: 'PUT', body: { enabled } });
}

/** PUT /api/admin/feature-flags/:key/targets: sets one target's value; `enabled: null` removes it. */
export function setFlagTarget({ key, target }: { key: string; target: FlagTarget }): Promise<void> {
  return apiSend(`${flagPath(key)}/targets`, { method: 'PUT', body: target });
}

/** PUT /api/admin/users/:userUuid/access: replaces all of the user's access records. */
export function replaceUserAccess(userUuid: string, accessRecords: AccessRecord[]): Promise<void> {
  return apiSend(`${userPath(userUuid)}/access`, { method: 'PUT', body: { accessRecords } });
}

/** POST /api/admin/users/:userUuid/revoke-sessions: signs the user out everywhere. */
export async function revokeSessions(userUuid: string): Promise<number> {
  const { revoked } = await apiRequest(
    `${userPath(userUuid)}/revoke-sessions`,
    revokeSessionsResponseSchema,
    {
      method: 'POST',
    },
  );
  return revoked;
}

/** GET /api/carrier-requests: the latest new carrier requests, newest first. */
export const carrierRequestsQuery = queryOptions({
  queryKey: ['admin', 'carrier-requests'],
  queryFn: ({ signal }) => apiRequest('/api/carrier-requests', carrierRequestListResponseSchema, { signal }),
});

/** GET /api/mail/outbox: the latest e-mails the product sent, newest first. */
export const mailOutboxQuery = queryOptions({
  queryKey: ['admin', 'mail-outbox'],
  queryFn: ({ signal }) => apiRequest('/api/mail/outbox', mailOutboxResponseSchema, { signal }),
});

/** GET /api/admin/report-assignments: every dashboard assignment and the configured providers. */
export const reportAssignmentsQuery = queryOptions({
  queryKey: ['admin', 'report-assignments'],
  queryFn: ({ signal }) =>
    apiRequest('/api/admin/report-assignments', adminAssignmentsResponseSchema, { signal }),
});

/** POST (new) or PUT (existing) /api/admin/report-assignments. */
export function saveReportAssignment(assignmentId: string | null, input: AssignmentInput): Promise<void> {
  return assignmentId
    ? apiSend(`/api/admin/report-assignments/${assignmentId}`, { method: 'PUT', body: input })
    : apiSend('/api/admin/report-assignments', { method: 'POST', body: input });
}

/** DELETE /api/admin/report-assignments/{assignmentId} */
export function deleteReportAssignment(assignmentId: string): Promise<void> {
  return apiSend(`/api/admin/report-assignments/${assignmentId}`, { method: 'DELETE' });
}
