import { and, eq, inArray } from 'drizzle-orm';
import {
  ErrorCode,
  OpenFeature,
  StandardResolutionReasons,
  TypeMismatchError,
  type Client,
  type EvaluationContext,
  type JsonValue,
  type Provider,
  type ResolutionDetails,
} from '@openfeature/server-sdk';
import type { Db } from '#server/db/client.ts';
import { featureFlags, featureFlagTargets } from '#server/db/schema/access.ts';
import type { Actor } from '#server/policies/actor.ts';

/** Precedence of targets: the most specific wins. */
const TARGET_ORDER = ['user', 'agency', 'network'] as const;

/**
 * OpenFeature provider over the feature_flags tables. The evaluation context carries the user
 * (targetingKey), agency and network keys; a target row for the user overrides one for the agency,
 * which overrides one for the network, which overrides the flag's default.
 */
export class DatabaseFlagProvider implements Provider {
  readonly runsOn = 'server';
  readonly metadata = { name: 'understanding-database' } as const;

  constructor(private readonly db: Db) {}

  async resolveBooleanEvaluation(
    flagKey: string,
    defaultValue: boolean,
    context: EvaluationContext,
  ): Promise<ResolutionDetails<boolean>> {
    const [flag] = await this.db
      .select({ enabled: featureFlags.enabled })
      .from(featureFlags)
      .where(eq(featureFlags.key, flagKey));
    if (!flag) {
      return {
        value: defaultValue,
        reason: StandardResolutionReasons.ERROR,
        errorCode: ErrorCode.FLAG_NOT_FOUND,
      };
    }
    const keys = contextKeys(context);
    const targets =
      keys.length === 0
        ? []
        : await this.db
            .select({ targetType: featureFlagTargets.targetType, enabled: featureFlagTargets.enabled })
            .from(featureFlagTargets)
            .where(
              and(
                eq(featureFlagTargets.flagKey, flagKey),
                inArray(
                  featureFlagTargets.targetUuid,
                  keys.map((k) => k.uuid),
                ),
              ),
            );
    for (const type of TARGET_ORDER) {
      const uuid = keys.find((k) => k.type === type)?.uuid;
      const target = uuid ? targets.find((t) => t.targetType === type) : undefined;
      if (target)
        return { value: target.enabled, reason: StandardResolutionReasons.TARGETING_MATCH, variant: type };
    }
    return { value: flag.enabled, reason: StandardResolutionReasons.STATIC };
  }

  resolveStringEvaluation(): Promise<ResolutionDetails<string>> {
    throw new TypeMismatchError('Feature flags are on/off only.');
  }

  resolveNumberEvaluation(): Promise<ResolutionDetails<number>> {
    throw new TypeMismatchError('Feature flags are on/off only.');
  }

  resolveObjectEvaluation<T extends JsonValue>(): Promise<ResolutionDetails<T>> {
    throw new TypeMismatchError('Feature flags are on/off only.');
  }
}

function contextKeys(context: EvaluationContext): { type: (typeof TARGET_ORDER)[number]; uuid: string }[] {
  const keys: { type: (typeof TARGET_ORDER)[number]; uuid: string }[] = [];
  if (typeof context.targetingKey === 'string') keys.push({ type: 'user', uuid: context.targetingKey });
  if (typeof context.agencyUuid === 'string') keys.push({ type: 'agency', uuid: context.agencyUuid });
  if (typeof context.networkUuid === 'string') keys.push({ type: 'network', uuid: context.networkUuid });
  return keys;
}

/** The flag context of an actor: user, agency and network keys. */
export function actorFlagContext(actor: Actor): EvaluationContext {
  return {
    targetingKey: actor.userId,
    ...(actor.agencyUuid ? { agencyUuid: actor.agencyUuid } : {}),
    ...(actor.networkUuid ? { networkUuid: actor.networkUuid } : {}),
  };
}

/**
 * An OpenFeature client bound to this app's database. Each app instance registers its provider
 * under its own domain, so several instances (as in tests) never share a provider.
 */
export async function createFlagClient(db: Db, domain: string): Promise<Client> {
  await OpenFeature.setProviderAndWait(domain, new DatabaseFlagProvider(db));
  return OpenFeature.getClient(domain);
}
