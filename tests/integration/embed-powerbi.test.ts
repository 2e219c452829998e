import { embedFixtures } from '#tests/support/embed-fixtures.ts';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PowerBiConfig } from '#server/config.ts';
import { EmbedProviderError } from '#server/services/reports/embed/embed-provider.ts';
import {
  createPowerBiProvider,
  type PowerBiEffectiveIdentity,
} from '#server/services/reports/embed/powerbi.ts';
import { startFakePowerBi, type FakePowerBi } from '#tests/support/fake-powerbi.ts';

let fake: FakePowerBi;
let config: PowerBiConfig;
let clock: number;
const now = () => clock;

const workspaceId = randomUUID();
const reportId = randomUUID();
const { networkUuid, agencyUuid, agencyTenant, networkTenant, viewer, staff, assignment } = embedFixtures({
  reportKey: 'agency-production',
  provider: 'powerbi',
  externalId: reportId,
  workspaceId,
});

const requestsTo = (suffix: string) => fake.requests.filter((r) => r.path.endsWith(suffix));
const tokenRequests = () => requestsTo('/oauth2/v2.0/token');
const generateTokenRequests = () => requestsTo('/v1.0/myorg/GenerateToken');

/** The rejection of `promise`, which must be an EmbedProviderError. */
async function failure(promise: Promise<unknown>): Promise<EmbedProviderError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(EmbedProviderError);
  return error as EmbedProviderError;
}

const causeOf = (error: Error) => (error.cause instanceof Error ? error.cause.message : String(error.cause));

beforeAll(async () => {
  fake = await startFakePowerBi();
  config = {
    tenantId: fake.tenantId,
    clientId: fake.clientId,
    clientSecret: fake.clientSecret,
    authorityUrl: fake.url,
    apiUrl: fake.url,
    embedOrigin: fake.embedOrigin,
    rlsRole: 'Tenant',
    timeoutMs: 2_000,
  };
});

afterAll(async () => {
  await fake.close();
});

beforeEach(() => {
  fake.reset();
  fake.tokenTtlSeconds = 3600;
  fake.embedTokenTtlSeconds = 3600;
  clock = Date.now();
});

