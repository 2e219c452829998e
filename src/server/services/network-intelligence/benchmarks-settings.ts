import { eq } from 'drizzle-orm';
import type { BenchmarkSettings, SaveSettingsBody } from '#shared/contracts/benchmarks.ts';
import { DEFAULT_LOSS_RATIO_WARNING, DEFAULT_SIZE_BAND_LIMITS } from '#shared/domain/benchmarks.ts';
import type { Db } from '#server/db/client.ts';
import { networkIntelligenceSettings } from '#server/db/schema/network-intelligence.ts';
import { AppError } from '#server/errors.ts';
import type { Actor } from '#server/policies/actor.ts';
import type { Level } from '#server/policies/scope.ts';
import { recordAudit } from '#server/services/audit/record-audit.ts';

/** A network's size bands and early-warning threshold: its own, or the defaults. */
export async function readBenchmarkSettings(db: Db, networkUuid: string): Promise<BenchmarkSettings> {
  const [row] = await db
    .select()
    .from(networkIntelligenceSettings)
    .where(eq(networkIntelligenceSettings.networkUuid, networkUuid));
  if (!row) {
    return {
      sizeBandLimits: [...DEFAULT_SIZE_BAND_LIMITS],
      lossRatioThreshold: DEFAULT_LOSS_RATIO_WARNING,
      saved: false,
    };
  }
  return {
    sizeBandLimits: row.sizeBandLimits.map(Number),
    lossRatioThreshold: Number(row.lossRatioThreshold),
    saved: true,
  };
}

/**
 * Saves the settings of the level's network (an agency's level names its network): network users of
 * the network and staff; agency users are refused. One transaction with its audit row.
 */
export async function saveBenchmarkSettings(
  db: Db,
  actor: Actor,
  level: Level,
  body: SaveSettingsBody,
): Promise<BenchmarkSettings> {
  if (actor.userType === 'agency') {
    throw new AppError('forbidden', "Only the network's users may change its benchmark settings.");
  }
  const before = await readBenchmarkSettings(db, level.networkUuid);
  const values = {
    sizeBandLimits: [...body.sizeBandLimits],
    lossRatioThreshold: body.lossRatioThreshold.toFixed(2),
    updatedAt: new Date(),
    updatedBy: actor.userId,
  };
  await db.transaction(async (tx) => {
    await tx
      .insert(networkIntelligenceSettings)
      .values({ networkUuid: level.networkUuid, ...values })
      .onConflictDoUpdate({ target: networkIntelligenceSettings.networkUuid, set: values });
    await recordAudit(tx, {
      agencyUuid: null,
      actorUserId: actor.userId,
      action: before.saved ? 'update' : 'create',
      entity: 'network_intelligence_settings',
      entityId: level.networkUuid,
      before: before.saved
        ? { sizeBandLimits: before.sizeBandLimits, lossRatioThreshold: before.lossRatioThreshold }
        : null,
      after: { sizeBandLimits: body.sizeBandLimits, lossRatioThreshold: body.lossRatioThreshold },
    });
  });
  return readBenchmarkSettings(db, level.networkUuid);
}
