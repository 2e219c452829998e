import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getAt,
  idLikeFields,
  listOperations,
  operationUrl,
  sampleRequest,
  setAt,
  type FieldKey,
  type IdField,
  type Operation,
  type RequestParts,
} from '#tests/support/openapi-operations.ts';
import { unsubscribeToken } from '#server/services/digest/unsubscribe-token.ts';
import { TEST_AUTH_SECRET } from '#tests/support/test-app.ts';
import {
  buildTenantWorld,
  createWorldApp,
  TENANT_NAMES,
  type IdKind,
  type RoleName,
  type TenantName,
  type TenantWorld,
} from '#tests/support/tenant-world.ts';

/**
 * Cross-tenant access, generated from the OpenAPI document (DESIGN §7: "A level or record outside the
 * scope is refused with 403/404, never answered with someone else's data").
 *
 * Every operation with an id-like field (path, query or body; see ID_LIKE_NAME) is called as each
 * tenant role of the home network, first with its own ids (which must answer 2xx when the role may use
 * the operation: this proves the request is well formed), then with the ids of every tenant outside
 * the role's scope, one field at a time and all together: none of those may answer 2xx. Internal
 * staff make the same calls with the other tenant's ids as the control: they must answer 2xx, so a
 * refusal above is the scope check and not a malformed request. Operations without ids are called
 * as every role, and no answer may carry another tenant's names, addresses or codes.
 *
 * The suite fails for an operation it cannot fill (the own call is not 2xx), an id-like field it has
 * no rule for, or a recipe or exemption that names no operation: a new endpoint gets a rule, a recipe
 * or a reasoned exemption before it can pass.
 */

type Attacker = Exclude<RoleName, 'staff'>;
type Caller = RoleName | 'anonymous';
const ATTACKERS: readonly Attacker[] = ['owner', 'administrator', 'user', 'network'];

type IdRule =
  | {
      kind: IdKind;
      /**
       * refused (default): another tenant's id is never answered 2xx. unanswered: the id only keys
       * something of the caller's own (an idempotency key), so a 2xx is allowed but must carry none of
       * the other tenant's data.
       */
      foreign?: 'refused' | 'unanswered';
    }
  | { notTenant: string; value: (world: TenantWorld) => string };

/** What each id-like field name holds. A new name fails the suite until it is added here. */
const ID_RULES: Record<string, IdRule> = {
  levelUuid: { kind: 'level' },
  agencyUuid: { kind: 'agency' },
  selectedAgencyUuid: { kind: 'agency' },
  subscriberUuid: { kind: 'subscriber' },
  /** Registration names the subscriber `agencyId` (docs/accounts.md, Invitations and registration). */
  agencyId: { kind: 'subscriber' },
  userUuid: { kind: 'user' },
  userId: { kind: 'user' },
  assignmentId: { kind: 'assignment' },
  importUuid: { kind: 'entry' },
  uploadUuid: { kind: 'upload' },
  mappingUuid: { kind: 'valueMapping' },
  networkUuid: { kind: 'network' },
  subCodeUuid: { kind: 'subCode' },
  subcodeParent: { kind: 'subCode' },
  workbookId: { kind: 'sigmaWorkbook' },
  requestId: { kind: 'requestId', foreign: 'unanswered' },
  carrierUuid: {
    notTenant: 'carriers are a global dimension every tenant shares (docs/data-model.md)',
    value: (world) => world.carrierUuid,
  },
  carriersUuid: {
    notTenant: 'carriers are a global dimension every tenant shares (docs/data-model.md)',
    value: (world) => world.carrierUuid,
  },
  reportId: {
    notTenant: "the BI provider's report, workbook or dashboard id that staff type in, not a record of ours",
    value: () => 'world-report',
  },
  workspaceId: {
    notTenant: 'the Power BI workspace id that staff type in, not a record of ours',
    value: () => '',
  },
  priceId: {
    notTenant: 'subscription prices are a global catalogue every tenant is offered (docs/billing.md)',
    value: () => '00000000-0000-4000-8000-000000000000',
  },
  planId: { kind: 'plan' },
  agreementUuid: { kind: 'agreement' },
  checkUuid: { kind: 'check' },
  executorUuid: { kind: 'user' },
  adminUserUuid: { kind: 'user' },
};

type FillContext = {
  world: TenantWorld;
  caller: Caller;
  /** The tenant whose records the request stands on: the caller's own, or the other one in a control. */
  baseTenant: TenantName;
  /** The id placed in each tenant id field. */
  ids: Readonly<Record<FieldKey, string>>;
  /** The fields that hold another tenant's id in this call. */
  swapped: ReadonlySet<FieldKey>;
  /** Whether this call must answer 2xx (an own call of an allowed role, or a staff control). */
  mustSucceed: boolean;
};

type Overrides = {
  path?: Record<string, string>;
  query?: Record<string, string>;
  /** Merged over the generated body, property by property. */
  body?: Record<string, unknown>;
};

type Recipe = {
  /** Why the operation needs more than the generated request. */
  why: string;
  /** Callers whose call with their own ids must answer 2xx; every other caller's must not. Default: all. */
  allowed?: readonly Caller[];
  /** Token-authorised (no session): called anonymously, the token's agency is the caller's own. */
  anonymous?: true;
  /** The operation works on an agency only: a network level is a 400, so neither an own level nor a control. */
  agencyLevel?: true;
  /**
   * The operation works on a network's records only (its contingent checks): every caller's own ids are
   * its network's, and only a network's records serve as a staff control.
   */
  networkLevel?: true;
  /** Optional id fields sent in every call (the level a staff control needs). */
  always?: readonly FieldKey[];
  /** Kinds of this operation's fields where the name alone does not say. */
  kinds?: Readonly<Record<FieldKey, IdKind>>;
  /** Kinds whose own id is a new record in each call that must succeed (the call consumes it). */
  fresh?: readonly IdKind[];
  /** Why staff cannot serve as the control (the own calls then prove the request). */
  noStaffControl?: string;
  fill?: (ctx: FillContext) => Overrides | Promise<Overrides>;
};

const UPLOADERS =
  "network users with the upload permission (their network's uploads) and agency administrators (their agency's)";
