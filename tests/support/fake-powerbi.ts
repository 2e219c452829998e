import { createHash, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local fake of Microsoft Entra's token endpoint and the three Power BI REST calls the server makes
 * (src/server/services/reports/embed/powerbi.ts), on 127.0.0.1, for integration and browser tests.
 * Point POWERBI_AUTHORITY_URL and POWERBI_API_URL at `url`, and POWERBI_EMBED_ORIGIN at `embedOrigin`
 * (default: `url`). It implements:
 * - POST /{tenantId}/oauth2/v2.0/token (client credentials; checks tenant, client id, secret, scope)
 * - GET  /v1.0/myorg/groups/{groupId}/reports/{reportId} (any report; datasetIdFor(reportId))
 * - POST /v1.0/myorg/GenerateToken (checks the bearer token, the reports, datasets and identities)
 */

export const FAKE_POWERBI_TENANT_ID = '5f0c2a7e-0b1d-4c55-9d8e-7a1b2c3d4e5f';
export const FAKE_POWERBI_CLIENT_ID = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
export const FAKE_POWERBI_CLIENT_SECRET = 'fake-powerbi-client-secret';
const POWERBI_SCOPE = 'https://analysis.windows.net/powerbi/api/.default';

export type FakePowerBiCall = 'token' | 'report' | 'generateToken';

export type FakePowerBiOptions = {
  /** Default 0: any free port. */
  port?: number;
  /** The origin of the embedUrl the report endpoint answers; default the fake's own url. */
  embedOrigin?: string;
  tenantId?: string;
  clientId?: string;
  clientSecret?: string;
  /** expires_in of Entra tokens (default 3600). */
  tokenTtlSeconds?: number;
  /** How far ahead of now an embed token's expiration is (default 3600). */
  embedTokenTtlSeconds?: number;
};

export type FakePowerBiRequest = {
  method: string;
  /** Path and query string. */
  path: string;
  /** Parsed JSON or form body; null without a body. */
  body: unknown;
  authorization?: string;
};

export type FakeEffectiveIdentity = {
  username?: string;
  roles?: string[];
  datasets?: string[];
  customData?: string;
};

/** An embed token the fake issued, with what it was issued for. */
export type FakeEmbedToken = {
  token: string;
  tokenId: string;
  expiration: string;
  reportIds: string[];
  datasetIds: string[];
  identities: FakeEffectiveIdentity[];
};

export type FakePowerBi = {
  url: string;
  /** The origin of the embedUrls it answers. */
  embedOrigin: string;
  tenantId: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
  /** Every request, in order. */
  requests: FakePowerBiRequest[];
  /** The next request of this kind answers `status` with an error body like Microsoft's. */
  failNext(kind: FakePowerBiCall, status: number): void;
  /** The next request of this kind answers only after `ms` milliseconds (timeouts). */
  delayNext(kind: FakePowerBiCall, ms: number): void;
  /** expires_in of the Entra tokens it issues from now on. */
  tokenTtlSeconds: number;
  /** Seconds ahead of now of the embed tokens' expiration from now on. */
  embedTokenTtlSeconds: number;
  /** The embed tokens issued, in order. */
  embedTokens: FakeEmbedToken[];
  /** The dataset of a report (a stable GUID derived from its id). */
  datasetIdFor(reportId: string): string;
  /** Forget requests, tokens and pending failures. */
  reset(): void;
};

class HttpAnswer {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {}
}

/** Starts the fake; `close()` it after the tests. */
export async function startFakePowerBi(options: FakePowerBiOptions = {}): Promise<FakePowerBi> {
  const failures: Record<FakePowerBiCall, number[]> = { token: [], report: [], generateToken: [] };
  const delays: Record<FakePowerBiCall, number[]> = { token: [], report: [], generateToken: [] };
  const accessTokens = new Map<string, number>();
  const timers = new Set<NodeJS.Timeout>();

  const server = createServer((req, res) => {
    void handle(req, res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const embedOrigin = options.embedOrigin ? new URL(options.embedOrigin).origin : url;

  const fake: FakePowerBi = {
    url,
    embedOrigin,
    tenantId: options.tenantId ?? FAKE_POWERBI_TENANT_ID,
    clientId: options.clientId ?? FAKE_POWERBI_CLIENT_ID,
    clientSecret: options.clientSecret ?? FAKE_POWERBI_CLIENT_SECRET,
    requests: [],
    tokenTtlSeconds: options.tokenTtlSeconds ?? 3600,
    embedTokenTtlSeconds: options.embedTokenTtlSeconds ?? 3600,
    embedTokens: [],
    failNext(kind, status) {
      failures[kind].push(status);
    },
    delayNext(kind, ms) {
      delays[kind].push(ms);
    },
    datasetIdFor,
    reset() {
      fake.requests.length = 0;
      fake.embedTokens.length = 0;
      accessTokens.clear();
      for (const kind of Object.keys(failures) as FakePowerBiCall[]) {
        failures[kind].length = 0;
        delays[kind].length = 0;
      }
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const timer of timers) clearTimeout(timer);
        timers.clear();
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const text = await readBody(req);
    const path = req.url ?? '/';
    const method = req.method ?? 'GET';
    const isForm = (req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
    const body = parseBody(text, isForm);
    fake.requests.push({
      method,
      path,
      body,
      ...(req.headers.authorization ? { authorization: req.headers.authorization } : {}),
    });
    const kind = route(method, new URL(path, url).pathname);
    let answer: HttpAnswer;
    try {
      answer = kind ? await answerFor(kind.call, kind.params, req, body) : notFound('No such endpoint');
    } catch (error) {
      answer = new HttpAnswer(500, { error: String(error) });
    }
    if (res.destroyed) return;
    res.writeHead(answer.status, {
      'content-type': 'application/json; charset=utf-8',
      requestid: randomUUID(),
    });
    res.end(JSON.stringify(answer.body));
  }

  async function answerFor(
    call: FakePowerBiCall,
    params: Record<string, string>,
    req: IncomingMessage,
    body: unknown,
  ): Promise<HttpAnswer> {
    const delay = delays[call].shift();
    if (delay !== undefined) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          timers.delete(timer);
          resolve();
        }, delay);
        timers.add(timer);
      });
    }
    const failure = failures[call].shift();
    if (failure !== undefined) return failureAnswer(call, failure);
    if (call === 'token') return issueAccessToken(params.tenantId ?? '', body);
    const refused = refuseBearer(req);
    if (refused) return refused;
    if (call === 'report') return reportAnswer(params.groupId ?? '', params.reportId ?? '');
    return generateToken(body);
  }

  function issueAccessToken(tenantId: string, body: unknown): HttpAnswer {
    const form = isRecord(body) ? body : {};
    if (tenantId !== fake.tenantId) {
      return new HttpAnswer(400, {
        error: 'invalid_tenant',
        error_description: `AADSTS90002: Tenant '${tenantId}' not found.`,
      });
    }
    if (form.grant_type !== 'client_credentials') {
      return new HttpAnswer(400, { error: 'unsupported_grant_type', error_description: 'AADSTS70003' });
    }
    if (form.scope !== POWERBI_SCOPE) {
      return new HttpAnswer(400, { error: 'invalid_scope', error_description: 'AADSTS70011: invalid scope' });
    }
    if (form.client_id !== fake.clientId) {
      return new HttpAnswer(400, {
        error: 'unauthorized_client',
        error_description: `AADSTS700016: Application with identifier '${String(form.client_id)}' was not found.`,
      });
    }
    if (form.client_secret !== fake.clientSecret) {
      return new HttpAnswer(401, {
        error: 'invalid_client',
        error_description: 'AADSTS7000215: Invalid client secret provided.',
      });
    }
    const accessToken = `fake-entra-${randomUUID()}`;
    accessTokens.set(accessToken, Date.now() + fake.tokenTtlSeconds * 1000);
    return new HttpAnswer(200, {
      token_type: 'Bearer',
      expires_in: fake.tokenTtlSeconds,
      ext_expires_in: fake.tokenTtlSeconds,
      access_token: accessToken,
    });
  }

  /** Power BI answers 403 to a bearer token it does not know or that has expired. */
  function refuseBearer(req: IncomingMessage): HttpAnswer | null {
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const expiresAt = token ? accessTokens.get(token) : undefined;
    if (expiresAt !== undefined && expiresAt > Date.now()) return null;
    return new HttpAnswer(403, {
      error: { code: 'TokenExpired', message: 'Access token has expired or is not valid' },
    });
  }

  function reportAnswer(groupId: string, reportId: string): HttpAnswer {
    const query = new URLSearchParams({ reportId, groupId, w: '2' });
    return new HttpAnswer(200, {
      id: reportId,
      reportType: 'PowerBIReport',
      name: `Fake report ${reportId}`,
      webUrl: `${url}/groups/${groupId}/reports/${reportId}`,
      embedUrl: `${embedOrigin}/reportEmbed?${query.toString()}`,
      isFromPbix: true,
      isOwnedByMe: true,
      datasetId: datasetIdFor(reportId),
      datasetWorkspaceId: groupId,
    });
  }

  function generateToken(body: unknown): HttpAnswer {
    const request = isRecord(body) ? body : {};
    const reportIds = ids(request.reports);
    const datasetIds = ids(request.datasets);
    const identities = Array.isArray(request.identities)
      ? (request.identities as FakeEffectiveIdentity[])
      : [];
    if (reportIds.length === 0) return badRequest('At least one report is required');
    for (const reportId of reportIds) {
      if (!datasetIds.includes(datasetIdFor(reportId))) {
        return badRequest(`The dataset of report ${reportId} is missing from datasets`);
      }
    }
    for (const identity of identities) {
      const datasets = Array.isArray(identity.datasets) ? identity.datasets : [];
      if (typeof identity.username !== 'string' || identity.username === '') {
        return badRequest('An effective identity needs a username');
      }
      if (datasets.length === 0 || datasets.some((id) => !datasetIds.includes(id))) {
        return badRequest("An effective identity's datasets must be among the request's datasets");
      }
    }
    const issued: FakeEmbedToken = {
      token: `fake-embed-${randomUUID()}`,
      tokenId: randomUUID(),
      expiration: new Date(Date.now() + fake.embedTokenTtlSeconds * 1000)
        .toISOString()
        .replace(/\.\d{3}Z$/, 'Z'),
      reportIds,
      datasetIds,
      identities,
    };
    fake.embedTokens.push(issued);
    return new HttpAnswer(200, {
      token: issued.token,
      tokenId: issued.tokenId,
      expiration: issued.expiration,
    });
  }

  return fake;
}

