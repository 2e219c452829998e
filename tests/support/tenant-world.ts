import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { UPLOAD_PERMISSION } from '#shared/domain/access.ts';
import { EMBEDDABLE_REPORTS } from '#shared/domain/reports.ts';
import { loadConfig } from '#server/config.ts';
import {
  featureFlags,
  productFeatures,
  subscriberFeatures,
  userPermissions,
} from '#server/db/schema/access.ts';
import { invitations, users } from '#server/db/schema/auth.ts';
import { importValueMappings } from '#server/db/schema/imports.ts';
import type { Actor } from '#server/policies/actor.ts';
import { commitImport } from '#server/services/import/import-load.ts';
import { readRows, stageFile } from '#server/services/import/import-staging.ts';
import { hashRegistrationToken } from '#server/services/registration/invitation-service.ts';
import { agreementTemplateCsv } from '#shared/contracts/profit-sharing-import.ts';
import { buildAgency, buildBroadLines, buildCarrier, buildNetwork, buildUser } from './factories.ts';
import { createTestApp, injectAs, signIn, type TestApp } from './test-app.ts';

/**
 * Two networks side by side, each with agencies, users of every role and records of every kind that
 * an endpoint takes an id of, for the generated suites (tests/integration/generated): the home
 * network with the callers' agency and a sibling agency, and a foreign network with an agency.
 */

/** The pinned date of the world (manual entry offers 2024-2026 and months up to November 2026). */
export const WORLD_TODAY = { year: 2026, month: 11, day: 22 };

/** The callers: four tenant roles of the home network, and internal staff. */
export const ROLE_NAMES = ['owner', 'administrator', 'user', 'network', 'staff'] as const;
export type RoleName = (typeof ROLE_NAMES)[number];

/**
 * The tenants records belong to. homeAgency is the callers' own agency and homeNetwork their
 * network; siblingAgency shares the network; foreignAgency sits in foreignNetwork.
 */
export const TENANT_NAMES = [
  'homeAgency',
  'siblingAgency',
  'homeNetwork',
  'foreignAgency',
  'foreignNetwork',
] as const;
export type TenantName = (typeof TENANT_NAMES)[number];

/** The kinds of records an endpoint takes ids of. */
export const ID_KINDS = [
  'level',
  'agency',
  'subscriber',
  'user',
  'pendingUser',
  'entry',
  'subCode',
  'requestId',
  'assignment',
  'sigmaWorkbook',
  /** The network a record belongs to (an agency tenant's is its network's). */
  'network',
  /** An uploaded carrier file (staged, its columns read). */
  'upload',
  /** An agency's growth plan. */
  'plan',
  /** A remembered match of an uploaded file's value: the network's, or an agency's own. */
  'valueMapping',
  /** A profit-sharing agreement: an agency's, or its network's own. */
  'agreement',
  /** A network's own profit-sharing agreement (network tenants only): a contingent check's. */
  'networkAgreement',
  /** A network's contingent check (network tenants only). */
  'check',
  /** A member agency of a network, as a network's record names it (network tenants only). */
  'memberAgency',
] as const;
export type IdKind = (typeof ID_KINDS)[number];

export type Role = {
  name: RoleName;
  userId: string;
  email: string;
  cookie: string;
  agencyUuid: string | null;
  networkUuid: string | null;
};

export type Tenant = {
  name: TenantName;
  kind: 'agency' | 'network';
  networkUuid: string;
  agencyUuid: string | null;
  /** The display name (an agency's or a network's): members of the network may see it. */
  displayName: string;
  /** The id of one record of each kind the tenant holds. */
  ids: Partial<Record<IdKind, string>>;
  /** Text only the tenant's members may see (user names and addresses, sub-codes, invitations). */
  privateMarkers: string[];
};

export type EntryDetails = {
  importUuid: string;
  carrierUuid: string;
  subCodeUuid: string;
  policyType: string;
  year: number;
  month: number;
  version: number;
};

export type AssignmentDetails = {
  reportKey: string;
  provider: string;
  reportId: string;
  workspaceId: string;
  levelUuid: string;
};