const UPLOADER_ROLES: readonly Caller[] = ['owner', 'administrator', 'network'];
const UPLOAD_COLUMNS = {
  agencyCode: 'Agency Code',
  lineOfBusiness: 'Policy Type',
  writtenPremium: 'Written Premium',
};
const PRODUCTION_PERIOD = { startDate: '2026-01-01', endDate: '2026-10-31' };
const STAFF_ONLY = 'internal staff only (requireInternal)';
const PERSON = {
  firstName: 'Gen',
  lastName: 'Erated',
  addressLine1: '1 Main Street',
  addressLine2: '',
  city: 'Des Moines',
  state: 'Iowa',
  postalCode: '50309',
  countryCode: '1',
  areaCode: '515',
  phoneNumber: '5550123',
  country: 'United States',
};
const REGISTRATION_PASSWORD = 'Welcome-aboard-7';
/** The key of entries made by calls that should be refused (world.fresh.entryKey never gives it). */
const REFUSED_ENTRY_KEY = { year: 2026, month: 11, policyType: 'CROP' };
const ENTRY_AMOUNTS = {
  subCode: 'TYPED',
  writtenPremium: '500',
  newBusiness: '50',
  mover: '6,000',
  incurredLoss: '10',
  earnedPremium: '100',
  lossRatio: '',
  radio: 'incurredLossEarnedPremium',
};

/** A fresh invitation of the base agency for a registration call, and the body completing it. */
async function registration(
  ctx: FillContext,
  kind: 'createUser' | 'createPrimaryUser' | 'user',
): Promise<Overrides> {
  const invitation = await ctx.world.fresh.invitation(ctx.baseTenant, kind);
  const path: Record<string, string> =
    kind === 'user' && !ctx.swapped.has('path.userUuid') ? { userUuid: invitation.userUuid! } : {};
  return {
    path,
    body: {
      ...PERSON,
      emailAddress: invitation.email,
      password: REGISTRATION_PASSWORD,
      token: invitation.token,
    },
  };
}

