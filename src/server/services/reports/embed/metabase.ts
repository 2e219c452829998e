import { SignJWT } from 'jose';
import type { MetabaseConfig } from '#server/config.ts';
import {
  EmbedProviderError,
  type EmbedProviderClient,
  type MintInput,
  type MintedEmbed,
} from './embed-provider.ts';
import { assertAssignmentFitsTenant, tenantUuid } from './embed-tenant.ts';

/**
 * Metabase static (signed) embedding (https://www.metabase.com/docs/latest/embedding/static-embedding):
 * an HS256 JWT signed with the embedding secret key, payload `{ resource: { dashboard: id }, params, exp }`,
 * loaded from `${siteUrl}/embed/dashboard/${token}`. Every parameter in `params` must be "Locked" in the
 * dashboard's embedding settings, so the browser cannot change the tenant.
 */

/** The locked parameter that carries the tenant's uuid when the assignment names none. */
export const METABASE_DEFAULT_TENANT_PARAMETER = 'tenant';

/**
 * Assignment parameters that configure the embed rather than being sent as locked parameters:
 * `tenantParameter` names the tenant's parameter, `internalParameter` (optional) names a locked
 * parameter that receives 'true' or 'false' for internal staff.
 */
export const METABASE_RESERVED_PARAMETERS = ['tenantParameter', 'internalParameter'] as const;

const DASHBOARD_ID = /^[1-9][0-9]{0,15}$/;

export type MetabaseProviderOptions = {
  /** The clock (ms since epoch), for tests. */
  now?: () => number;
};

/**
 * The Metabase provider: each mint signs the assignment's dashboard (a positive integer id) with the
 * tenant's uuid in its locked tenant parameter (the agency's, or the network's for a network-level
 * view), the assignment's other parameters locked as given, the internal flag when the assignment
 * asks for it, and an expiry METABASE_EMBED_TTL_SECONDS ahead. The tenant's value is written last,
 * so no assignment parameter can replace it.
 */
export function createMetabaseProvider(
  config: MetabaseConfig,
  options: MetabaseProviderOptions = {},
): EmbedProviderClient {
  const now = options.now ?? Date.now;
  const key = new TextEncoder().encode(config.secretKey);
  return {
    name: 'metabase',
    origin: new URL(config.siteUrl).origin,
    async mint({ assignment, viewer, tenant }: MintInput): Promise<MintedEmbed> {
      assertAssignmentFitsTenant(assignment, tenant);
      const externalId = assignment.externalId.trim();
      const dashboard = Number(externalId);
      if (!DASHBOARD_ID.test(externalId) || !Number.isSafeInteger(dashboard)) {
        throw new EmbedProviderError(
          'This Metabase dashboard id is not valid: it must be a positive whole number. Ask an administrator to check the assignment.',
          { cause: new Error(`Metabase dashboard id ${JSON.stringify(assignment.externalId)}`) },
        );
      }
      const { tenantParameter, internalParameter, ...locked } = assignment.parameters;
      const params: Record<string, string> = { ...locked };
      const internalName = internalParameter?.trim();
      if (internalName) params[internalName] = viewer.isInternal ? 'true' : 'false';
      params[tenantParameter?.trim() || METABASE_DEFAULT_TENANT_PARAMETER] = tenantUuid(tenant);

      const exp = Math.floor(now() / 1000) + config.embedTtlSeconds;
      const token = await new SignJWT({ resource: { dashboard }, params })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setExpirationTime(exp)
        .sign(key);
      return {
        embedUrl: `${config.siteUrl}/embed/dashboard/${token}#bordered=false&titled=true`,
        expiration: new Date(exp * 1000),
        accessToken: null,
        reportId: null,
      };
    },
  };
}
