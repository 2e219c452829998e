import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import type { SigmaConfig } from '#server/config.ts';
import {
  EmbedProviderError,
  type EmbedProviderClient,
  type EmbedTenant,
  type EmbedViewer,
  type MintInput,
  type MintedEmbed,
} from './embed-provider.ts';
import { assertAssignmentFitsTenant } from './embed-tenant.ts';

/**
 * Sigma secure embedding with JWT-signed URLs (https://help.sigmacomputing.com/docs/create-an-embed-api-with-json-web-tokens,
 * claims: https://help.sigmacomputing.com/docs/json-web-token-claims-reference): an HS256 JWT signed with
 * the embed secret, header `kid` = the embed client id, claims sub (e-mail), jti (one use: Sigma refuses
 * a jti it has seen), iat, exp (at most 30 days after iat), iss = the client id, and for embed users
 * user_attributes, account_type and teams. The URL is the workbook's URL in the organization with
 * `?:jwt=<token>&:embed=true&:responsive_height=true` (the last so the workbook posts its page height,
 * which sizes the frame).
 */

/** The user attributes the tenant travels in; create them in Sigma (Administration > User attributes). */
export const SIGMA_USER_ATTRIBUTES = {
  tenantKind: 'tenant_kind',
  networkUuid: 'network_uuid',
  agencyUuid: 'agency_uuid',
  internal: 'is_internal',
} as const;

/** The path after `/workbook/`: `Name-urlId` or `urlId`, optionally `/page/<id>` or `/element/<id>`. */
const WORKBOOK_PATH = /^[A-Za-z0-9_~-][A-Za-z0-9._~-]*(\/[A-Za-z0-9_~-][A-Za-z0-9._~-]*)*$/;

export type SigmaEmbedInput = {
  /** The workbook's id as it appears after `/workbook/` in its URL. */
  workbookId: string;
  viewer: EmbedViewer;
  tenant: EmbedTenant;
  /** The assignment's parameters: `accountType` and `teams` (comma-separated) override the configured ones. */
  parameters?: Record<string, string>;
};

export type SigmaProviderOptions = {
  /** The clock (ms since epoch), for tests. */
  now?: () => number;
};

/**
 * Mints a one-time Sigma embed URL for one viewer and tenant: the viewer's e-mail is the subject, and
 * the tenant (network uuid, agency uuid) and the internal-staff flag are user attributes (spec part 1
 * §6 "Internal users are flagged in the embed identity"), never values from the browser. Used by the
 * provider's mint() and by POST /api/sigma/embed, which names a workbook rather than an assignment.
 */
export async function mintSigmaEmbed(
  config: SigmaConfig,
  input: SigmaEmbedInput,
  nowMs: number = Date.now(),
): Promise<MintedEmbed> {
  const workbookPath = input.workbookId.trim();
  if (!WORKBOOK_PATH.test(workbookPath)) {
    throw new EmbedProviderError(
      'This Sigma workbook id is not valid. Ask an administrator to check the workbook assigned here.',
      { cause: new Error(`Sigma workbook id ${JSON.stringify(input.workbookId)}`) },
    );
  }
  const { viewer, tenant } = input;
  const parameters = input.parameters ?? {};
  const iat = Math.floor(nowMs / 1000);
  const exp = iat + config.embedTtlSeconds;

  const userAttributes: Record<string, string> = {
    [SIGMA_USER_ATTRIBUTES.tenantKind]: tenant.kind,
    [SIGMA_USER_ATTRIBUTES.networkUuid]: tenant.networkUuid,
    [SIGMA_USER_ATTRIBUTES.internal]: viewer.isInternal ? 'true' : 'false',
  };
  if (tenant.agencyUuid !== null) userAttributes[SIGMA_USER_ATTRIBUTES.agencyUuid] = tenant.agencyUuid;

  const accountType = parameters.accountType?.trim() || config.accountType;
  const teams = parameters.teams !== undefined ? splitTeams(parameters.teams) : config.teams;

  const token = await new SignJWT({
    user_attributes: userAttributes,
    ...(accountType ? { account_type: accountType } : {}),
    ...(teams.length > 0 ? { teams } : {}),
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT', kid: config.clientId })
    .setSubject(viewer.email)
    .setJti(randomUUID())
    .setIssuer(config.clientId)
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .sign(new TextEncoder().encode(config.secret));

  const path = workbookPath.split('/').map(encodeURIComponent).join('/');
  return {
    embedUrl: `${config.baseUrl}/workbook/${path}?:jwt=${encodeURIComponent(token)}&:embed=true&:responsive_height=true`,
    expiration: new Date(exp * 1000),
    accessToken: null,
    reportId: null,
  };
}

/**
 * The Sigma provider: each mint is a fresh signed URL for the assignment's workbook (its externalId).
 * Its origin is the origin of SIGMA_BASE_URL.
 */
export function createSigmaProvider(
  config: SigmaConfig,
  options: SigmaProviderOptions = {},
): EmbedProviderClient {
  const now = options.now ?? Date.now;
  return {
    name: 'sigma',
    origin: new URL(config.baseUrl).origin,
    async mint({ assignment, viewer, tenant }: MintInput): Promise<MintedEmbed> {
      assertAssignmentFitsTenant(assignment, tenant);
      return await mintSigmaEmbed(
        config,
        { workbookId: assignment.externalId, viewer, tenant, parameters: assignment.parameters },
        now(),
      );
    },
  };
}

function splitTeams(teams: string): string[] {
  return teams
    .split(',')
    .map((team) => team.trim())
    .filter((team) => team.length > 0);
}