/** How to build a request the generator cannot (contract rules beyond the schema, records that must exist). */
const RECIPES: Record<string, Recipe> = {
  'GET /api/agency/users': { why: 'lists the users of one agency', agencyLevel: true },
  'GET /api/clarity/user': {
    why: 'answers 403 without upload-portal permissions, which only the network user and staff have',
    allowed: ['network', 'staff'],
  },
  'POST /api/imports': {
    why:
      'the file is the raw body (application/octet-stream), which generated requests do not carry: ' +
      'every call is refused; tests/integration/import.test.ts uploads files as each role',
    allowed: [],
    noStaffControl: 'a generated request has no file, so no call can succeed',
  },
  'GET /api/imports': { why: UPLOADERS, allowed: UPLOADER_ROLES },
  'GET /api/imports/{uploadUuid}': { why: UPLOADERS, allowed: UPLOADER_ROLES },
  'GET /api/imports/{uploadUuid}/values': { why: UPLOADERS, allowed: UPLOADER_ROLES },
  'GET /api/imports/{uploadUuid}/preview': { why: UPLOADERS, allowed: UPLOADER_ROLES },
  'GET /api/imports/{uploadUuid}/candidates': { why: UPLOADERS, allowed: UPLOADER_ROLES },
  'PUT /api/imports/{uploadUuid}/columns': {
    why: `${UPLOADERS}; the columns name the upload's header, which has no month column (one month)`,
    allowed: UPLOADER_ROLES,
    fill: () => ({ body: { columns: UPLOAD_COLUMNS, profileName: null, oneMonth: true } }),
  },
  'PUT /api/imports/{uploadUuid}/values': {
    why: `${UPLOADERS}; an agency code is mapped to a sub-code at its carrier`,
    allowed: UPLOADER_ROLES,
    kinds: { 'body.mappings.[].targetUuid': 'subCode' },
    fill: ({ world, ids }) => ({
      body: {
        mappings: [
          {
            dimension: 'agencyCode',
            carrierUuid: world.carrierUuid,
            value: 'GENERATED-CODE',
            targetUuid: ids['body.mappings.[].targetUuid'],
            miscellaneous: false,
          },
        ],
      },
    }),
  },
  'POST /api/imports/{uploadUuid}/commit': {
    why: `${UPLOADERS}; each commit loads an upload of its own`,
    allowed: UPLOADER_ROLES,
    fresh: ['upload'],
  },
  'POST /api/imports/{uploadUuid}/undo': {
    why: `${UPLOADERS}; each undo needs a loaded upload of its own`,
    allowed: UPLOADER_ROLES,
    fresh: ['upload'],
    fill: async ({ world, ids, mustSucceed }) => {
      if (mustSucceed) await world.commitUpload(ids['path.uploadUuid']!);
      return {};
    },
  },
  'GET /api/import-mappings': { why: UPLOADERS, allowed: UPLOADER_ROLES },
  'GET /api/import-mappings/{mappingUuid}/candidates': { why: UPLOADERS, allowed: UPLOADER_ROLES },
  'PUT /api/import-mappings/{mappingUuid}': {
    why: `${UPLOADERS}; a remembered agency code is matched to a sub-code of its owner at its carrier`,
    allowed: UPLOADER_ROLES,
    kinds: { 'body.targetUuid': 'subCode' },
    fill: ({ ids }) => ({
      body: { targetUuid: ids['body.targetUuid'], miscellaneous: false, overridesExact: false },
    }),
  },
  'DELETE /api/import-mappings/{mappingUuid}': {
    why: `${UPLOADERS}; each delete forgets a match of its own`,
    allowed: UPLOADER_ROLES,
    fresh: ['valueMapping'],
  },
  'POST /api/imports/{uploadUuid}/discard': {
    why:
      `${UPLOADERS}; the network's users and staff discard any unloaded upload of the network, an agency ` +
      "administrator only their own, and the world's uploads are made by staff; each discard needs an upload of its own",
    allowed: ['network'],
    fresh: ['upload'],
  },
  'GET /api/admin/feature-flags': { why: STAFF_ONLY, allowed: ['staff'] },
  'PUT /api/admin/feature-flags/{key}': {
    why: `${STAFF_ONLY}; the key names an existing flag`,
    allowed: ['staff'],
    fill: ({ world }) => ({ path: { key: world.flagKey }, body: { enabled: false } }),
  },
  'PUT /api/admin/feature-flags/{key}/targets': {
    why: `${STAFF_ONLY}; the target is a network or an agency, and targetType says which`,
    allowed: [],
    kinds: { 'body.targetUuid': 'level' },
    fill: ({ world, ids }) => ({
      path: { key: world.flagKey },
      body: { targetType: world.levelKindOf(ids['body.targetUuid']!), enabled: true },
    }),
  },
  'GET /api/admin/users': { why: STAFF_ONLY, allowed: ['staff'] },
  'GET /api/admin/users/{userUuid}/access': { why: STAFF_ONLY, allowed: [] },
  'PUT /api/admin/users/{userUuid}/access': { why: STAFF_ONLY, allowed: [] },
  'POST /api/admin/users/{userUuid}/revoke-sessions': { why: STAFF_ONLY, allowed: [] },
  'GET /api/core-production/by-carrier': {
    why: 'a period whose start is not after its end',
    fill: () => ({ query: PRODUCTION_PERIOD }),
  },
  'GET /api/core-production/by-agency': {
    why: 'a period whose start is not after its end',
    fill: () => ({ query: PRODUCTION_PERIOD }),
  },
  'GET /api/core-production/by-month': {
    why: 'a period whose start is not after its end',
    fill: () => ({ query: PRODUCTION_PERIOD }),
  },
  'GET /api/core-production/by-agencyCode': {
    why: 'a period whose start is not after its end',
    fill: () => ({ query: PRODUCTION_PERIOD }),
  },
  'GET /api/core-production/by-agencyCode/export': {
    why: 'a period whose start is not after its end, and the text naming it',
    fill: () => ({ query: { ...PRODUCTION_PERIOD, displayText: 'Jan 2026 - Oct 2026' } }),
  },
  'GET /api/core-production/network/summary': {
    why: 'a period whose start is not after its end',
    fill: () => ({ query: PRODUCTION_PERIOD }),
  },
  'GET /api/core-production/network/summary-by-carrier': {
    why: 'a period whose start is not after its end',
    fill: () => ({ query: PRODUCTION_PERIOD }),
  },
  'GET /api/core-production/agency/export': {
    why: 'a period whose start is not after its end, and the text naming it',
    fill: () => ({ query: { ...PRODUCTION_PERIOD, displayText: 'Jan 2026 - Oct 2026' } }),
  },
  'GET /api/core-production/reported-months': {
    why: 'a range of months whose start is not after its end',
    fill: () => ({ query: { rangeStart: '2026-01', rangeEnd: '2026-10' } }),
  },
  'GET /api/scorecards/by-agency': {
    why: 'a period whose start is not after its end; staff choose the level',
    always: ['query.levelUuid'],
    fill: () => ({ query: PRODUCTION_PERIOD }),
  },
  'GET /api/scorecards/by-carrier': {
    why: 'a period whose start is not after its end; staff choose the level',
    always: ['query.levelUuid'],
    fill: () => ({ query: PRODUCTION_PERIOD }),
  },
  'GET /api/scorecards/stats': {
    why: 'a period whose start is not after its end; staff choose the level',
    always: ['query.levelUuid'],
    fill: () => ({ query: PRODUCTION_PERIOD }),
  },
  'GET /api/scorecards/export': {
    why: 'a period whose start is not after its end; staff choose the level',
    always: ['query.levelUuid'],
    fill: () => ({ query: PRODUCTION_PERIOD }),
  },
  'GET /api/mail/outbox': { why: STAFF_ONLY, allowed: ['staff'] },
  'POST /api/carriers/jira-request': {
    why: 'a carrier type of the form and a website',
    fill: () => ({
      body: { carrierName: 'Generated Mutual', carrierType: 'isCrop', carrierWebsite: 'www.generated.test' },
    }),
  },
  'GET /api/carrier-requests': { why: STAFF_ONLY, allowed: ['staff'] },
  'GET /api/carrierentry/fetch': { why: "an agency's entries", agencyLevel: true },
  'GET /api/subcodes/fetch': { why: "an agency's sub-codes", agencyLevel: true },
  'POST /api/carrierentry/new': {
    why:
      "the agency's own users (and staff) write its entries; an edit names the entry's key and version " +
      'as loaded; a new entry needs a key no entry has; a new sub-code under a parent has no sub-code id',
    allowed: ['owner', 'administrator', 'user'],
    agencyLevel: true,
    always: ['query.levelUuid'],
    fresh: ['requestId'],
    fill: async ({ world, baseTenant, ids, swapped, mustSucceed }) => {
      const importUuid = ids['body.importUuid'];
      if (importUuid) {
        const own = swapped.has('body.importUuid') ? world.tenants[baseTenant].ids.entry! : importUuid;
        const { carrierUuid, policyType, year, month, version } = await world.entry(own);
        return { body: { ...ENTRY_AMOUNTS, carrierUuid, policyType, year, month, version } };
      }
      // A call that may not succeed keeps to one key, so the fresh keys last.
      const key = mustSucceed ? world.fresh.entryKey(baseTenant) : REFUSED_ENTRY_KEY;
      if (ids['body.subcodeParent'] && !swapped.has('body.subCodeUuid')) {
        const subCode = `NEW-${randomUUID().slice(0, 8)}`;
        return { body: { ...ENTRY_AMOUNTS, ...key, subCode, subCodeUuid: null } };
      }
      return { body: { ...ENTRY_AMOUNTS, ...key } };
    },
  },
  'POST /api/carrierentry/delete/{importUuid}': {
    why: "the agency's own users (and staff) delete its entries; each deletion needs an entry of its own",
    allowed: ['owner', 'administrator', 'user'],
    agencyLevel: true,
    fresh: ['entry'],
  },
  'POST /api/mfa/enroll': {
    why: "refused unless staff enabled the user's MFA options, which no one in the world has",
    allowed: [],
  },
  'POST /api/mfa/email-code': {
    why: 'only a sign-in that still owes its second factor may ask; a full session is a 401',
    allowed: [],
  },
  'POST /api/mfa/verify': {
    why: 'only a sign-in that still owes its second factor may verify; a full session is a 401',
    allowed: [],
  },
  'GET /api/admin/users/{userUuid}/mfa': { why: STAFF_ONLY, allowed: [] },
  'PUT /api/admin/users/{userUuid}/mfa': { why: STAFF_ONLY, allowed: [] },
  'POST /api/admin/users/{userUuid}/mfa/reset': { why: STAFF_ONLY, allowed: [] },
  'POST /api/invitations': {
    why: "the agency's owners and administrators (and staff) invite, by e-mail address",
    allowed: ['owner', 'administrator'],
    fill: ({ world }) => ({
      body: { emailAddress: world.fresh.email(), firstName: 'Ivy', lastName: 'Invitee' },
    }),
  },
  'GET /api/invitations': {
    why: "the agency's owners and administrators (and staff) see its invitations",
    allowed: ['owner', 'administrator'],
  },
  'GET /api/register/meta-data': {
    why: 'token-authorised: the token of an invitation to the home agency',
    anonymous: true,
    fill: async ({ world, baseTenant }) => ({
      query: { token: (await world.fresh.invitation(baseTenant, 'createUser')).token },
    }),
  },
  'POST /api/register/user/{userUuid}': {
    why: 'token-authorised: an invitation to the home agency completing a user row without a password',
    anonymous: true,
    kinds: { 'path.userUuid': 'pendingUser' },
    noStaffControl:
      'no session is involved: the own call, with the invitation the token names, is the control',
    fill: (ctx) => registration(ctx, 'user'),
  },
  'POST /api/register/createPrimaryUser': {
    why: 'token-authorised: a primary-user invitation to the home agency',
    anonymous: true,
    noStaffControl:
      'no session is involved: the own call, with the invitation the token names, is the control',
    fill: (ctx) => registration(ctx, 'createPrimaryUser'),
  },
  'POST /api/register/createUser': {
    why: 'token-authorised: an invitation to the home agency',
    anonymous: true,
    noStaffControl:
      'no session is involved: the own call, with the invitation the token names, is the control',
    fill: (ctx) => registration(ctx, 'createUser'),
  },
  'GET /api/profile/users': {
    why: "My profile is its user's alone",
    noStaffControl: "My profile is its user's alone, staff included (policies/profile.ts)",
  },
  'PUT /api/profile/users': {
    why: "My profile is its user's alone; the e-mail address is read-only, so it is the caller's",
    noStaffControl: "My profile is its user's alone, staff included (policies/profile.ts)",
    fill: ({ world, caller }) => ({
      body: { ...PERSON, emailAddress: caller === 'anonymous' ? '' : world.roles[caller].email },
    }),
  },
  'GET /api/reports/{key}': {
    why: 'a report of the catalogue the agencies hold the feature of',
    fill: () => ({ path: { key: 'ams-data-health' } }),
  },
  'POST /api/reports/{key}/access-requests': {
    why: 'a report of the catalogue',
    fill: () => ({ path: { key: 'agency-production' }, body: { message: 'Please' } }),
  },
  'GET /api/admin/report-assignments': { why: STAFF_ONLY, allowed: ['staff'] },
  'POST /api/admin/report-assignments': {
    why: `${STAFF_ONLY}; a report the level has no dashboard for yet`,
    allowed: [],
    fill: ({ world, baseTenant, mustSucceed }) => ({
      body: mustSucceed
        ? world.fresh.assignmentInput(baseTenant)
        : { reportKey: 'retention', provider: 'metabase', reportId: '1' },
    }),
  },
  'PUT /api/admin/report-assignments/{assignmentId}': {
    why: `${STAFF_ONLY}; the assignment keeps its report and dashboard`,
    allowed: [],
    fill: async ({ world, baseTenant, ids, swapped }) => {
      const own = swapped.has('path.assignmentId')
        ? world.tenants[baseTenant].ids.assignment!
        : ids['path.assignmentId']!;
      const { reportKey, provider, reportId, workspaceId } = await world.assignment(own);
      return { body: { reportKey, provider, reportId, workspaceId } };
    },
  },
  'DELETE /api/admin/report-assignments/{assignmentId}': {
    why: `${STAFF_ONLY}; each deletion needs an assignment of its own`,
    allowed: [],
    fresh: ['assignment'],
  },
};

