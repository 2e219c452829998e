import { eq } from 'drizzle-orm';
import { jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminAssignmentsResponseSchema,
  embedConfigSchema,
  reportAccessResponseSchema,
  reportAssignmentsResponseSchema,
  reportResponseSchema,
  sigmaEmbedResponseSchema,
} from '#shared/contracts/reports.ts';
import { errorResponseSchema } from '#shared/contracts/errors.ts';
import { loadConfig } from '#server/config.ts';
import { accessRecords, productFeatures, subscriberFeatures } from '#server/db/schema/access.ts';
import { mailOutbox } from '#server/db/schema/manual-entries.ts';
import { reportAccessRequests } from '#server/db/schema/reports.ts';
import { buildAgency, buildUser } from '#tests/support/factories.ts';
import { startFakePowerBi, type FakePowerBi } from '#tests/support/fake-powerbi.ts';
import { createTestApp, injectAs, signIn, type TestApp } from '#tests/support/test-app.ts';

const SIGMA_SECRET = 'sigma-embed-secret-for-tests-0123456789';
const SIGMA_CLIENT_ID = 'sigma-client-id';

let t: TestApp;
let fake: FakePowerBi;
let home: Awaited<ReturnType<typeof buildAgency>>;
let sibling: Awaited<ReturnType<typeof buildAgency>>;
let foreign: Awaited<ReturnType<typeof buildAgency>>;
const cookie: Record<'owner' | 'managed' | 'network' | 'staff' | 'foreignOwner', string> = {
  owner: '',
  managed: '',
  network: '',
  staff: '',
  foreignOwner: '',
};
const ids: Record<'network' | 'sibling' | 'foreign' | 'sigma' | 'metabase', string> = {
  network: '',
  sibling: '',
  foreign: '',
  sigma: '',
  metabase: '',
};

const as = (
  who: keyof typeof cookie,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
) => injectAs(t.app, cookie[who], method, url, body);

async function assign(body: Record<string, unknown>): Promise<string> {
  const response = await as('staff', 'POST', '/api/admin/report-assignments', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ assignmentId: string }>().assignmentId;
}

beforeAll(async () => {
  fake = await startFakePowerBi();
  const { embeds } = loadConfig({
    NODE_ENV: 'test',
    AUTH_SECRET: 'test-secret-that-is-long-enough-0123456789',
    POWERBI_TENANT_ID: fake.tenantId,
    POWERBI_CLIENT_ID: fake.clientId,
    POWERBI_CLIENT_SECRET: fake.clientSecret,
    POWERBI_AUTHORITY_URL: fake.url,
    POWERBI_API_URL: fake.url,
    POWERBI_EMBED_ORIGIN: fake.embedOrigin,
    POWERBI_TIMEOUT_MS: '2000',
    SIGMA_CLIENT_ID,
    SIGMA_SECRET,
    SIGMA_BASE_URL: 'https://app.sigmacomputing.com/understanding-test',
  });
  t = await createTestApp({ embeds });
  const db = t.database.db;
  home = await buildAgency(db);
  sibling = await buildAgency(db, { networkUuid: home.networkUuid });
  foreign = await buildAgency(db);
  const owner = await buildUser(db, { agencyUuid: home.uuid, networkUuid: home.networkUuid, isOwner: true });
  const managed = await buildUser(db, { agencyUuid: home.uuid, networkUuid: home.networkUuid });
  const networkUser = await buildUser(db, { userType: 'network', networkUuid: home.networkUuid });
  const staff = await buildUser(db, { userType: 'internal' });
  const foreignOwner = await buildUser(db, {
    agencyUuid: foreign.uuid,
    networkUuid: foreign.networkUuid,
    isOwner: true,
  });

  await db.insert(productFeatures).values([
    { key: 'pbi-agency-production', title: 'Agency Production', externalId: 'test-ap', isLive: true },
    { key: 'site-ams-data-health', title: 'AMS Data Health', externalId: 'test-ams', isLive: true },
    { key: 'pbi-retention', title: 'Retention', externalId: 'test-retention', isLive: false },
  ]);
  await db.insert(subscriberFeatures).values(
    [home, sibling, foreign].flatMap((agency) => [
      { agencyUuid: agency.uuid, externalId: 'test-ap' },
      { agencyUuid: agency.uuid, externalId: 'test-ams' },
    ]),
  );
  // The managed user is denied Agency Production (and has a record, so nothing else either).
  await db
    .insert(accessRecords)
    .values({ userId: managed.id, productComponentKey: 'pbi-agency-production', denyAccess: true });

  cookie.owner = await signIn(t.app, owner.email);
  cookie.managed = await signIn(t.app, managed.email);
  cookie.network = await signIn(t.app, networkUser.email);
  cookie.staff = await signIn(t.app, staff.email);
  cookie.foreignOwner = await signIn(t.app, foreignOwner.email);

  const powerbi = { reportKey: 'agency-production', provider: 'powerbi', workspaceId: 'ws-1' };
  ids.network = await assign({ ...powerbi, levelUuid: home.networkUuid, reportId: 'rep-network' });
  ids.sibling = await assign({ ...powerbi, levelUuid: sibling.uuid, reportId: 'rep-sibling' });
  ids.foreign = await assign({ ...powerbi, levelUuid: foreign.networkUuid, reportId: 'rep-foreign' });
  ids.sigma = await assign({
    reportKey: 'ams-data-health',
    provider: 'sigma',
    levelUuid: home.networkUuid,
    reportId: 'wb-ams',
  });
  ids.metabase = await assign({
    reportKey: 'retention',
    provider: 'metabase',
    levelUuid: home.networkUuid,
    reportId: '7',
  });
});