export type TenantWorld = {
  t: TestApp;
  roles: Record<RoleName, Role>;
  tenants: Record<TenantName, Tenant>;
  /** A carrier (a global dimension) every agency of the world has a sub-code at. */
  carrierUuid: string;
  /** A feature flag staff may target. */
  flagKey: string;
  /** A request as staff, which must answer 2xx; its JSON answer. */
  asStaff: (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) => Promise<unknown>;
  /** Whether a level id is an agency or a network of the world. */
  levelKindOf: (uuid: string) => 'agency' | 'network';
  entry: (importUuid: string) => Promise<EntryDetails>;
  assignment: (assignmentId: string) => Promise<AssignmentDetails>;
  /** Loads a staged upload (as staff), so that it can be undone. */
  commitUpload: (uploadUuid: string) => Promise<void>;
  /** The version a growth plan is at now (a save names it). */
  planVersion: (planId: string) => Promise<number>;
  /** The version a profit-sharing agreement is at now (a save names it). */
  agreementVersion: (agreementUuid: string) => Promise<number>;
  /** A valid agreement body (a grid of one cell, World Mutual's Personal lines) with a name of its own. */
  agreementBody: (year?: number) => Record<string, unknown>;
  /** A filled agreements template (CSV) naming the world's carrier, under a name of its own. */
  agreementCsv: () => string;
  /** The version a contingent check is at now (a save names it). */
  checkVersion: (checkUuid: string) => Promise<number>;
  /** The amount of every contingent check of the world (dollars). */
  checkAmount: number;
  fresh: {
    /** A new growth plan of an agency tenant, for a year it has no plan for. */
    plan: (tenant: TenantName) => Promise<string>;
    /** A year no agency of the world has a plan for yet. */
    planYear: () => number;
    /** A new profit-sharing agreement of the tenant (an agency's, or the network's own). */
    agreement: (tenant: TenantName) => Promise<string>;
    /** A year the tenant has no agreement in, whose year before has one (to copy from). */
    agreementCopyYear: (tenant: TenantName) => Promise<number>;
    /** A new contingent check of a network tenant, under its agreement. */
    check: (tenant: TenantName) => Promise<string>;
    /** A new staged upload of the tenant (a network's, or an agency administrator's for an agency). */
    upload: (tenant: TenantName) => Promise<string>;
    /** A new remembered match of the tenant (network-wide, or the agency's own). */
    valueMapping: (tenant: TenantName) => Promise<string>;
    /** A new manual entry of an agency tenant (a new key at the tenant's sub-code). */
    entry: (tenant: TenantName) => Promise<string>;
    /** A new dashboard assignment at the tenant's level, for a report it has none for. */
    assignment: (tenant: TenantName) => Promise<string>;
    /** A report key and provider the tenant's level has no assignment for yet. */
    assignmentInput: (tenant: TenantName) => { reportKey: string; provider: 'metabase'; reportId: string };
    /** An invitation to an agency tenant whose token is known. */
    invitation: (
      tenant: TenantName,
      kind: 'createUser' | 'createPrimaryUser' | 'user',
    ) => Promise<{ token: string; email: string; userUuid: string | null; subscriberUuid: string }>;
    email: () => string;
    /** A key (year, month, line) of the tenant's sub-code no entry has yet. */
    entryKey: (tenant: TenantName) => { year: number; month: number; policyType: string };
  };
};

const SIGMA = {
  SIGMA_CLIENT_ID: 'world-sigma-client',
  SIGMA_SECRET: 'world-sigma-secret-0123456789-0123456789',
  SIGMA_BASE_URL: 'https://app.sigmacomputing.com/world-test',
};

/** The data directory of the world's application (where uploaded files are kept). */
let worldDataDir = '';

/** The application the world lives in: Sigma dashboards can be minted, today is WORLD_TODAY. */
export async function createWorldApp(beforeReady?: (app: FastifyInstance) => void): Promise<TestApp> {
  const { embeds } = loadConfig({
    NODE_ENV: 'test',
    AUTH_SECRET: 'test-secret-that-is-long-enough-0123456789',
    ...SIGMA,
  });
  worldDataDir = mkdtempSync(path.join(tmpdir(), 'world-data-'));
  return createTestApp({ embeds, dataDir: worldDataDir }, beforeReady, () => WORLD_TODAY);
}

const AGENCY_REPORT = 'ams-data-health';
const NETWORK_REPORT = 'scorecards';
const LINES = ['PL', 'CL', 'BOND', 'CROP'] as const;