const PLAN_WRITERS = "the agency's owners and administrators (and staff) write its growth plans";
Object.assign(RECIPES, {
  'GET /api/growth-measurement/active-plan-years': { why: "an agency's plans", agencyLevel: true },
  'GET /api/growth-measurement/reporting-dates': { why: "an agency's carriers", agencyLevel: true },
  'GET /api/growth-measurement/ytd-agency-carrier/v2': {
    why: "an agency's figures, for a year with reported months",
    agencyLevel: true,
    fill: () => ({ query: { year: '2026' } }),
  },
  'POST /api/growth-measurement/plans': {
    why: `${PLAN_WRITERS}; one plan per agency and year, so each call names a year without one`,
    allowed: ['owner', 'administrator'],
    agencyLevel: true,
    always: ['query.levelUuid'],
    fill: ({ world }) => ({
      body: { name: 'Generated plan', year: world.fresh.planYear(), copyLastYear: false },
    }),
  },
  'PUT /api/growth-measurement/plan/{planId}': {
    why: `${PLAN_WRITERS}; a save names the version the plan is at`,
    allowed: ['owner', 'administrator'],
    fill: async ({ world, ids }) => ({
      body: { version: await world.planVersion(ids['path.planId']!), name: 'Generated plan', rows: [] },
    }),
  },
  'DELETE /api/growth-measurement/plan/{planId}': {
    why: `${PLAN_WRITERS}; each deletion needs a plan of its own and names its version`,
    allowed: ['owner', 'administrator'],
    fresh: ['plan'],
    fill: async ({ world, ids }) => ({
      query: { version: String(await world.planVersion(ids['path.planId']!)) },
    }),
  },
} satisfies Record<string, Recipe>);

const AGREEMENT_WRITERS =
  "an agency's owners and administrators write its profit-sharing agreements, network users the network's (and staff any)";