afterAll(async () => {
  await t?.close();
  await fake?.close();
});

describe('GET /api/reports/{key}', () => {
  it("answers the network's dashboard to its agency, and an agency's own in its place", async () => {
    const own = await as('owner', 'GET', '/api/reports/agency-production');
    expect(own.statusCode, own.body).toBe(200);
    expect(reportResponseSchema.parse(own.json())).toMatchObject({
      report: {
        key: 'agency-production',
        label: 'Agency Production',
        fallbackReport: 'agency-production-teaser',
      },
      assignment: {
        assignmentId: ids.network,
        provider: 'powerbi',
        reportId: 'rep-network',
        level: 'network',
      },
    });
    const atSibling = await as('network', 'GET', `/api/reports/agency-production?levelUuid=${sibling.uuid}`);
    expect(reportResponseSchema.parse(atSibling.json()).assignment).toMatchObject({
      assignmentId: ids.sibling,
      level: 'agency',
    });
  });

  it('answers no assignment where none is set, 403 without the feature, 404 for an unknown report', async () => {
    const foreignView = await as('staff', 'GET', `/api/reports/ams-data-health?levelUuid=${foreign.uuid}`);
    expect(reportResponseSchema.parse(foreignView.json()).assignment).toBeNull();
    expect((await as('managed', 'GET', '/api/reports/agency-production')).statusCode).toBe(403);
    expect((await as('owner', 'GET', '/api/reports/retention')).statusCode).toBe(403);
    expect((await as('owner', 'GET', '/api/reports/no-such-report')).statusCode).toBe(404);
  });

  it("refuses a level outside the caller's scope", async () => {
    for (const [who, level] of [
      ['owner', sibling.uuid],
      ['owner', foreign.networkUuid],
      ['network', foreign.uuid],
      ['foreignOwner', home.uuid],
    ] as const) {
      const response = await as(who, 'GET', `/api/reports/agency-production?levelUuid=${level}`);
      expect(response.statusCode, `${who} at ${level}`).toBe(403);
      expect(response.body).not.toContain('rep-');
    }
  });
});

