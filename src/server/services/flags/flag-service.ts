import { asc } from 'drizzle-orm';
import type { Client } from '@openfeature/server-sdk';
import type { FeatureFlag } from '#shared/contracts/access.ts';
import type { Db } from '#server/db/client.ts';
import { featureFlags } from '#server/db/schema/access.ts';
import type { Actor } from '#server/policies/actor.ts';
import { actorFlagContext } from './database-flag-provider.ts';

/** Every flag evaluated for the actor (GET /api/features). */
export async function evaluateFlags(db: Db, flags: Client, actor: Actor): Promise<FeatureFlag[]> {
  const rows = await db
    .select({
      key: featureFlags.key,
      title: featureFlags.title,
      featureId: featureFlags.featureId,
      isLive: featureFlags.isLive,
    })
    .from(featureFlags)
    .orderBy(asc(featureFlags.key));
  const context = actorFlagContext(actor);
  return Promise.all(
    rows.map(async (row) => ({ ...row, enabled: await flags.getBooleanValue(row.key, false, context) })),
  );
}

/** One flag for the actor; false when the flag does not exist. */
export function isFlagOn(flags: Client, actor: Actor, key: string): Promise<boolean> {
  return flags.getBooleanValue(key, false, actorFlagContext(actor));
}