function route(
  method: string,
  pathname: string,
): { call: FakePowerBiCall; params: Record<string, string> } | null {
  const segments = pathname.split('/').filter(Boolean).map(decodeURIComponent);
  const [a, b, c, d, e, f] = segments;
  if (method === 'POST' && segments.length === 4 && b === 'oauth2' && c === 'v2.0' && d === 'token') {
    return { call: 'token', params: { tenantId: a ?? '' } };
  }
  if (
    method === 'GET' &&
    segments.length === 6 &&
    a === 'v1.0' &&
    b === 'myorg' &&
    c === 'groups' &&
    e === 'reports'
  ) {
    return { call: 'report', params: { groupId: d ?? '', reportId: f ?? '' } };
  }
  if (method === 'POST' && segments.length === 3 && a === 'v1.0' && b === 'myorg' && c === 'GenerateToken') {
    return { call: 'generateToken', params: {} };
  }
  return null;
}

function failureAnswer(call: FakePowerBiCall, status: number): HttpAnswer {
  if (call === 'token') {
    return new HttpAnswer(status, {
      error: status === 401 ? 'invalid_client' : 'temporarily_unavailable',
      error_description: `AADSTS fake failure ${status}`,
    });
  }
  if (status === 404) return notFound('PowerBIEntityNotFound');
  return new HttpAnswer(status, { error: { code: 'FakeFailure', message: `Fake failure ${status}` } });
}

function notFound(code: string): HttpAnswer {
  return new HttpAnswer(404, { error: { code, 'pbi.error': { code } } });
}

function badRequest(message: string): HttpAnswer {
  return new HttpAnswer(400, { error: { code: 'InvalidRequest', message } });
}

/** A stable GUID per report, like a dataset id. */
function datasetIdFor(reportId: string): string {
  const hex = createHash('sha256').update(`dataset:${reportId}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

function ids(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => (isRecord(item) && typeof item.id === 'string' ? [item.id] : []));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseBody(text: string, isForm: boolean): unknown {
  if (text === '') return null;
  if (isForm) return Object.fromEntries(new URLSearchParams(text));
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}