/** Builds the world in the app's database, through factories and, where simpler, the API as staff. */
export async function buildTenantWorld(t: TestApp): Promise<TenantWorld> {
  const db = t.database.db;
  const suffix = () => randomUUID().slice(0, 8);

  await buildBroadLines(db);
  const carrier = await buildCarrier(db, { name: 'World Mutual', displayName: 'World Mutual' });
  await db.insert(productFeatures).values([
    { key: 'cpr', title: 'Carrier Production', externalId: 'world-cpr', isLive: true },
    { key: 'site-ams-data-health', title: 'AMS Data Health', externalId: 'world-ams', isLive: true },
    { key: 'pbi-agency-production', title: 'Agency Production', externalId: 'world-ap', isLive: true },
  ]);
  const flagKey = 'world-flag';
  await db.insert(featureFlags).values([
    { key: flagKey, title: 'World flag', enabled: false },
    // Growth plans need their flag: on for everyone in the world.
    { key: 'growthMeasurement', title: 'Growth Plan Measurement', enabled: true },
    // The agency production scorecard (its calls need the flag and the Agency Production feature).
    { key: 'scorecards', title: 'Scorecards', enabled: true },
  ]);

  const home = await buildAgency(db);
  const sibling = await buildAgency(db, { networkUuid: home.networkUuid });
  const foreign = await buildAgency(db);
  const homeNetworkName = await networkName(t, home.networkUuid);
  const foreignNetworkName = await networkName(t, foreign.networkUuid);
  // A network without agencies must not be confused with the foreign one.
  await buildNetwork(db);
  await db.insert(subscriberFeatures).values(
    [home, sibling, foreign].flatMap((agency) => [
      { agencyUuid: agency.uuid, externalId: 'world-cpr' },
      { agencyUuid: agency.uuid, externalId: 'world-ams' },
      { agencyUuid: agency.uuid, externalId: 'world-ap' },
    ]),
  );

  const inHome = { agencyUuid: home.uuid, networkUuid: home.networkUuid };
  const roleUsers = {
    owner: await buildUser(db, { ...inHome, isOwner: true }),
    administrator: await buildUser(db, { ...inHome, isAdministrator: true }),
    user: await buildUser(db, inHome),
    network: await buildUser(db, { userType: 'network', networkUuid: home.networkUuid }),
    staff: await buildUser(db, { userType: 'internal' }),
  };
  const tenantUsers = {
    homeAgency: await buildUser(db, inHome),
    siblingAgency: await buildUser(db, { agencyUuid: sibling.uuid, networkUuid: sibling.networkUuid }),
    homeNetwork: await buildUser(db, { userType: 'network', networkUuid: home.networkUuid }),
    foreignAgency: await buildUser(db, {
      agencyUuid: foreign.uuid,
      networkUuid: foreign.networkUuid,
      isOwner: true,
    }),
    foreignNetwork: await buildUser(db, { userType: 'network', networkUuid: foreign.networkUuid }),
  };

  // The upload portal's users: network users and staff with the upload permission (spec part 1 §6).
  await db
    .insert(userPermissions)
    .values(
      [roleUsers.network, roleUsers.staff].map((u) => ({ userId: u.id, permission: UPLOAD_PERMISSION })),
    );

  const roles = {} as Record<RoleName, Role>;
  for (const name of ['owner', 'administrator', 'user', 'network', 'staff'] as const) {
    const user = roleUsers[name];
    roles[name] = {
      name,
      userId: user.id,
      email: user.email,
      cookie: await signIn(t.app, user.email),
      agencyUuid: user.agencyUuid,
      networkUuid: user.networkUuid,
    };
  }

  const asStaff = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) => {
    const response = await injectAs(t.app, roles.staff.cookie, method, url, body);
    if (response.statusCode >= 300) {
      throw new Error(`world: staff ${method} ${url} answered ${response.statusCode} ${response.body}`);
    }
    return response.body ? (JSON.parse(response.body) as unknown) : null;
  };

  const agencyTenant = (
    name: TenantName,
    agency: Awaited<ReturnType<typeof buildAgency>>,
    user: { id: string; email: string; name: string },
  ): Tenant => ({
    name,
    kind: 'agency',
    networkUuid: agency.networkUuid,
    agencyUuid: agency.uuid,
    displayName: agency.name,
    ids: {
      level: agency.uuid,
      agency: agency.uuid,
      subscriber: agency.subscriber.uuid,
      user: user.id,
      network: agency.networkUuid,
    },
    privateMarkers: [user.email, user.name],
  });
  const networkTenant = (
    name: TenantName,
    networkUuid: string,
    displayName: string,
    user: { id: string; email: string; name: string },
  ): Tenant => ({
    name,
    kind: 'network',
    networkUuid,
    agencyUuid: null,
    displayName,
    ids: { level: networkUuid, user: user.id, network: networkUuid },
    privateMarkers: [user.email, user.name],
  });
  const tenants: Record<TenantName, Tenant> = {
    homeAgency: agencyTenant('homeAgency', home, tenantUsers.homeAgency),
    siblingAgency: agencyTenant('siblingAgency', sibling, tenantUsers.siblingAgency),
    homeNetwork: networkTenant('homeNetwork', home.networkUuid, homeNetworkName, tenantUsers.homeNetwork),
    foreignAgency: agencyTenant('foreignAgency', foreign, tenantUsers.foreignAgency),
    foreignNetwork: networkTenant(
      'foreignNetwork',
      foreign.networkUuid,
      foreignNetworkName,
      tenantUsers.foreignNetwork,
    ),
  };
  const agencyTenants = TENANT_NAMES.filter((name) => tenants[name].kind === 'agency');

  const usedKeys = new Map<TenantName, Set<string>>();
  const entryKey = (tenant: TenantName) => {
    const used = usedKeys.get(tenant) ?? new Set<string>();
    usedKeys.set(tenant, used);
    for (const year of [2025, 2024, 2026]) {
      for (let month = 1; month <= (year === 2026 ? 10 : 12); month++) {
        for (const policyType of LINES) {
          const key = `${year}-${month}-${policyType}`;
          if (used.has(key)) continue;
          used.add(key);
          return { year, month, policyType };
        }
      }
    }
    throw new Error(`world: no entry key left for ${tenant}`);
  };

  const createEntry = async (tenant: TenantName, subCode: { uuid: string | null; code: string }) => {
    const { year, month, policyType } = entryKey(tenant);
    const requestId = randomUUID();
    const saved = (await asStaff('POST', `/api/carrierentry/new?levelUuid=${tenants[tenant].agencyUuid}`, {
      carrierUuid: carrier.uuid,
      subCodeUuid: subCode.uuid,
      subCode: subCode.code,
      policyType,
      year,
      month,
      writtenPremium: '1,000.00',
      newBusiness: '100',
      mover: '12,000',
      incurredLoss: '50',
      earnedPremium: '400',
      lossRatio: '',
      radio: 'incurredLossEarnedPremium',
      requestId,
    })) as { recordset: { importUuid: string; subCodeUuid: string }[] };
    return { ...saved.recordset[0]!, requestId };
  };

  for (const name of agencyTenants) {
    const tenant = tenants[name];
    const code = `SUB-${name}-${suffix()}`;
    const first = await createEntry(name, { uuid: null, code });
    tenant.ids.entry = first.importUuid;
    tenant.ids.subCode = first.subCodeUuid;
    tenant.ids.requestId = first.requestId;
    tenant.privateMarkers.push(code);

    // A pending invitation, and a user row without a password that an invitation will complete.
    const invited = `invited-${name}-${suffix()}@example.test`;
    await asStaff('POST', '/api/invitations', {
      emailAddress: invited,
      firstName: 'Ivy',
      lastName: 'Invitee',
      agencyUuid: tenant.agencyUuid,
      willInviteeBePrimaryUser: false,
    });
    tenant.privateMarkers.push(invited);
  }

  const assignmentKeys = new Map<TenantName, Set<string>>();
  const assign = async (tenant: TenantName, reportKey: string, provider: string, reportId: string) => {
    const keys = assignmentKeys.get(tenant) ?? new Set<string>();
    assignmentKeys.set(tenant, keys);
    keys.add(reportKey);
    const created = (await asStaff('POST', '/api/admin/report-assignments', {
      reportKey,
      levelUuid: tenants[tenant].ids.level,
      provider,
      reportId,
    })) as { assignmentId: string };
    return created.assignmentId;
  };
  for (const name of TENANT_NAMES) {
    const tenant = tenants[name];
    const workbook = `wb-${name}-${suffix()}`;
    const report = tenant.kind === 'agency' ? AGENCY_REPORT : NETWORK_REPORT;
    tenant.ids.assignment = await assign(name, report, 'sigma', workbook);
    tenant.ids.sigmaWorkbook = workbook;
  }

  // A staged upload per tenant: a network's (staff's) upload, or the agency's own. Its one row names
  // the tenant's sub-code and a policy type the network keeps in the Miscellaneous bucket.
  const uploadDir = mkdtempSync(path.join(tmpdir(), 'world-uploads-'));
  const storageDir = worldDataDir;
  const staffActor: Actor = {
    userId: roles.staff.userId,
    email: roles.staff.email,
    userType: 'internal',
    agencyUuid: null,
    networkUuid: null,
    isOwner: false,
    isAdministrator: false,
    sessionId: 'world',
  };
  const createUpload = async (name: TenantName) => {
    const tenant = tenants[name];
    const code = tenant.kind === 'agency' ? await subCodeOf(t, tenant.ids.subCode!) : 'NO-CODE';
    const file = path.join(uploadDir, `${name}-${suffix()}.csv`);
    writeFileSync(file, `Agency Code,Policy Type,Written Premium\n${code},World fees,1.00\n`);
    const record = await stageFile(
      db,
      staffActor,
      { networkUuid: tenant.networkUuid, agencyUuid: tenant.agencyUuid },
      {
        kind: 'production',
        carrierUuid: carrier.uuid,
        coversThrough: '2026-10-01',
        fileName: 'world.csv',
        filePath: file,
        storageDir,
      },
    );
    await readRows(db, staffActor, record, UPLOAD_COLUMNS, storageDir, {
      saveProfileAs: null,
      oneMonth: true,
    });
    return record.uuid;
  };
  for (const name of TENANT_NAMES) {
    tenants[name].ids.upload = await createUpload(name);
  }
  // The networks put the uploads' "World fees" in Miscellaneous; each tenant remembers a match of
  // an agency code at the world's carrier of its own (network-wide, or the agency's).
  const rememberMapping = async (name: TenantName, dimension: 'line' | 'agencyCode', value: string) => {
    const tenant = tenants[name];
    const [row] = await db
      .insert(importValueMappings)
      .values({
        networkUuid: tenant.networkUuid,
        agencyUuid: tenant.agencyUuid,
        dimension,
        scopeKey: dimension === 'agencyCode' ? carrier.uuid : '',
        sourceValue: value,
        miscellaneous: true,
        updatedBy: roles.staff.userId,
      })
      .returning({ uuid: importValueMappings.uuid });
    return row!.uuid;
  };
  for (const name of TENANT_NAMES) {
    if (tenants[name].kind === 'network') await rememberMapping(name, 'line', 'world fees');
    tenants[name].ids.valueMapping = await rememberMapping(name, 'agencyCode', `world code ${suffix()}`);
  }

  const pendingUser = async (tenant: Tenant) => {
    const id = suffix();
    const [row] = await db
      .insert(users)
      .values({
        name: `Pending ${id}`,
        firstName: 'Pending',
        lastName: id,
        email: `pending-${id}@example.test`,
        userType: 'agency',
        agencyUuid: tenant.agencyUuid,
        networkUuid: tenant.networkUuid,
      })
      .returning();
    return row!;
  };

  const invitation: TenantWorld['fresh']['invitation'] = async (name, kind) => {
    const tenant = tenants[name];
    if (!tenant.agencyUuid || !tenant.ids.subscriber) throw new Error(`world: ${name} is not an agency`);
    const token = `world-${randomUUID()}`;
    const pending = kind === 'user' ? await pendingUser(tenant) : null;
    const email = pending?.email ?? `registrant-${suffix()}@example.test`;
    await db.insert(invitations).values({
      tokenHash: hashRegistrationToken(token),
      email,
      firstName: 'Reggie',
      lastName: 'Registrant',
      agencyUuid: tenant.agencyUuid,
      willBePrimaryUser: kind === 'createPrimaryUser',
      userId: pending?.id ?? null,
      expiresAt: new Date(Date.now() + 24 * 60 * 60 * 1000),
    });
    return { token, email, userUuid: pending?.id ?? null, subscriberUuid: tenant.ids.subscriber };
  };
  for (const name of agencyTenants) {
    const pending = await invitation(name, 'user');
    tenants[name].ids.pendingUser = pending.userUuid!;
    tenants[name].privateMarkers.push(pending.email);
  }

  let lastPlanYear = 2000;
  const planYear = () => ++lastPlanYear;
  const createPlan = async (tenant: TenantName) => {
    const created = (await asStaff(
      'POST',
      `/api/growth-measurement/plans?levelUuid=${tenants[tenant].agencyUuid}`,
      { name: `Plan ${tenant}`, year: planYear() },
    )) as { plan: { planId: string } };
    return created.plan.planId;
  };
  for (const name of agencyTenants) {
    tenants[name].ids.plan = await createPlan(name);
  }

  const agreementBody = (year = 2026) => ({
    carrierUuid: carrier.uuid,
    year,
    name: `Agreement ${suffix()}`,
    measure: 'writtenPremium',
    lines: { broadLines: ['PL'] },
    terms: {
      grid: { axis: 'growth', lossRatioUnder: [55], minimums: [null], rates: [[2]] },
      gates: {
        minimumPremium: null,
        maximumLossRatio: null,
        lossRatioYears: 1,
        minimumGrowth: null,
        largeLossCap: null,
      },
      kicker: null,
    },
    policiesInForce: null,
  });
  const levelOf = (tenant: TenantName) => tenants[tenant].agencyUuid ?? tenants[tenant].networkUuid;
  const createAgreement = async (tenant: TenantName, year = 2026) => {
    const created = (await asStaff('POST', '/api/profit-sharing/agreements', {
      ...agreementBody(year),
      levelUuid: levelOf(tenant),
    })) as { agreement: { agreementUuid: string } };
    return created.agreement.agreementUuid;
  };
  for (const name of TENANT_NAMES) {
    tenants[name].ids.agreement = await createAgreement(name);
  }
  let lastAgreementYear = 2030;

  const checkAmount = 1000;
  const CHECKS_YEAR = 2029;
  const createCheck = async (tenant: TenantName) => {
    const agreementUuid = tenants[tenant].ids.networkAgreement;
    if (!agreementUuid) throw new Error(`world: ${tenant} records no contingent checks`);
    const created = (await asStaff('POST', '/api/profit-sharing/checks', {
      agreementUuid,
      amount: checkAmount,
      receivedOn: '2026-03-16',
      memo: `Check ${suffix()}`,
    })) as { check: { checkUuid: string } };
    return created.check.checkUuid;
  };
  const memberOf: Partial<Record<TenantName, string>> = {
    homeNetwork: home.uuid,
    foreignNetwork: foreign.uuid,
  };
  for (const name of TENANT_NAMES) {
    if (tenants[name].kind !== 'network') continue;
    // The checks' agreement has a year of its own, so a bulk template's carrier and year name it alone.
    tenants[name].ids.networkAgreement = await createAgreement(name, CHECKS_YEAR);
    tenants[name].ids.memberAgency = memberOf[name];
    tenants[name].ids.check = await createCheck(name);
  }

  const assignmentInput = (tenant: TenantName) => {
    const keys = assignmentKeys.get(tenant) ?? new Set<string>();
    assignmentKeys.set(tenant, keys);
    const report = EMBEDDABLE_REPORTS.find(
      (r) => !keys.has(r.key) && r.key !== AGENCY_REPORT && r.key !== NETWORK_REPORT,
    );
    if (!report) throw new Error(`world: no report left to assign at ${tenant}`);
    keys.add(report.key);
    return { reportKey: report.key, provider: 'metabase' as const, reportId: String(1000 + keys.size) };
  };

  return {
    t,
    roles,
    tenants,
    carrierUuid: carrier.uuid,
    flagKey,
    asStaff,
    levelKindOf: (uuid) =>
      TENANT_NAMES.some((n) => tenants[n].kind === 'network' && tenants[n].networkUuid === uuid)
        ? 'network'
        : 'agency',
    entry: async (importUuid) => {
      const result = await db.execute<{
        carrier_uuid: string;
        agency_code_uuid: string;
        code: string;
        year: number;
        month: number;
        version: number;
      }>(sql`
        select e.carrier_uuid, e.agency_code_uuid, l.code, e.year, e.month, e.version
        from manual_entries e join lines_of_business l on l.uuid = e.line_uuid
        where e.uuid = ${importUuid}::uuid`);
      const row = result.rows[0];
      if (!row) throw new Error(`world: no manual entry ${importUuid}`);
      return {
        importUuid,
        carrierUuid: row.carrier_uuid,
        subCodeUuid: row.agency_code_uuid,
        policyType: row.code,
        year: Number(row.year),
        month: Number(row.month),
        version: Number(row.version),
      };
    },
    assignment: async (assignmentId) => {
      const result = await db.execute<{
        report_key: string;
        provider: string;
        external_id: string;
        workspace_id: string;
        network_uuid: string;
        agency_uuid: string | null;
      }>(sql`
        select report_key, provider, external_id, workspace_id, network_uuid, agency_uuid
        from report_assignments where uuid = ${assignmentId}::uuid`);
      const row = result.rows[0];
      if (!row) throw new Error(`world: no assignment ${assignmentId}`);
      return {
        reportKey: row.report_key,
        provider: row.provider,
        reportId: row.external_id,
        workspaceId: row.workspace_id,
        levelUuid: row.agency_uuid ?? row.network_uuid,
      };
    },
    commitUpload: async (uploadUuid) => {
      await commitImport(db, staffActor, uploadUuid, { refresh: 'agency' });
    },
    planVersion: async (planId) => {
      const result = await db.execute<{ version: number }>(
        sql`select version from growth_plans where uuid = ${planId}::uuid`,
      );
      return Number(result.rows[0]?.version ?? 1);
    },
    agreementVersion: async (agreementUuid) => {
      const result = await db.execute<{ version: number }>(
        sql`select version from profit_share_agreements where uuid = ${agreementUuid}::uuid`,
      );
      return Number(result.rows[0]?.version ?? 1);
    },
    agreementBody,
    agreementCsv: () => agreementTemplateCsv('World Mutual', 2026, `Imported ${suffix()}`),
    checkVersion: async (checkUuid) => {
      const result = await db.execute<{ version: number }>(
        sql`select version from profit_share_checks where uuid = ${checkUuid}::uuid`,
      );
      return Number(result.rows[0]?.version ?? 1);
    },
    checkAmount,
    fresh: {
      plan: createPlan,
      planYear,
      agreement: (tenant) => createAgreement(tenant),
      agreementCopyYear: async (tenant) => {
        lastAgreementYear += 2;
        await createAgreement(tenant, lastAgreementYear);
        return lastAgreementYear + 1;
      },
      check: createCheck,
      upload: createUpload,
      valueMapping: (tenant) => rememberMapping(tenant, 'agencyCode', `fresh code ${suffix()}`),
      entry: async (tenant) => {
        const subCode = tenants[tenant].ids.subCode;
        if (!subCode) throw new Error(`world: ${tenant} has no manual entries`);
        return (await createEntry(tenant, { uuid: subCode, code: 'unused' })).importUuid;
      },
      assignment: async (tenant) => {
        const input = assignmentInput(tenant);
        const created = (await asStaff('POST', '/api/admin/report-assignments', {
          ...input,
          levelUuid: tenants[tenant].ids.level,
        })) as { assignmentId: string };
        return created.assignmentId;
      },
      assignmentInput,
      invitation,
      email: () => `fresh-${suffix()}@example.test`,
      entryKey,
    },
  };
}

const UPLOAD_COLUMNS = {
  agencyCode: 'Agency Code',
  lineOfBusiness: 'Policy Type',
  writtenPremium: 'Written Premium',
};

async function subCodeOf(t: TestApp, subCodeUuid: string): Promise<string> {
  const result = await t.database.db.execute<{ code: string }>(
    sql`select code from agency_codes where uuid = ${subCodeUuid}::uuid`,
  );
  return result.rows[0]!.code;
}

async function networkName(t: TestApp, networkUuid: string): Promise<string> {
  const result = await t.database.db.execute<{ name: string }>(
    sql`select name from networks where uuid = ${networkUuid}::uuid`,
  );
  return result.rows[0]!.name;
}