describe('Power BI embed tokens (app owns data)', () => {
  it("mints the report's embed config with an effective identity for the agency", async () => {
    const provider = createPowerBiProvider(config, { now });
    expect(provider.name).toBe('powerbi');
    expect(provider.origin).toBe(fake.embedOrigin);

    const minted = await provider.mint({ assignment: assignment(), viewer, tenant: agencyTenant });

    const datasetId = fake.datasetIdFor(reportId);
    const issued = fake.embedTokens[0];
    expect(fake.embedTokens).toHaveLength(1);
    expect(minted).toEqual({
      embedUrl: `${fake.url}/reportEmbed?reportId=${reportId}&groupId=${workspaceId}&w=2`,
      accessToken: issued?.token,
      expiration: new Date(issued?.expiration ?? ''),
      reportId,
    });
    expect(minted.expiration.getTime()).toBeGreaterThan(Date.now() + 3500_000);

    const [token] = tokenRequests();
    expect(token).toMatchObject({
      method: 'POST',
      path: `/${fake.tenantId}/oauth2/v2.0/token`,
      body: {
        grant_type: 'client_credentials',
        client_id: fake.clientId,
        client_secret: fake.clientSecret,
        scope: 'https://analysis.windows.net/powerbi/api/.default',
      },
    });
    const [report] = requestsTo(`/v1.0/myorg/groups/${workspaceId}/reports/${reportId}`);
    expect(report?.method).toBe('GET');
    expect(report?.authorization).toMatch(/^Bearer fake-entra-/);

    const [generate] = generateTokenRequests();
    expect(generate?.authorization).toBe(report?.authorization);
    expect(generate?.body).toEqual({
      reports: [{ id: reportId, allowEdit: false }],
      datasets: [{ id: datasetId, xmlaPermissions: 'Off' }],
      identities: [
        {
          username: agencyUuid,
          roles: ['Tenant'],
          datasets: [datasetId],
          customData: expect.any(String) as unknown,
        },
      ],
    });
    const identity = issued?.identities[0] as PowerBiEffectiveIdentity;
    expect(JSON.parse(identity.customData)).toEqual({
      tenantKind: 'agency',
      networkUuid,
      agencyUuid,
      internal: false,
    });
  });

  it("uses the network's uuid for a network-level view, the assignment's RLS role, and flags staff", async () => {
    const provider = createPowerBiProvider(config, { now });
    await provider.mint({
      assignment: assignment({ parameters: { rlsRole: 'NetworkTenant' } }),
      viewer: staff,
      tenant: networkTenant,
    });
    const identity = fake.embedTokens[0]?.identities[0] as PowerBiEffectiveIdentity;
    expect(identity.username).toBe(networkUuid);
    expect(identity.roles).toEqual(['NetworkTenant']);
    expect(JSON.parse(identity.customData)).toEqual({
      tenantKind: 'network',
      networkUuid,
      agencyUuid: null,
      internal: true,
    });
  });

  it('reuses the Entra token until five minutes before it expires, then fetches a new one', async () => {
    const provider = createPowerBiProvider(config, { now });
    const input = { assignment: assignment(), viewer, tenant: agencyTenant };
    await provider.mint(input);
    await provider.mint(input);
    expect(tokenRequests()).toHaveLength(1);
    expect(generateTokenRequests()).toHaveLength(2);

    clock += (3600 - 300) * 1000 - 1000;
    await provider.mint(input);
    expect(tokenRequests()).toHaveLength(1);

    clock += 2000;
    await provider.mint(input);
    expect(tokenRequests()).toHaveLength(2);
    const [, , , last] = generateTokenRequests();
    const [, , first] = generateTokenRequests();
    expect(last?.authorization).not.toBe(first?.authorization);
  });

  it('asks for one token when several mints start together, and none is kept when it lives under five minutes', async () => {
    const provider = createPowerBiProvider(config, { now });
    const input = { assignment: assignment(), viewer, tenant: agencyTenant };
    await Promise.all([provider.mint(input), provider.mint(input), provider.mint(input)]);
    expect(tokenRequests()).toHaveLength(1);

    fake.reset();
    fake.tokenTtlSeconds = 240;
    const shortLived = createPowerBiProvider(config, { now });
    await shortLived.mint(input);
    await shortLived.mint(input);
    expect(tokenRequests()).toHaveLength(2);
  });

  it('reports refused credentials without the secret, and the status for the logs', async () => {
    const provider = createPowerBiProvider(config, { now });
    fake.failNext('token', 401);
    const error = await failure(provider.mint({ assignment: assignment(), viewer, tenant: agencyTenant }));
    expect(error.message).toBe(
      "Power BI did not accept this server's credentials. Ask an administrator to check the Power BI settings.",
    );
    expect(causeOf(error)).toMatch(/Entra token answered 401/);
    expect(`${error.message} ${causeOf(error)}`).not.toContain(fake.clientSecret);
    expect(requestsTo('/GenerateToken')).toHaveLength(0);

    const wrongSecret = createPowerBiProvider({ ...config, clientSecret: 'wrong' }, { now });
    const refused = await failure(
      wrongSecret.mint({ assignment: assignment(), viewer, tenant: agencyTenant }),
    );
    expect(refused.message).toMatch(/did not accept this server's credentials/);
    expect(causeOf(refused)).toMatch(/401.*invalid_client/);
  });

  it('reports a report that does not exist', async () => {
    const provider = createPowerBiProvider(config, { now });
    fake.failNext('report', 404);
    const error = await failure(provider.mint({ assignment: assignment(), viewer, tenant: agencyTenant }));
    expect(error.message).toMatch(/Power BI report assigned to this page was not found/);
    expect(causeOf(error)).toMatch(/Get report answered 404 \(request id [0-9a-f-]+\)/);
    expect(generateTokenRequests()).toHaveLength(0);
  });

  it('reports a GenerateToken failure, and forgets a token Power BI refused', async () => {
    const provider = createPowerBiProvider(config, { now });
    const input = { assignment: assignment(), viewer, tenant: agencyTenant };
    fake.failNext('generateToken', 500);
    const error = await failure(provider.mint(input));
    expect(error.message).toBe('Power BI is not available right now. Try again in a moment.');
    expect(causeOf(error)).toMatch(/GenerateToken answered 500/);

    fake.failNext('generateToken', 403);
    const refused = await failure(provider.mint(input));
    expect(refused.message).toMatch(/refused an embed token/);
    expect(tokenRequests()).toHaveLength(1);
    await provider.mint(input);
    expect(tokenRequests()).toHaveLength(2);
  });

  it('gives up after the timeout, and says so when Power BI cannot be reached', async () => {
    const provider = createPowerBiProvider({ ...config, timeoutMs: 200 }, { now });
    fake.delayNext('report', 1_000);
    const started = Date.now();
    const error = await failure(provider.mint({ assignment: assignment(), viewer, tenant: agencyTenant }));
    expect(Date.now() - started).toBeLessThan(900);
    expect(error.message).toBe('Power BI did not answer in time. Try again in a moment.');
    expect(causeOf(error)).toMatch(/Get report took longer than 200 ms/);

    const closed = await startFakePowerBi();
    const unreachableUrl = closed.url;
    await closed.close();
    const unreachable = createPowerBiProvider({ ...config, authorityUrl: unreachableUrl }, { now });
    const offline = await failure(
      unreachable.mint({ assignment: assignment(), viewer, tenant: agencyTenant }),
    );
    expect(offline.message).toBe('Power BI could not be reached. Try again in a moment.');
  });

  it('needs a workspace id, and a report address within the embed origin', async () => {
    const provider = createPowerBiProvider(config, { now });
    const error = await failure(
      provider.mint({ assignment: assignment({ workspaceId: '' }), viewer, tenant: agencyTenant }),
    );
    expect(error.message).toMatch(/has no workspace/);
    expect(fake.requests).toHaveLength(0);

    const elsewhere = createPowerBiProvider({ ...config, embedOrigin: 'https://app.powerbi.com' }, { now });
    const outside = await failure(elsewhere.mint({ assignment: assignment(), viewer, tenant: agencyTenant }));
    expect(outside.message).toMatch(/report address this server does not allow/);
    expect(generateTokenRequests()).toHaveLength(0);
  });

  it("refuses another agency's assignment before calling Microsoft", async () => {
    const provider = createPowerBiProvider(config, { now });
    await failure(
      provider.mint({ assignment: assignment({ agencyUuid: randomUUID() }), viewer, tenant: agencyTenant }),
    );
    expect(fake.requests).toHaveLength(0);
  });
});
