import { and, eq } from 'drizzle-orm';
import { UPLOAD_PERMISSION } from '#shared/domain/access.ts';
import type { Db } from '#server/db/client.ts';
import { userPermissions } from '#server/db/schema/access.ts';
import { networks } from '#server/db/schema/tenancy.ts';
import { AppError } from '#server/errors.ts';
import { isAdminActor, type Actor } from '#server/policies/actor.ts';

/** Where an upload may write: a network's agencies, or one agency of it. */
export type ImportScope = { networkUuid: string; agencyUuid: string | null };

const NOT_ALLOWED = 'You may not upload carrier files for this network or agency.';

async function hasUploadPermission(db: Db, actor: Actor): Promise<boolean> {
  const rows = await db
    .select({ permission: userPermissions.permission })
    .from(userPermissions)
    .where(and(eq(userPermissions.userId, actor.userId), eq(userPermissions.permission, UPLOAD_PERMISSION)));
  return rows.length > 0;
}

/**
 * Who may upload carrier files (spec part 1 §2 and §6): network users and staff holding
 * the upload permission `clarity:access:basic`, for the agencies of their network (staff: of the
 * network they choose); agency administrators (owners included) for their own agency only.
 * Anyone else, or any other network, is refused with 403 whether or not it exists.
 */
export async function resolveImportScope(
  db: Db,
  actor: Actor,
  networkUuid: string | undefined,
): Promise<ImportScope> {
  if (actor.userType === 'agency') {
    if (!isAdminActor(actor) || !actor.agencyUuid || !actor.networkUuid) {
      throw new AppError('forbidden', "Only your agency's administrators may upload its carrier files.");
    }
    if (networkUuid !== undefined && networkUuid !== actor.networkUuid)
      throw new AppError('forbidden', NOT_ALLOWED);
    return { networkUuid: actor.networkUuid, agencyUuid: actor.agencyUuid };
  }
  if (!(await hasUploadPermission(db, actor))) {
    throw new AppError('forbidden', 'Uploading carrier files needs the upload permission.');
  }
  if (actor.userType === 'network') {
    if (!actor.networkUuid || (networkUuid !== undefined && networkUuid !== actor.networkUuid)) {
      throw new AppError('forbidden', NOT_ALLOWED);
    }
    return { networkUuid: actor.networkUuid, agencyUuid: null };
  }
  if (networkUuid === undefined) {
    throw new AppError('bad_request', 'Choose the network the files belong to.', {
      networkUuid: 'Choose the network the files belong to.',
    });
  }
  const [network] = await db
    .select({ uuid: networks.uuid })
    .from(networks)
    .where(eq(networks.uuid, networkUuid));
  if (!network) throw new AppError('forbidden', NOT_ALLOWED);
  return { networkUuid, agencyUuid: null };
}

/** An import record belongs to the caller's scope: same network, and same agency for an agency's upload. */
export function assertImportInScope(
  scope: ImportScope,
  record: { networkUuid: string; agencyUuid: string | null },
) {
  const sameNetwork = record.networkUuid === scope.networkUuid;
  const sameAgency = scope.agencyUuid === null || record.agencyUuid === scope.agencyUuid;
  if (!sameNetwork || !sameAgency) throw new AppError('not_found', 'This upload does not exist.');
}