const AGREEMENT_WRITER_ROLES: readonly Caller[] = ['owner', 'administrator', 'network'];
Object.assign(RECIPES, {
  'POST /api/profit-sharing/agreements': {
    why: `${AGREEMENT_WRITERS}; each agreement has a name of its own`,
    allowed: AGREEMENT_WRITER_ROLES,
    always: ['body.levelUuid'],
    fill: ({ world, ids }) => ({ body: { ...world.agreementBody(), levelUuid: ids['body.levelUuid'] } }),
  },
  'POST /api/profit-sharing/agreements/import': {
    why: `${AGREEMENT_WRITERS}, as POST /api/profit-sharing/agreements; each file's agreement has a name of its own`,
    allowed: AGREEMENT_WRITER_ROLES,
    always: ['body.levelUuid'],
    fill: ({ world, ids }) => ({ body: { csv: world.agreementCsv(), levelUuid: ids['body.levelUuid'] } }),
  },
  'POST /api/profit-sharing/agreements/copy': {
    why: `${AGREEMENT_WRITERS}; a copy needs last year's agreements and a year that has none of them yet`,
    allowed: AGREEMENT_WRITER_ROLES,
    always: ['body.levelUuid'],
    fill: async ({ world, baseTenant, mustSucceed }) => ({
      body: { year: mustSucceed ? await world.fresh.agreementCopyYear(baseTenant) : 2099 },
    }),
  },
  'PUT /api/profit-sharing/agreements/{agreementUuid}': {
    why: `${AGREEMENT_WRITERS}; a save names the version the agreement is at`,
    allowed: AGREEMENT_WRITER_ROLES,
    fill: async ({ world, ids }) => {
      const { carrierUuid: _carrier, year: _year, ...fields } = world.agreementBody();
      return { body: { ...fields, version: await world.agreementVersion(ids['path.agreementUuid']!) } };
    },
  },
  'DELETE /api/profit-sharing/agreements/{agreementUuid}': {
    why: `${AGREEMENT_WRITERS}; each deletion needs an agreement of its own and names its version`,
    allowed: AGREEMENT_WRITER_ROLES,
    fresh: ['agreement'],
    fill: async ({ world, ids }) => ({
      query: { version: String(await world.agreementVersion(ids['path.agreementUuid']!)) },
    }),
  },
} satisfies Record<string, Recipe>);

const CHECK_USERS =
  "a network's users (and staff) record and allocate its contingent checks; agency users may not";
const CHECK_USER_ROLES: readonly Caller[] = ['network'];
/** A by-hand allocation of the whole check to the network's member agency. */
const byHand = (world: TenantWorld, ids: Readonly<Record<FieldKey, string>>) => ({
  method: 'byHand',
  amounts: [{ agencyUuid: ids['body.amounts.[].agencyUuid'], amount: world.checkAmount }],
});
Object.assign(RECIPES, {
  'GET /api/profit-sharing/checks': {
    why: CHECK_USERS,
    allowed: CHECK_USER_ROLES,
    networkLevel: true,
    always: ['query.levelUuid'],
  },
  'POST /api/profit-sharing/checks/import': {
    why: `${CHECK_USERS}; the file names the network's agreement by its carrier and year (the world's checks are of 2029)`,
    allowed: CHECK_USER_ROLES,
    networkLevel: true,
    always: ['body.levelUuid'],
    fill: () => ({
      body: {
        csv: 'Carrier,Year,Amount,Date received,Memo\r\nWorld Mutual,2029,10.00,2029-04-01,Generated\r\n',
      },
    }),
  },
  'POST /api/profit-sharing/checks': {
    why: `${CHECK_USERS}; a check is recorded under one of the network's own agreements`,
    allowed: CHECK_USER_ROLES,
    networkLevel: true,
    kinds: { 'body.agreementUuid': 'networkAgreement' },
    fill: () => ({ body: { amount: 12.34, receivedOn: '2026-04-02', memo: 'Generated' } }),
  },
  'GET /api/profit-sharing/checks/{checkUuid}': {
    why: CHECK_USERS,
    allowed: CHECK_USER_ROLES,
    networkLevel: true,
  },
  'PUT /api/profit-sharing/checks/{checkUuid}': {
    why: `${CHECK_USERS}; a save names the version the check is at (and keeps its amount)`,
    allowed: CHECK_USER_ROLES,
    networkLevel: true,
    fill: async ({ world, ids }) => ({
      body: {
        version: await world.checkVersion(ids['path.checkUuid']!),
        amount: world.checkAmount,
        receivedOn: '2026-03-17',
        memo: 'Generated',
      },
    }),
  },
  'DELETE /api/profit-sharing/checks/{checkUuid}': {
    why: `${CHECK_USERS}; each deletion needs a check of its own and names its version`,
    allowed: CHECK_USER_ROLES,
    networkLevel: true,
    fresh: ['check'],
    fill: async ({ world, ids }) => ({
      query: { version: String(await world.checkVersion(ids['path.checkUuid']!)) },
    }),
  },
  'POST /api/profit-sharing/checks/{checkUuid}/allocation/preview': {
    why: `${CHECK_USERS}; by hand, the whole check to a member agency of the check's network`,
    allowed: CHECK_USER_ROLES,
    networkLevel: true,
    kinds: { 'body.amounts.[].agencyUuid': 'memberAgency' },
    fill: ({ world, ids }) => ({ body: byHand(world, ids) }),
  },
  'PUT /api/profit-sharing/checks/{checkUuid}/allocation': {
    why: `${CHECK_USERS}; by hand, the whole check to a member agency, on the version the check is at`,
    allowed: CHECK_USER_ROLES,
    networkLevel: true,
    kinds: { 'body.amounts.[].agencyUuid': 'memberAgency' },
    fill: async ({ world, ids }) => ({
      body: { ...byHand(world, ids), version: await world.checkVersion(ids['path.checkUuid']!) },
    }),
  },
} satisfies Record<string, Recipe>);

const BENCHMARKS = 'a period whose start is not after its end; staff choose the level';
Object.assign(RECIPES, {
  'GET /api/network-intelligence/benchmarks': {
    why: BENCHMARKS,
    always: ['query.levelUuid'],
    fill: () => ({ query: PRODUCTION_PERIOD }),
  },
  'GET /api/network-intelligence/warnings': {
    why: BENCHMARKS,
    always: ['query.levelUuid'],
    fill: () => ({ query: PRODUCTION_PERIOD }),
  },
  'GET /api/network-intelligence/settings': { why: 'staff choose the level', always: ['query.levelUuid'] },
  'PUT /api/network-intelligence/settings': {
    why: "the network's users (and staff) set its size bands and threshold; ascending limits",
    allowed: ['network'],
    always: ['body.levelUuid'],
    fill: ({ ids }) => ({
      body: {
        levelUuid: ids['body.levelUuid'],
        sizeBandLimits: [1_000_000, 5_000_000],
        lossRatioThreshold: 55,
      },
    }),
  },
} satisfies Record<string, Recipe>);

const DIGEST_USERS =
  'agency and network users with Carrier Production; staff are not offered the digest (decision 071)';
