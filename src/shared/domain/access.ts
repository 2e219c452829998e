/**
 * Feature access (spec part 1 §6), as one pure function used by the server (to refuse) and the
 * client (to hide links and routes).
 */

export type AccessUser = {
  userType: 'internal' | 'network' | 'agency';
  isInternal: boolean;
  isOwner: boolean;
};

export type ProductFeatureRef = { key: string; externalId: string | null; isLive: boolean };
export type AccessRecordRef = { productComponentKey: string; denyAccess: boolean };

export type AccessInput = {
  user: AccessUser;
  productFeatures: readonly ProductFeatureRef[];
  /** The external ids of the features the user's subscriber holds. */
  subscriberExternalIds: readonly string[];
  accessRecords: readonly AccessRecordRef[];
};

/** Camel-case flag of a feature key: 'pbi-market-assistance-lite' -> 'pbiMarketAssistanceLite'. */
export function featureKeyToFlag(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return words
    .map((word, i) =>
      i === 0 ? word.toLowerCase() : word.charAt(0).toUpperCase() + word.slice(1).toLowerCase(),
    )
    .join('');
}

/**
 * Whether the user may use one product feature:
 * - internal users may use every feature;
 * - otherwise the subscriber must hold the feature when it has an external id (network users are not
 *   subscribers: their network's membership stands for it, see docs/decisions/001), and either the user
 *   has a granted access record for it (not denyAccess), or the feature is live and the user is an
 *   owner or unmanaged (has no access records at all).
 */
export function canUseProductFeature(input: AccessInput, feature: ProductFeatureRef): boolean {
  const { user, subscriberExternalIds, accessRecords } = input;
  if (user.userType === 'internal' || user.isInternal) return true;
  const { externalId } = feature;
  const needsSubscriber = user.userType !== 'network' && externalId !== null;
  if (needsSubscriber && !subscriberExternalIds.includes(externalId)) return false;
  const granted = accessRecords.some((r) => r.productComponentKey === feature.key && !r.denyAccess);
  if (granted) return true;
  const unmanaged = accessRecords.length === 0;
  return feature.isLive && (user.isOwner || unmanaged);
}

/** Every product feature as a camel-case flag: `{ cpr: true, pbiMarketAssistanceLite: false, ... }`. */
export function resolveFeatureAccess(input: AccessInput): Record<string, boolean> {
  const access: Record<string, boolean> = {};
  for (const feature of input.productFeatures) {
    access[featureKeyToFlag(feature.key)] = canUseProductFeature(input, feature);
  }
  return access;
}

/** The product feature behind Carrier Production and Performance Charts. */
export const CARRIER_PRODUCTION_FEATURE = 'cpr';

export function hasCarrierProduction(access: Readonly<Record<string, boolean>>): boolean {
  return access[CARRIER_PRODUCTION_FEATURE] === true;
}

/** The upload-portal permission that shows Customer Accounts to internal users. */
export const UPLOAD_PERMISSION = 'clarity:access:basic';

/**
 * Who may upload carrier files at `/upload` (spec part 1 §2 and §6): agency
 * administrators (owners included) for their own agency, and network users and staff holding the
 * upload permission `clarity:access:basic`. The server refuses everyone else whatever the client shows.
 */
export function mayUploadCarrierFiles(
  user: { userType: 'agency' | 'network' | 'internal'; isAdmin: boolean },
  permissions: readonly string[],
): boolean {
  if (user.userType === 'agency') return user.isAdmin;
  return permissions.includes(UPLOAD_PERMISSION);
}
