import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { productFeaturesResponseSchema } from '#shared/contracts/access.ts';
import { adminUserAccessResponseSchema, adminUsersResponseSchema } from '#shared/contracts/admin.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { reportApiFailure } from '#client/lib/session-alerts.ts';
import { AccessRecordsEditor } from './access-records-editor.tsx';
import { userTypeLabels } from './admin-api.ts';
import { RevokeSessions } from './revoke-sessions.tsx';
import { UserMfaSection } from './user-mfa-section.tsx';

/**
 * Loads the user's access records, the product features they can refer to, and the user's name and
 * e-mail (the user search matches a UUID exactly). Failures propagate to the route error page, so an
 * unknown user shows its 404 with the reference ID.
 */
export async function userAccessLoader({ params, request }: LoaderFunctionArgs) {
  const userUuid = params.userUuid ?? '';
  const { signal } = request;
  try {
    const [access, features, users] = await Promise.all([
      apiRequest(`/api/admin/users/${encodeURIComponent(userUuid)}/access`, adminUserAccessResponseSchema, {
        signal,
      }),
      apiRequest('/api/product-features', productFeaturesResponseSchema, { signal }),
      apiRequest(`/api/admin/users?search=${encodeURIComponent(userUuid)}`, adminUsersResponseSchema, {
        signal,
      }),
    ]);
    return {
      userUuid,
      user: users.users.find((u) => u.userUuid === userUuid) ?? null,
      accessRecords: access.accessRecords,
      productFeatures: features.productFeatures,
    };
  } catch (error) {
    // A 401 means the session ended: the shell shows its session-expired (or revoked) handling.
    reportApiFailure(error);
    throw error;
  }
}

/** /admin/users/:userUuid (internal staff): one user's feature access records, sessions and MFA. */
export function UserAccessPage() {
  const { userUuid, user, accessRecords, productFeatures } = useLoaderData<typeof userAccessLoader>();
  const displayName = user?.name ?? `User ${userUuid}`;

  return (
    <Stack maw={960} gap="lg">
      <Anchor component={Link} to="/admin/access" size="sm">
        Back to Admin
      </Anchor>
      <div>
        <Title order={1}>{displayName}</Title>
        {user ? (
          <Text c="dimmed">
            {user.email} · {userTypeLabels[user.userType]} · {user.organisation}
            {!user.isActive && ' · inactive'}
          </Text>
        ) : (
          <Text c="dimmed">{userUuid}</Text>
        )}
      </div>
      <AccessRecordsEditor
        key={userUuid}
        userUuid={userUuid}
        productFeatures={productFeatures}
        accessRecords={accessRecords}
      />
      <RevokeSessions
        key={`sessions-${userUuid}`}
        userUuid={userUuid}
        userName={user?.name ?? null}
        activeSessions={user?.activeSessions ?? null}
      />
      <UserMfaSection key={`mfa-${userUuid}`} userUuid={userUuid} userName={user?.name ?? null} />
    </Stack>
  );
}