Object.assign(RECIPES, {
  'PUT /api/profile/digest': {
    why: `${DIGEST_USERS}; the caller's own setting, a day of 1-28`,
    allowed: ['owner', 'administrator', 'user', 'network'],
    fill: () => ({ body: { mode: 'day', day: 5 } }),
  },
  'POST /api/digest/unsubscribe': {
    why: "token-authorised: the e-mail's signed link of the home agency's owner",
    anonymous: true,
    noStaffControl: 'no session is involved: the own call, with the token the e-mail carries, is the control',
    fill: ({ world }) => ({ query: { token: unsubscribeToken(TEST_AUTH_SECRET, world.roles.owner.userId) } }),
  },
} satisfies Record<string, Recipe>);

const BILLING_OFF =
  'billing is off in the world (no Stripe keys): the call answers 409 or 404 to everyone; ' +
  'tests/integration/subscriptions.test.ts runs it against the fake Stripe';
const PRIMARY_USER_ONLY =
  "only the subscriber's primary user may, staff included (spec part 2 §6), and no one in the world is one; " +
  'tests/integration/subscriptions.test.ts covers the primary user';
Object.assign(RECIPES, {
  'POST /api/stripe/create-checkout-session': {
    why: BILLING_OFF,
    allowed: [],
    noStaffControl: BILLING_OFF,
    fill: () => ({
      body: { successUrl: 'http://localhost:3000', cancelUrl: 'http://localhost:3000/no-subscription' },
    }),
  },
  'POST /api/stripe/webhook': { why: BILLING_OFF, allowed: [] },
  'POST /api/subscription/by-subscriber': {
    why: `${BILLING_OFF}; a subscriber outside the caller's scope is a 403 first`,
    allowed: [],
    noStaffControl: BILLING_OFF,
    fill: () => ({
      body: { successUrl: 'http://localhost:3000/', cancelUrl: 'http://localhost:3000/' },
    }),
  },
  'PUT /api/subscription/agency-name': {
    why: PRIMARY_USER_ONLY,
    allowed: [],
    noStaffControl: PRIMARY_USER_ONLY,
    fill: () => ({ body: { displayName: 'Generated Agency' } }),
  },
  'POST /api/subscription/change-primary-user': {
    why: PRIMARY_USER_ONLY,
    allowed: [],
    noStaffControl: PRIMARY_USER_ONLY,
  },
  'GET /api/admin/subscribers': { why: STAFF_ONLY, allowed: ['staff'] },
  'PUT /api/admin/subscribers/{subscriberUuid}/bypass': {
    why: STAFF_ONLY,
    allowed: [],
    fill: () => ({ body: { bypassExternalSubscriber: true } }),
  },
} satisfies Record<string, Recipe>);

/** Operations the suite does not call, each with the reason. None so far: add one only with a reason. */
const EXEMPTIONS: Record<string, string> = {};

const t = await createWorldApp();
const operations = listOperations(t.app);
let world: TenantWorld;

beforeAll(async () => {
  world = await buildTenantWorld(t);
});

afterAll(async () => {
  await t.close();
});

/** Which tenants' records a caller may reach through an id of this kind (DESIGN §7). */
function inScope(caller: Caller, tenant: TenantName, kind: IdKind): boolean {
  if (caller === 'staff') return true;
  // A user id names someone: only one's own is in scope (it is not a tenant's record).
  if (kind === 'user') return false;
  if (caller === 'anonymous') return tenant === 'homeAgency';
  if (caller === 'network')
    return tenant === 'homeNetwork' || tenant === 'homeAgency' || tenant === 'siblingAgency';
  if (tenant === 'homeAgency') return true;
  // An agency's network is its own (the network of its sibling too).
  if (kind === 'network') return tenant === 'homeNetwork' || tenant === 'siblingAgency';
  // An agency sees the dashboards assigned to its network (report-service appliesAt).
  return tenant === 'homeNetwork' && (kind === 'assignment' || kind === 'sigmaWorkbook');
}

/** Text the caller must never receive: other tenants' names, addresses, codes and invitations. */
function foreignMarkers(caller: Caller): string[] {
  if (caller === 'staff') return [];
  const members: TenantName[] =
    caller === 'network' ? ['homeNetwork', 'homeAgency', 'siblingAgency'] : ['homeAgency'];
  const named: TenantName[] = caller === 'network' ? members : ['homeAgency', 'homeNetwork'];
  return TENANT_NAMES.flatMap((name) => [
    ...(members.includes(name) ? [] : world.tenants[name].privateMarkers),
    ...(named.includes(name) ? [] : [world.tenants[name].displayName]),
  ]);
}

type TenantField = IdField & { kind: IdKind; foreign: 'refused' | 'unanswered' };

type Plan =
  | { type: 'exempt'; reason: string }
  | { type: 'unclassified'; fields: string[] }
  | { type: 'scan'; recipe: Recipe; others: IdField[] }
  | { type: 'ids'; recipe: Recipe; fields: TenantField[]; others: IdField[] };

function planOf(operation: Operation): Plan {
  const exemption = EXEMPTIONS[operation.id];
  if (exemption) return { type: 'exempt', reason: exemption };
  const recipe = RECIPES[operation.id] ?? { why: 'generated' };
  const fields: TenantField[] = [];
  const others: IdField[] = [];
  const unclassified: string[] = [];
  for (const field of idLikeFields(operation)) {
    const kind = recipe.kinds?.[field.key];
    const rule = ID_RULES[field.name];
    if (kind) fields.push({ ...field, kind, foreign: 'refused' });
    else if (!rule) unclassified.push(field.key);
    else if ('kind' in rule) fields.push({ ...field, kind: rule.kind, foreign: rule.foreign ?? 'refused' });
    else others.push(field);
  }
  if (unclassified.length > 0) return { type: 'unclassified', fields: unclassified };
  return fields.length === 0 ? { type: 'scan', recipe, others } : { type: 'ids', recipe, fields, others };
}

/** The id sets to try: every required id field, with each optional one in turn. */
function variantsOf(fields: TenantField[], recipe: Recipe): TenantField[][] {
  const always = (f: TenantField) => f.required || (recipe.always ?? []).includes(f.key);
  const required = fields.filter(always);
  const optional = fields.filter((f) => !always(f));
  return optional.length === 0 ? [required] : optional.map((o) => [...required, o]);
}

function callersOf(recipe: Recipe, withStaff: boolean): Caller[] {
  if (recipe.anonymous) return ['anonymous'];
  return withStaff ? [...ATTACKERS, 'staff'] : [...ATTACKERS];
}

