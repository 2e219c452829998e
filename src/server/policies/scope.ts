import { and, eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { agencies, networks } from '#server/db/schema/tenancy.ts';
import { AppError } from '#server/errors.ts';
import type { Actor } from './actor.ts';

/** The level a report is computed for: a whole network, or one agency in it. */
export type Level =
  { kind: 'network'; networkUuid: string } | { kind: 'agency'; agencyUuid: string; networkUuid: string };

const outOfScope = () => new AppError('forbidden', 'You do not have access to this network or agency.');

/**
 * Resolves `levelUuid` against the caller's scope (DESIGN §7): internal staff any network or agency;
 * network users their network or an agency in it; agency users their own agency. Without a
 * levelUuid, agency users get their agency and network users their network; internal staff must
 * choose. Anything else is refused with 403, whether or not it exists.
 */
export async function resolveLevel(db: Db, actor: Actor, levelUuid: string | undefined): Promise<Level> {
  if (levelUuid === undefined) {
    if (actor.userType === 'agency' && actor.agencyUuid && actor.networkUuid) {
      return { kind: 'agency', agencyUuid: actor.agencyUuid, networkUuid: actor.networkUuid };
    }
    if (actor.userType === 'network' && actor.networkUuid) {
      return { kind: 'network', networkUuid: actor.networkUuid };
    }
    throw new AppError('bad_request', 'Choose a network or an agency.', {
      levelUuid: 'Choose a network or an agency.',
    });
  }

  if (actor.userType === 'agency') {
    if (levelUuid !== actor.agencyUuid || !actor.networkUuid) throw outOfScope();
    return { kind: 'agency', agencyUuid: levelUuid, networkUuid: actor.networkUuid };
  }
  const networkFilter = actor.userType === 'network' ? actor.networkUuid : null;
  if (actor.userType === 'network' && !networkFilter) throw outOfScope();

  const [network] = await db
    .select({ uuid: networks.uuid })
    .from(networks)
    .where(
      networkFilter
        ? and(eq(networks.uuid, levelUuid), eq(networks.uuid, networkFilter))
        : eq(networks.uuid, levelUuid),
    );
  if (network) return { kind: 'network', networkUuid: network.uuid };

  const [agency] = await db
    .select({ uuid: agencies.uuid, networkUuid: agencies.networkUuid })
    .from(agencies)
    .where(
      networkFilter
        ? and(eq(agencies.uuid, levelUuid), eq(agencies.networkUuid, networkFilter))
        : eq(agencies.uuid, levelUuid),
    );
  if (agency) return { kind: 'agency', agencyUuid: agency.uuid, networkUuid: agency.networkUuid };
  throw outOfScope();
}

/** Refuses (403) an agency outside the caller's scope; used where a record names its agency. */
export async function assertAgencyInScope(db: Db, actor: Actor, agencyUuid: string): Promise<void> {
  const level = await resolveLevel(db, actor, agencyUuid);
  if (level.kind !== 'agency') throw outOfScope();
}

/** Only internal staff pass. */
export function requireInternal(actor: Actor): void {
  if (actor.userType !== 'internal') throw new AppError('forbidden', 'Only Understanding staff may do this.');
}
