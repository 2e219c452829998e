import { EmbedProviderError, type EmbedTenant, type StoredAssignment } from './embed-provider.ts';

/**
 * The uuid a dashboard filters on: the agency's for an agency view, the network's for a network-level
 * view. It always comes from the session's tenant, never from the browser or the assignment.
 */
export function tenantUuid(tenant: EmbedTenant): string {
  return tenant.kind === 'agency' ? tenant.agencyUuid : tenant.networkUuid;
}

/**
 * Defence in depth for "tenant filter from the session only": a dashboard assigned to a network
 * shows for that network and its agencies; one assigned to an agency shows for that agency only.
 */
export function assertAssignmentFitsTenant(assignment: StoredAssignment, tenant: EmbedTenant): void {
  const sameNetwork = assignment.networkUuid === tenant.networkUuid;
  const sameAgency = assignment.agencyUuid === null || assignment.agencyUuid === tenant.agencyUuid;
  if (!sameNetwork || !sameAgency) {
    throw new EmbedProviderError('This dashboard is not assigned to this network or agency.', {
      cause: new Error(
        `assignment ${assignment.uuid} (network ${assignment.networkUuid}, agency ${assignment.agencyUuid ?? '-'}) ` +
          `minted for ${tenant.kind} ${tenantUuid(tenant)}`,
      ),
    });
  }
}
