import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  adminFeatureFlagsResponseSchema,
  adminUsersResponseSchema,
  revokeSessionsResponseSchema,
  type setFlagTargetSchema,
} from '#shared/contracts/admin.ts';
import type { AccessRecord } from '#shared/contracts/access.ts';
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

/** The key of one user's page (user-access-page.tsx): its editors refresh it after a change. */
export const userAccessKey = (userUuid: string) => ['admin', 'user-access', userUuid] as const;

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
