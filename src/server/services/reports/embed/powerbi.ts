import { z } from 'zod';
import type { PowerBiConfig } from '#server/config.ts';
import {
  EmbedProviderError,
  type EmbedProviderClient,
  type MintInput,
  type MintedEmbed,
} from './embed-provider.ts';
import { assertAssignmentFitsTenant, tenantUuid } from './embed-tenant.ts';

/**
 * Power BI "embed for your customers" (app owns data) through its REST API:
 * 1. a service principal token from Microsoft Entra (client credentials),
 * 2. the report (GET /v1.0/myorg/groups/{groupId}/reports/{reportId}: embedUrl, datasetId),
 * 3. an embed token (POST /v1.0/myorg/GenerateToken, the multi-resource API Microsoft recommends,
 *    https://learn.microsoft.com/rest/api/power-bi/embed-token/generate-token) for that report and its
 *    dataset, with an effective identity that carries the tenant for row-level security.
 */

const POWERBI_SCOPE = 'https://analysis.windows.net/powerbi/api/.default';
/** An embed token lives no longer than the Entra token that made it: refresh this long before. */
const TOKEN_REFRESH_MARGIN_MS = 5 * 60_000;
const DETAIL_LIMIT = 500;

const entraTokenSchema = z.object({
  access_token: z.string().min(1),
  expires_in: z.coerce.number().positive(),
});
const reportSchema = z.object({ embedUrl: z.string().url(), datasetId: z.string().min(1) });
const embedTokenSchema = z.object({ token: z.string().min(1), expiration: z.string().min(1) });

type Step = 'token' | 'report' | 'generateToken';
const STEP_NAMES: Record<Step, string> = {
  token: 'Entra token',
  report: 'Get report',
  generateToken: 'GenerateToken',
};

export type PowerBiProviderOptions = {
  /** The clock (ms since epoch); tests move it to expire the cached Entra token. */
  now?: () => number;
};

/** The effective identity sent with every embed token (row-level security). */
export type PowerBiEffectiveIdentity = {
  username: string;
  roles: string[];
  datasets: string[];
  customData: string;
};

/**
 * The Power BI provider: one cached service-principal token per server (reused until five minutes
 * before it expires), then per mint the report and an embed token for it. The effective identity's
 * username is the tenant's uuid (the agency's, or the network's for a network-level view), its role is
 * the assignment's `rlsRole` parameter or the configured default, and its customData says the tenant
 * kind and whether the viewer is internal staff. Every failure is an EmbedProviderError whose message
 * is safe to show; the HTTP status and Power BI's answer are in its `cause` for the logs.
 */
