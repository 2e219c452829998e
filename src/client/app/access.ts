import { queryOptions, useQuery, type QueryStatus } from '@tanstack/react-query';
import {
  clarityUserResponseSchema,
  clientConfigSchema,
  featuresResponseSchema,
  productFeaturesResponseSchema,
  subscriptionFeaturesResponseSchema,
  userAccessResponseSchema,
  type ClientConfig,
} from '#shared/contracts/access.ts';
import { resolveFeatureAccess } from '#shared/domain/access.ts';
import { ApiError, apiRequest } from '#client/lib/api-client.ts';
import { useCurrentUser } from './current-user.ts';

const FIVE_MINUTES = 5 * 60 * 1000;

export const accessRecordsQuery = queryOptions({
  queryKey: ['user', 'access'],
  queryFn: ({ signal }) => apiRequest('/api/user/access', userAccessResponseSchema, { signal }),
  staleTime: FIVE_MINUTES,
});

export const productFeaturesQuery = queryOptions({
  queryKey: ['product-features'],
  queryFn: ({ signal }) => apiRequest('/api/product-features', productFeaturesResponseSchema, { signal }),
  staleTime: FIVE_MINUTES,
});

export const subscriptionFeaturesQuery = queryOptions({
  queryKey: ['subscription', 'features'],
  queryFn: ({ signal }) =>
    apiRequest('/api/subscription/features', subscriptionFeaturesResponseSchema, { signal }),
  staleTime: FIVE_MINUTES,
});

/** The feature flags evaluated for the user: the "identification" the subscriber gate waits for. */
export const featureFlagsQuery = queryOptions({
  queryKey: ['features'],
  queryFn: ({ signal }) => apiRequest('/api/features', featuresResponseSchema, { signal }),
  staleTime: FIVE_MINUTES,
  select: (data) => Object.fromEntries(data.features.map((flag) => [flag.key, flag.enabled])),
});

/** The user's upload-portal permissions; a 403 means none (spec part 1 §6). */
export const portalPermissionsQuery = queryOptions({
  queryKey: ['clarity', 'user'],
  queryFn: async ({ signal }) => {
    try {
      return (await apiRequest('/api/clarity/user', clarityUserResponseSchema, { signal })).permissions;
    } catch (error) {
      if (error instanceof ApiError && error.status === 403) return [];
      throw error;
    }
  },
  staleTime: FIVE_MINUTES,
});

/** GET /akpi-env: support e-mail and the addresses of the help site, AI chat and upload portal. */
export const clientConfigQuery = queryOptions({
  queryKey: ['akpi-env'],
  queryFn: ({ signal }) => apiRequest('/akpi-env', clientConfigSchema, { signal }),
  staleTime: Infinity,
});

export function useClientConfig(): ClientConfig | null {
  return useQuery(clientConfigQuery).data ?? null;
}

const none: Readonly<Record<string, boolean>> = Object.freeze({});
const noPermissions: readonly string[] = Object.freeze([]);

export type Access = {
  /** Product features as camel-case flags, e.g. `features.cpr` (spec part 1 §6). Empty until known. */
  features: Readonly<Record<string, boolean>>;
  featuresStatus: QueryStatus;
  /** Feature flags by key (FLAGS in the access contract). Empty until known. */
  flags: Readonly<Record<string, boolean>>;
  flagsStatus: QueryStatus;
  /** Upload-portal permissions. Empty until known or without a portal account. */
  permissions: readonly string[];
  permissionsStatus: QueryStatus;
};

function combinedStatus(...statuses: QueryStatus[]): QueryStatus {
  if (statuses.includes('error')) return 'error';
  if (statuses.includes('pending')) return 'pending';
  return 'success';
}

/** What the signed-in user may use; only below the frame, which renders once the user is known. */
export function useAccess(): Access {
  const user = useCurrentUser();
  const records = useQuery(accessRecordsQuery);
  const productFeatures = useQuery(productFeaturesQuery);
  const subscription = useQuery(subscriptionFeaturesQuery);
  const flags = useQuery(featureFlagsQuery);
  const permissions = useQuery(portalPermissionsQuery);

  const featuresStatus = combinedStatus(records.status, productFeatures.status, subscription.status);
  const features =
    records.data && productFeatures.data && subscription.data
      ? resolveFeatureAccess({
          user,
          productFeatures: productFeatures.data.productFeatures,
          subscriberExternalIds: subscription.data.features.map((f) => f.externalId),
          accessRecords: records.data.accessRecords,
        })
      : none;

  return {
    features,
    featuresStatus,
    flags: flags.data ?? none,
    flagsStatus: flags.status,
    permissions: permissions.data ?? noPermissions,
    permissionsStatus: permissions.status,
  };
}