describe('GET /api/reports/assignments and /api/subscription/assignments', () => {
  it('list the dashboards at the level, only for reports the caller may open', async () => {
    const list = reportAssignmentsResponseSchema.parse(
      (await as('owner', 'GET', '/api/reports/assignments')).json(),
    );
    expect(list.assignments.map((a) => a.assignmentId).sort()).toEqual([ids.network, ids.sigma].sort());
    const managed = reportAssignmentsResponseSchema.parse(
      (await as('managed', 'GET', '/api/reports/assignments')).json(),
    );
    expect(managed.assignments).toEqual([]);
    const staffAtSibling = reportAssignmentsResponseSchema.parse(
      (await as('staff', 'GET', `/api/reports/assignments?levelUuid=${sibling.uuid}`)).json(),
    );
    // Metabase has no keys on this server: its dashboard is not one users can open.
    expect(staffAtSibling.assignments.map((a) => a.assignmentId).sort()).toEqual(
      [ids.sibling, ids.sigma].sort(),
    );
  });

  it("answer a subscriber's dashboards within scope only", async () => {
    const own = await as(
      'owner',
      'GET',
      `/api/subscription/assignments?subscriberUuid=${home.subscriber.uuid}`,
    );
    expect(reportAssignmentsResponseSchema.parse(own.json()).assignments).toHaveLength(2);
    const byDefault = await as('owner', 'GET', '/api/subscription/assignments');
    expect(byDefault.json()).toEqual(own.json());
    for (const subscriber of [sibling.subscriber.uuid, foreign.subscriber.uuid]) {
      const response = await as('owner', 'GET', `/api/subscription/assignments?subscriberUuid=${subscriber}`);
      expect(response.statusCode).toBe(403);
    }
    const networkView = await as(
      'network',
      'GET',
      `/api/subscription/assignments?subscriberUuid=${sibling.subscriber.uuid}`,
    );
    expect(reportAssignmentsResponseSchema.parse(networkView.json()).assignments[0]).toMatchObject({
      assignmentId: ids.sibling,
    });
  });
});