/** The caller's own tenants, most specific first: where its own ids come from. */
function ownTenants(caller: Caller, recipe: Recipe): TenantName[] {
  if (recipe.networkLevel) return ['homeNetwork'];
  if (caller === 'network') return recipe.agencyLevel ? ['homeAgency'] : ['homeNetwork', 'homeAgency'];
  return ['homeAgency'];
}

const holds = (tenant: TenantName, kind: IdKind) => world.tenants[tenant].ids[kind] !== undefined;

async function freshId(kind: IdKind, tenant: TenantName): Promise<string> {
  if (kind === 'entry') return world.fresh.entry(tenant);
  if (kind === 'assignment') return world.fresh.assignment(tenant);
  if (kind === 'upload') return world.fresh.upload(tenant);
  if (kind === 'plan') return world.fresh.plan(tenant);
  if (kind === 'agreement') return world.fresh.agreement(tenant);
  if (kind === 'check') return world.fresh.check(tenant);
  if (kind === 'valueMapping') return world.fresh.valueMapping(tenant);
  if (kind === 'requestId') return randomUUID();
  throw new Error(`no fresh ${kind} can be made`);
}

/** The id a field holds when it stands on `tenant` (the caller's own user for a user id). */
async function idOf(
  field: TenantField,
  tenant: TenantName,
  caller: Caller,
  recipe: Recipe,
  mustSucceed: boolean,
): Promise<string> {
  if (field.kind === 'user' && caller !== 'anonymous' && caller !== 'staff')
    return world.roles[caller].userId;
  if (mustSucceed && recipe.fresh?.includes(field.kind)) return freshId(field.kind, tenant);
  const id = world.tenants[tenant].ids[field.kind];
  if (!id) throw new Error(`${tenant} holds no ${field.kind}`);
  return id;
}

const asValue = (field: IdField, id: string): unknown => (field.schema.type === 'array' ? [id] : id);

function place(parts: RequestParts, field: IdField, value: unknown): void {
  if (field.location === 'path') parts.path[field.name] = String(value);
  else if (field.location === 'query') parts.query[field.name] = String(value);
  else {
    if (parts.body === null || typeof parts.body !== 'object') parts.body = {};
    setAt(parts.body as Record<string, unknown>, field.pointer, value);
  }
}

function holdsValue(parts: RequestParts, field: IdField, value: string): boolean {
  if (field.location === 'path') return parts.path[field.name] === value;
  if (field.location === 'query') return parts.query[field.name] === value;
  const held = getAt(parts.body, field.pointer);
  return held === value || (Array.isArray(held) && held.includes(value));
}

type Call = {
  caller: Caller;
  label: string;
  baseTenant: TenantName;
  ids: Record<FieldKey, string>;
  swapped: Set<FieldKey>;
  mustSucceed: boolean;
};

async function requestFor(operation: Operation, plan: Extract<Plan, { type: 'scan' | 'ids' }>, call: Call) {
  const parts = sampleRequest(operation);
  for (const field of plan.others) {
    const rule = ID_RULES[field.name];
    if (rule && 'notTenant' in rule) place(parts, field, asValue(field, rule.value(world)));
  }
  const fields = plan.type === 'ids' ? plan.fields : [];
  for (const field of fields) {
    const id = call.ids[field.key];
    if (id !== undefined) place(parts, field, asValue(field, id));
  }
  const overrides = plan.recipe.fill
    ? await plan.recipe.fill({
        world,
        caller: call.caller,
        baseTenant: call.baseTenant,
        ids: call.ids,
        swapped: call.swapped,
        mustSucceed: call.mustSucceed,
      })
    : {};
  Object.assign(parts.path, overrides.path);
  Object.assign(parts.query, overrides.query);
  if (overrides.body) {
    parts.body = { ...(parts.body as Record<string, unknown> | undefined), ...overrides.body };
  }
  const dropped = fields.filter((f) => call.swapped.has(f.key) && !holdsValue(parts, f, call.ids[f.key]!));
  return { parts, dropped };
}

async function send(operation: Operation, caller: Caller, parts: RequestParts) {
  const cookie = caller === 'anonymous' ? undefined : world.roles[caller].cookie;
  const hasBody = parts.body !== undefined;
  const url = operationUrl(operation, parts.path, parts.query);
  const response = await t.app.inject({
    method: operation.method,
    url,
    headers: { ...(cookie ? { cookie } : {}), ...(hasBody ? { 'content-type': 'application/json' } : {}) },
    ...(hasBody ? { payload: JSON.stringify(parts.body) } : {}),
  });
  return { url, response };
}

const excerpt = (text: string) => (text.length > 400 ? `${text.slice(0, 400)}…` : text);

function describeCall(
  call: Call,
  url: string,
  parts: RequestParts,
  response: LightMyRequestResponse,
): string {
  const body = parts.body === undefined ? '' : ` ${excerpt(JSON.stringify(parts.body))}`;
  return `${call.caller} ${call.label}: ${url}${body} -> ${response.statusCode} ${excerpt(response.body)}`;
}

const is2xx = (status: number) => status >= 200 && status < 300;

/** Runs one call and records what is wrong with its answer. */
async function check(
  operation: Operation,
  plan: Extract<Plan, { type: 'scan' | 'ids' }>,
  call: Call,
  expect: { ok: boolean } | { refused: true } | { unanswered: TenantName },
  failures: string[],
): Promise<void> {
  const { parts, dropped } = await requestFor(operation, plan, call);
  if (dropped.length > 0) {
    failures.push(
      `${call.caller} ${call.label}: the recipe replaced ${dropped.map((f) => f.key).join(', ')}`,
    );
    return;
  }
  const { url, response } = await send(operation, call.caller, parts);
  const what = describeCall(call, url, parts, response);
  const status = response.statusCode;
  if (status >= 500) {
    failures.push(`SERVER ERROR ${what}`);
    return;
  }
  for (const marker of foreignMarkers(call.caller)) {
    if (response.body.includes(marker)) failures.push(`LEAK of "${marker}" ${what}`);
  }
  if ('ok' in expect) {
    if (expect.ok && !is2xx(status)) {
      failures.push(
        `NOT FILLED (expected 2xx) ${what}\n  -> if the request is wrong, give ${operation.id} a recipe in RECIPES`,
      );
    }
    if (!expect.ok && is2xx(status)) failures.push(`ALLOWED (the recipe says this caller may not) ${what}`);
    return;
  }
  if ('refused' in expect) {
    if (is2xx(status)) failures.push(`CROSS-TENANT 2xx ${what}`);
    return;
  }
  if (!is2xx(status)) return;
  const tenant = world.tenants[expect.unanswered];
  const sent = new Set(Object.values(call.ids));
  const theirs = [
    ...Object.values(tenant.ids).filter((id) => !sent.has(id)),
    ...tenant.privateMarkers,
    tenant.displayName,
  ];
  for (const value of theirs) {
    if (response.body.includes(value)) failures.push(`CROSS-TENANT data "${value}" ${what}`);
  }
}

