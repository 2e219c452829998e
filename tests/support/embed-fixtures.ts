import { randomUUID } from 'node:crypto';
import type {
  EmbedTenant,
  EmbedViewer,
  StoredAssignment,
} from '#server/services/reports/embed/embed-provider.ts';

/**
 * A network with one agency, an agency viewer and an internal one, and a maker of assignments in that
 * network: what every embed provider's tests mint for.
 */
export function embedFixtures(
  defaults: Pick<StoredAssignment, 'reportKey' | 'provider' | 'externalId'> & Partial<StoredAssignment>,
) {
  const networkUuid = randomUUID();
  const agencyUuid = randomUUID();
  const agencyTenant: EmbedTenant = { kind: 'agency', networkUuid, agencyUuid };
  const networkTenant: EmbedTenant = { kind: 'network', networkUuid, agencyUuid: null };
  const viewer: EmbedViewer = {
    userId: randomUUID(),
    email: 'owner@agency.test',
    userType: 'agency',
    isInternal: false,
  };
  const staff: EmbedViewer = {
    userId: randomUUID(),
    email: 'staff@understanding.test',
    userType: 'internal',
    isInternal: true,
  };
  const assignment = (overrides: Partial<StoredAssignment> = {}): StoredAssignment => ({
    uuid: randomUUID(),
    workspaceId: '',
    parameters: {},
    networkUuid,
    agencyUuid: null,
    ...defaults,
    ...overrides,
  });
  return { networkUuid, agencyUuid, agencyTenant, networkTenant, viewer, staff, assignment };
}
