import { Anchor, Stack, Text, Title } from '@mantine/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { productFeaturesResponseSchema } from '#shared/contracts/access.ts';
import { adminUserAccessResponseSchema, adminUsersResponseSchema } from '#shared/contracts/admin.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { PageLoader } from '#client/components/page-loader.tsx';
import { AccessRecordsEditor } from './access-records-editor.tsx';
import { userAccessKey, userTypeLabels } from './admin-api.ts';
import { RevokeSessions } from './revoke-sessions.tsx';
import { UserMfaSection } from './user-mfa-section.tsx';

/**
 * The user's access records, the product features they can refer to, and the user's name and
 * e-mail (the user search matches a UUID exactly). Read afresh on each visit (nothing kept once the
 * page is left), as the editors start from it.
 */
function userAccessQuery(userUuid: string) {
  return queryOptions({
    queryKey: userAccessKey(userUuid),
    queryFn: async ({ signal }) => {
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
        user: users.users.find((u) => u.userUuid === userUuid) ?? null,
        accessRecords: access.accessRecords,
        productFeatures: features.productFeatures,
      };
    },
    gcTime: 0,
    // A failure goes to the route error page, so an unknown user shows its 404 with the reference
    // ID (a 401 is the shell's session handling, as for every query).
    throwOnError: true,
  });
}

/** /admin/users/:userUuid (internal staff): one user's feature access records, sessions and MFA. */
export function UserAccessPage() {
  const userUuid = useParams().userUuid ?? '';
  const { data } = useQuery(userAccessQuery(userUuid));
  if (!data) return <PageLoader />;
  const { user, accessRecords, productFeatures } = data;
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
