import { asc, eq } from 'drizzle-orm';
import type { LevelsResponse } from '#shared/contracts/levels.ts';
import type { Db } from '#server/db/client.ts';
import { agencies, networks } from '#server/db/schema/tenancy.ts';
import type { Actor } from '#server/policies/actor.ts';
import type { Level } from '#server/policies/scope.ts';

/**
 * The networks and agencies the caller may compute reports for: staff all, network users their
 * network and its agencies, agency users their agency only (the network is not selectable).
 */
export async function listLevels(db: Db, actor: Actor): Promise<LevelsResponse> {
  if (actor.userType !== 'internal' && !actor.networkUuid) return { networks: [] };
  if (actor.userType === 'agency' && !actor.agencyUuid) return { networks: [] };
  const networkRows = await db
    .select({ uuid: networks.uuid, name: networks.name, abbreviation: networks.abbreviation })
    .from(networks)
    .where(actor.userType === 'internal' ? undefined : eq(networks.uuid, actor.networkUuid ?? ''))
    .orderBy(asc(networks.name));
  const agencyRows = await db
    .select({
      uuid: agencies.uuid,
      name: agencies.name,
      city: agencies.city,
      state: agencies.state,
      networkUuid: agencies.networkUuid,
    })
    .from(agencies)
    .where(
      actor.userType === 'internal'
        ? undefined
        : actor.userType === 'network'
          ? eq(agencies.networkUuid, actor.networkUuid ?? '')
          : eq(agencies.uuid, actor.agencyUuid ?? ''),
    )
    .orderBy(asc(agencies.name));
  return {
    networks: networkRows.map((network) => ({
      ...network,
      selectable: actor.userType !== 'agency',
      agencies: agencyRows
        .filter((a) => a.networkUuid === network.uuid)
        .map(({ networkUuid: _network, ...agency }) => agency),
    })),
  };
}

/** The name of a level the caller may see (the agency's, or the network's), or null when it has none. */
export async function levelName(db: Db, level: Level): Promise<string | null> {
  const [named] =
    level.kind === 'agency'
      ? await db.select({ name: agencies.name }).from(agencies).where(eq(agencies.uuid, level.agencyUuid))
      : await db.select({ name: networks.name }).from(networks).where(eq(networks.uuid, level.networkUuid));
  return named?.name ?? null;
}