describe('GET /api/reports/{assignmentId}/config', () => {
  it('mints a Power BI embed config with the tenant of the session as effective identity', async () => {
    fake.reset();
    const response = await as('owner', 'GET', `/api/reports/${ids.network}/config?live=true`);
    expect(response.statusCode, response.body).toBe(200);
    const config = embedConfigSchema.parse(response.json());
    const issued = fake.embedTokens.at(-1)!;
    expect(config).toMatchObject({
      assignmentId: ids.network,
      provider: 'powerbi',
      reportId: 'rep-network',
      origin: fake.embedOrigin,
      accessToken: issued.token,
      expiration: new Date(issued.expiration).toISOString(),
    });
    expect(new URL(config.embedUrl).origin).toBe(fake.embedOrigin);
    expect(issued.identities).toEqual([
      expect.objectContaining({
        username: home.uuid,
        roles: ['Tenant'],
        datasets: [fake.datasetIdFor('rep-network')],
      }),
    ]);
  });

  it("uses the level's tenant for a network user looking at an agency", async () => {
    const response = await as(
      'network',
      'GET',
      `/api/reports/${ids.sibling}/config?levelUuid=${sibling.uuid}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(fake.embedTokens.at(-1)!.identities[0]).toMatchObject({ username: sibling.uuid });
    const networkLevel = await as('network', 'GET', `/api/reports/${ids.network}/config`);
    expect(networkLevel.statusCode, networkLevel.body).toBe(200);
    expect(fake.embedTokens.at(-1)!.identities[0]).toMatchObject({ username: home.networkUuid });
  });

  it("refuses another tenant's dashboards and one the agency's own assignment replaced", async () => {
    const before = fake.embedTokens.length;
    const cases = [
      ['owner', ids.sibling, ''],
      ['owner', ids.foreign, ''],
      ['owner', ids.foreign, `?levelUuid=${foreign.networkUuid}`],
      ['network', ids.foreign, ''],
      ['network', ids.network, `?levelUuid=${sibling.uuid}`],
      ['foreignOwner', ids.network, ''],
      ['managed', ids.network, ''],
    ] as const;
    for (const [who, id, query] of cases) {
      const response = await as(who, 'GET', `/api/reports/${id}/config${query}`);
      expect([403, 404], `${who} ${id}${query}: ${response.body}`).toContain(response.statusCode);
      expect(response.body).not.toContain('embedUrl');
    }
    expect(fake.embedTokens.length).toBe(before);
  });

  it('answers 502 with a message when Power BI fails, and 503 for a provider that is not set up', async () => {
    fake.failNext('generateToken', 500);
    const failed = await as('owner', 'GET', `/api/reports/${ids.network}/config`);
    expect(failed.statusCode).toBe(502);
    expect(errorResponseSchema.parse(failed.json()).error.message).toMatch(/Power BI/);

    const metabase = await as('staff', 'GET', `/api/reports/${ids.metabase}/config?levelUuid=${home.uuid}`);
    expect(metabase.statusCode).toBe(503);
    expect(errorResponseSchema.parse(metabase.json()).error.message).toBe(
      'Metabase dashboards are not set up on this server yet. Please contact support.',
    );
  });
});

describe('a dashboard on a provider this server is not set up for', () => {
  it('counts as no assignment, so the report shows its fallback; staff are told which provider', async () => {
    const forStaff = await as('staff', 'GET', `/api/reports/retention?levelUuid=${home.networkUuid}`);
    expect(forStaff.statusCode, forStaff.body).toBe(200);
    expect(reportResponseSchema.parse(forStaff.json())).toMatchObject({
      assignment: null,
      providerNotSetUp: 'Metabase',
    });
    const listed = await as('staff', 'GET', `/api/reports/assignments?levelUuid=${home.networkUuid}`);
    const keys = reportAssignmentsResponseSchema.parse(listed.json()).assignments.map((a) => a.reportKey);
    expect(keys).toContain('agency-production');
    expect(keys).not.toContain('retention');
    // A configured provider's dashboard is still answered, with nothing to explain.
    const powerBi = await as('owner', 'GET', '/api/reports/agency-production');
    expect(reportResponseSchema.parse(powerBi.json()).providerNotSetUp).toBeNull();
  });
});

describe('POST /api/sigma/embed', () => {
  it('signs the embed URL of an assigned workbook with the session tenant, whatever the body says', async () => {
    const response = await as('owner', 'POST', '/api/sigma/embed', {
      workbookId: 'wb-ams',
      email: 'someone-else@example.test',
      jwt: 'ignored',
    });
    expect(response.statusCode, response.body).toBe(200);
    const { embedUrl, origin } = sigmaEmbedResponseSchema.parse(response.json());
    expect(origin).toBe('https://app.sigmacomputing.com');
    const url = new URL(embedUrl);
    expect(url.pathname).toBe('/understanding-test/workbook/wb-ams');
    const token = url.searchParams.get(':jwt')!;
    const { payload, protectedHeader } = await jwtVerify(token, new TextEncoder().encode(SIGMA_SECRET));
    expect(protectedHeader.kid).toBe(SIGMA_CLIENT_ID);
    expect(payload.sub).not.toBe('someone-else@example.test');
    expect(payload.user_attributes).toMatchObject({ agency_uuid: home.uuid, network_uuid: home.networkUuid });
  });

  it('refuses a workbook that is not assigned and a subscriber outside the scope', async () => {
    expect((await as('owner', 'POST', '/api/sigma/embed', { workbookId: 'wb-other' })).statusCode).toBe(404);
    const foreignSubscriber = await as('owner', 'POST', '/api/sigma/embed', {
      workbookId: 'wb-ams',
      subscriberUuid: foreign.subscriber.uuid,
    });
    expect(foreignSubscriber.statusCode).toBe(403);
    expect((await as('foreignOwner', 'POST', '/api/sigma/embed', { workbookId: 'wb-ams' })).statusCode).toBe(
      404,
    );
    expect((await as('owner', 'POST', '/api/sigma/embed', { workbookId: '' })).statusCode).toBe(400);
    const foreignLevel = await as('network', 'POST', '/api/sigma/embed', {
      workbookId: 'wb-ams',
      levelUuid: foreign.uuid,
    });
    expect(foreignLevel.statusCode).toBe(403);
    const siblingLevel = await as('network', 'POST', '/api/sigma/embed', {
      workbookId: 'wb-ams',
      levelUuid: sibling.uuid,
    });
    expect(siblingLevel.statusCode, siblingLevel.body).toBe(200);
  });
});

describe('report access requests', () => {
  it('stores the request and forwards it to support', async () => {
    const response = await as('owner', 'POST', '/api/reports/revenue-tuner-teaser/access-requests', {
      message: 'We would like to try it.',
    });
    const body = reportAccessResponseSchema.parse(response.json());
    expect(body.error).toBe(false);
    const [stored] = await t.database.db
      .select()
      .from(reportAccessRequests)
      .where(eq(reportAccessRequests.uuid, body.requestUuid!));
    expect(stored).toMatchObject({ reportKey: 'revenue-tuner', agencyUuid: home.uuid, status: 'forwarded' });
    const mail = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.subject, 'Report access request: Revenue Tuner'));
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text).toContain('We would like to try it.');
  });

  it('names the problem with a message that is too long, and an unknown report', async () => {
    const long = await as('owner', 'POST', '/api/reports/revenue-tuner/access-requests', {
      message: 'x'.repeat(1001),
    });
    expect(long.statusCode).toBe(400);
    expect(errorResponseSchema.parse(long.json()).error.fields).toHaveProperty('message');
    expect((await as('owner', 'POST', '/api/reports/nope/access-requests', {})).statusCode).toBe(404);
  });
});

describe('assignment admin', () => {
  it('is for internal staff only', async () => {
    expect((await as('owner', 'GET', '/api/admin/report-assignments')).statusCode).toBe(403);
    const create = await as('network', 'POST', '/api/admin/report-assignments', {
      reportKey: 'retention',
      provider: 'sigma',
      levelUuid: home.networkUuid,
      reportId: 'wb-x',
    });
    expect(create.statusCode).toBe(403);
    expect((await as('owner', 'DELETE', `/api/admin/report-assignments/${ids.network}`)).statusCode).toBe(
      403,
    );
  });

  it('lists every assignment with its level and the providers this server is set up for', async () => {
    const list = adminAssignmentsResponseSchema.parse(
      (await as('staff', 'GET', '/api/admin/report-assignments')).json(),
    );
    expect(list.assignments).toHaveLength(5);
    expect(list.assignments.find((a) => a.assignmentId === ids.sibling)).toMatchObject({
      levelName: sibling.name,
      agencyUuid: sibling.uuid,
      workspaceId: 'ws-1',
    });
    expect(list.providers).toEqual([
      { provider: 'powerbi', configured: true },
      { provider: 'sigma', configured: true },
      { provider: 'metabase', configured: false },
    ]);
  });

  it('names what is wrong: a duplicate, a missing workspace, an unknown report', async () => {
    const duplicate = await as('staff', 'POST', '/api/admin/report-assignments', {
      reportKey: 'agency-production',
      provider: 'sigma',
      levelUuid: home.networkUuid,
      reportId: 'wb-2',
    });
    expect(duplicate.statusCode).toBe(409);
    expect(errorResponseSchema.parse(duplicate.json()).error.message).toContain('Agency Production');
    const noWorkspace = await as('staff', 'POST', '/api/admin/report-assignments', {
      reportKey: 'lift-analysis',
      provider: 'powerbi',
      levelUuid: home.networkUuid,
      reportId: 'rep-x',
    });
    expect(noWorkspace.statusCode).toBe(400);
    expect(errorResponseSchema.parse(noWorkspace.json()).error.fields).toHaveProperty('workspaceId');
    const unknown = await as('staff', 'POST', '/api/admin/report-assignments', {
      reportKey: 'carrier-production',
      provider: 'sigma',
      levelUuid: home.networkUuid,
      reportId: 'wb-x',
    });
    expect(unknown.statusCode).toBe(400);
    expect(errorResponseSchema.parse(unknown.json()).error.fields).toHaveProperty('reportKey');
  });

  it('changes and removes an assignment, leaving the others', async () => {
    const id = await assign({
      reportKey: 'lift-analysis',
      provider: 'metabase',
      levelUuid: sibling.uuid,
      reportId: '3',
    });
    const change = await as('staff', 'PUT', `/api/admin/report-assignments/${id}`, {
      reportKey: 'lift-analysis',
      provider: 'metabase',
      levelUuid: sibling.uuid,
      reportId: '4',
      parameters: { tenantParameter: 'agency' },
    });
    expect(change.statusCode, change.body).toBe(204);
    const listed = adminAssignmentsResponseSchema
      .parse((await as('staff', 'GET', '/api/admin/report-assignments')).json())
      .assignments.find((a) => a.assignmentId === id);
    expect(listed).toMatchObject({ reportId: '4', parameters: { tenantParameter: 'agency' } });
    expect((await as('staff', 'DELETE', `/api/admin/report-assignments/${id}`)).statusCode).toBe(204);
    expect((await as('staff', 'DELETE', `/api/admin/report-assignments/${id}`)).statusCode).toBe(404);
    const after = adminAssignmentsResponseSchema.parse(
      (await as('staff', 'GET', '/api/admin/report-assignments')).json(),
    );
    expect(after.assignments).toHaveLength(5);
  });
});

describe('content security policy', () => {
  it('allows exactly the configured providers as frame sources', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain(`frame-src ${fake.embedOrigin} https://app.sigmacomputing.com;`);
  });
});