async function runScan(operation: Operation, plan: Extract<Plan, { type: 'scan' }>, failures: string[]) {
  const allowed = new Set(plan.recipe.allowed ?? callersOf(plan.recipe, true));
  for (const caller of callersOf(plan.recipe, true)) {
    const call: Call = {
      caller,
      label: 'call',
      baseTenant: 'homeAgency',
      ids: {},
      swapped: new Set(),
      mustSucceed: allowed.has(caller),
    };
    await check(operation, plan, call, { ok: allowed.has(caller) }, failures);
  }
}

async function runIds(operation: Operation, plan: Extract<Plan, { type: 'ids' }>, failures: string[]) {
  const { recipe } = plan;
  const callers = callersOf(recipe, false);
  const allowed = new Set(recipe.allowed ?? callers);
  const controls = new Map<string, { variant: TenantField[]; tenant: TenantName }>();
  let foreignCalls = 0;

  for (const caller of callers) {
    for (const variant of variantsOf(plan.fields, recipe)) {
      const needs = variant.filter((f) => f.kind !== 'user' || caller === 'anonymous');
      const base = ownTenants(caller, recipe).find((n) => needs.every((f) => holds(n, f.kind)));
      if (!base) {
        failures.push(`${caller}: no own tenant holds ${needs.map((f) => f.kind).join(', ')}`);
        continue;
      }
      const mayUse = allowed.has(caller);
      const ownIds = async (mustSucceed: boolean) => {
        const ids: Record<FieldKey, string> = {};
        for (const f of variant) ids[f.key] = await idOf(f, base, caller, recipe, mustSucceed);
        return ids;
      };
      await check(
        operation,
        plan,
        {
          caller,
          label: 'own ids',
          baseTenant: base,
          ids: await ownIds(mayUse),
          swapped: new Set(),
          mustSucceed: mayUse,
        },
        { ok: mayUse },
        failures,
      );

      for (const tenant of TENANT_NAMES) {
        const foreign = variant.filter((f) => holds(tenant, f.kind) && !inScope(caller, tenant, f.kind));
        const swaps =
          variant.length > 1 && foreign.length === variant.length
            ? [...foreign.map((f) => [f]), foreign]
            : foreign.map((f) => [f]);
        for (const swap of swaps) {
          const ids = await ownIds(false);
          for (const f of swap) ids[f.key] = world.tenants[tenant].ids[f.kind]!;
          const refused = swap.some((f) => f.foreign === 'refused');
          foreignCalls += 1;
          await check(
            operation,
            plan,
            {
              caller,
              label: `${tenant}'s ${swap.map((f) => f.key).join(' + ')}`,
              baseTenant: base,
              ids,
              swapped: new Set(swap.map((f) => f.key)),
              mustSucceed: false,
            },
            refused ? { refused: true } : { unanswered: tenant },
            failures,
          );
        }
        const controllable =
          (!recipe.agencyLevel || world.tenants[tenant].kind === 'agency') &&
          (!recipe.networkLevel || world.tenants[tenant].kind === 'network');
        if (controllable && foreign.length === variant.length && foreign.length > 0) {
          controls.set(`${variant.map((f) => f.key).join('+')} ${tenant}`, { variant, tenant });
        }
      }
    }
  }

  if (foreignCalls === 0)
    failures.push("no call with another tenant's ids: the world holds none of these kinds");
  if (recipe.noStaffControl) return;
  if (controls.size === 0)
    failures.push('no staff control: no other tenant holds every id this operation takes');
  for (const { variant, tenant } of controls.values()) {
    const ids: Record<FieldKey, string> = {};
    for (const f of variant) ids[f.key] = await idOf(f, tenant, 'staff', recipe, true);
    await check(
      operation,
      plan,
      {
        caller: 'staff',
        label: `control with ${tenant}'s ids`,
        baseTenant: tenant,
        ids,
        swapped: new Set(),
        mustSucceed: true,
      },
      { ok: true },
      failures,
    );
  }
}

describe('cross-tenant access, generated from the OpenAPI document', () => {
  it('reads the operations from the document', () => {
    expect(operations.length).toBeGreaterThan(40);
  });

  it('names only operations that exist in its recipes and exemptions', () => {
    const ids = new Set(operations.map((o) => o.id));
    const stale = [...Object.keys(RECIPES), ...Object.keys(EXEMPTIONS)].filter((id) => !ids.has(id));
    expect(stale, 'recipes or exemptions for operations the document no longer has').toEqual([]);
  });

  it('refuses an operation with an id-like field it has no rule for, until one is added', () => {
    const newEndpoint: Operation = {
      id: 'GET /api/budgets/{budgetId}',
      method: 'GET',
      path: '/api/budgets/{budgetId}',
      summary: 'A budget',
      params: [{ name: 'budgetId', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }],
      body: null,
      responses: [200],
    };
    expect(planOf(newEndpoint)).toEqual({ type: 'unclassified', fields: ['path.budgetId'] });
  });

  for (const operation of operations) {
    it(operation.id, async () => {
      const plan = planOf(operation);
      if (plan.type === 'exempt') {
        expect(plan.reason.length, 'an exemption says why').toBeGreaterThan(20);
        return;
      }
      if (plan.type === 'unclassified') {
        expect.fail(
          `${operation.id}: the id-like field(s) ${plan.fields.join(', ')} have no rule. Add the name to ` +
            'ID_RULES (the kind of record it names, or why it is not tenant data), or give the operation ' +
            'a recipe with `kinds`.',
        );
      }
      const failures: string[] = [];
      if (plan.type === 'scan') await runScan(operation, plan, failures);
      else await runIds(operation, plan, failures);
      expect(failures).toEqual([]);
    });
  }
});