export function createPowerBiProvider(
  config: PowerBiConfig,
  options: PowerBiProviderOptions = {},
): EmbedProviderClient {
  const now = options.now ?? Date.now;
  let cached: { accessToken: string; refreshAt: number } | null = null;
  let pending: Promise<string> | null = null;

  async function fetchEntraToken(): Promise<string> {
    const form = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: config.clientId,
      client_secret: config.clientSecret,
      scope: POWERBI_SCOPE,
    });
    const url = `${config.authorityUrl}/${encodeURIComponent(config.tenantId)}/oauth2/v2.0/token`;
    const body = await call(config, 'token', url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: form.toString(),
    });
    const token = parse(entraTokenSchema, body, 'token');
    const lifetimeMs = token.expires_in * 1000;
    cached = { accessToken: token.access_token, refreshAt: now() + lifetimeMs - TOKEN_REFRESH_MARGIN_MS };
    return token.access_token;
  }

  async function accessToken(): Promise<string> {
    if (cached && now() < cached.refreshAt) return cached.accessToken;
    // Concurrent mints share one token request.
    pending ??= fetchEntraToken().finally(() => {
      pending = null;
    });
    return pending;
  }

  /** A token Power BI refused is not reused. */
  function forgetTokenOn(error: unknown): never {
    const cause = error instanceof EmbedProviderError ? error.cause : null;
    if (cause instanceof PowerBiCallError && (cause.status === 401 || cause.status === 403)) cached = null;
    throw error;
  }

  return {
    name: 'powerbi',
    origin: config.embedOrigin,
    async mint({ assignment, viewer, tenant }: MintInput): Promise<MintedEmbed> {
      assertAssignmentFitsTenant(assignment, tenant);
      const workspaceId = assignment.workspaceId.trim();
      if (workspaceId === '') {
        throw new EmbedProviderError(
          'This Power BI dashboard has no workspace. Ask an administrator to add the workspace id to its assignment.',
        );
      }
      const reportId = assignment.externalId;
      const bearer = await accessToken();
      const api = `${config.apiUrl}/v1.0/myorg`;
      const auth = { authorization: `Bearer ${bearer}`, accept: 'application/json' };

      const reportBody = await call(
        config,
        'report',
        `${api}/groups/${encodeURIComponent(workspaceId)}/reports/${encodeURIComponent(reportId)}`,
        { method: 'GET', headers: auth },
      ).catch(forgetTokenOn);
      const report = parse(reportSchema, reportBody, 'report');
      if (new URL(report.embedUrl).origin !== config.embedOrigin) {
        throw new EmbedProviderError(
          'Power BI answered with a report address this server does not allow. Ask an administrator to check POWERBI_EMBED_ORIGIN.',
          { cause: new Error(`embedUrl ${report.embedUrl} is outside ${config.embedOrigin}`) },
        );
      }

      const identity: PowerBiEffectiveIdentity = {
        username: tenantUuid(tenant),
        roles: [assignment.parameters.rlsRole?.trim() || config.rlsRole],
        datasets: [report.datasetId],
        customData: JSON.stringify({
          tenantKind: tenant.kind,
          networkUuid: tenant.networkUuid,
          agencyUuid: tenant.agencyUuid,
          internal: viewer.isInternal,
        }),
      };
      const tokenBody = await call(config, 'generateToken', `${api}/GenerateToken`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({
          reports: [{ id: reportId, allowEdit: false }],
          datasets: [{ id: report.datasetId, xmlaPermissions: 'Off' }],
          identities: [identity],
        }),
      }).catch(forgetTokenOn);
      const embedToken = parse(embedTokenSchema, tokenBody, 'generateToken');
      const expiration = new Date(embedToken.expiration);
      if (Number.isNaN(expiration.getTime())) {
        throw unexpectedAnswer('generateToken', `expiration ${embedToken.expiration} is not a date`);
      }
      return { embedUrl: report.embedUrl, accessToken: embedToken.token, expiration, reportId };
    },
  };
}

/** A non-2xx answer, kept as the cause of the user-facing error. */
class PowerBiCallError extends Error {
  override name = 'PowerBiCallError';
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

async function call(config: PowerBiConfig, step: Step, url: string, init: RequestInit): Promise<unknown> {
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(config.timeoutMs) });
    text = await response.text();
  } catch (error) {
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    const detail = `Power BI ${STEP_NAMES[step]} ${timedOut ? `took longer than ${config.timeoutMs} ms` : 'failed'}`;
    throw new EmbedProviderError(
      timedOut
        ? 'Power BI did not answer in time. Try again in a moment.'
        : 'Power BI could not be reached. Try again in a moment.',
      { cause: new Error(detail, { cause: error }) },
    );
  }
  if (!response.ok) {
    const requestId = response.headers.get('requestid') ?? response.headers.get('x-ms-request-id');
    const cause = new PowerBiCallError(
      `Power BI ${STEP_NAMES[step]} answered ${response.status}` +
        (requestId ? ` (request id ${requestId})` : '') +
        `: ${text.slice(0, DETAIL_LIMIT)}`,
      response.status,
    );
    throw new EmbedProviderError(failureMessage(step, response.status), { cause });
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw unexpectedAnswer(step, `not JSON: ${text.slice(0, DETAIL_LIMIT)}`);
  }
}

function failureMessage(step: Step, status: number): string {
  if (status === 429 || status >= 500) {
    return 'Power BI is not available right now. Try again in a moment.';
  }
  if (step === 'token') {
    return "Power BI did not accept this server's credentials. Ask an administrator to check the Power BI settings.";
  }
  if (step === 'report' && status === 404) {
    return 'The Power BI report assigned to this page was not found. Ask an administrator to check its report and workspace ids.';
  }
  if (step === 'report') {
    return 'This server may not open the Power BI report. Ask an administrator to give it access to the workspace.';
  }
  return "Power BI refused an embed token for this report. Ask an administrator to check the report's row-level security role.";
}

function parse<T>(schema: z.ZodType<T>, body: unknown, step: Step): T {
  const result = schema.safeParse(body);
  if (!result.success) {
    throw unexpectedAnswer(
      step,
      result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '),
    );
  }
  return result.data;
}

function unexpectedAnswer(step: Step, detail: string): EmbedProviderError {
  return new EmbedProviderError(
    'Power BI answered in a way this server did not expect. Try again in a moment.',
    {
      cause: new Error(`Power BI ${STEP_NAMES[step]}: ${detail}`),
    },
  );
}
