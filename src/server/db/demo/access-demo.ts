import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import {
  accessRecords,
  featureFlags,
  featureFlagTargets,
  productFeatures,
  userPermissions,
  whatsNewEntries,
} from '#server/db/schema/access.ts';
import { reportAssignments } from '#server/db/schema/reports.ts';
import { UPLOAD_PERMISSION } from '#shared/domain/access.ts';
import { addMonths, type YearMonth } from '#shared/domain/reporting-month.ts';

type Executor = Pick<Db, 'insert' | 'execute'>;

/** The product features (global): what a subscriber can hold and a user can be granted. */
export const DEMO_PRODUCT_FEATURES = [
  { key: 'cpr', title: 'Carrier Production', externalId: 'feature-carrier-production', isLive: true },
  {
    key: 'pbi-agency-production',
    title: 'Agency Production',
    externalId: 'feature-agency-production',
    isLive: true,
  },
  {
    key: 'pbi-agency-production-teaser',
    title: 'Agency Production preview',
    externalId: null,
    isLive: false,
  },
  {
    key: 'pbi-market-assistance-lite',
    title: 'Market Assistance',
    externalId: 'feature-market-assistance',
    isLive: true,
  },
  { key: 'site-revenue-tuner', title: 'Revenue Tuner', externalId: 'feature-revenue-tuner', isLive: true },
  { key: 'pbi-revenue-tuner-teaser', title: 'Revenue Tuner preview', externalId: null, isLive: false },
  {
    key: 'site-ams-data-health',
    title: 'AMS Data Health',
    externalId: 'feature-ams-data-health',
    isLive: true,
  },
  { key: 'pbi-retention', title: 'Retention', externalId: 'feature-retention', isLive: false },
  {
    key: 'pbi-market-assistance',
    title: 'Market Assistance (full)',
    externalId: 'feature-market-assistance-full',
    isLive: true,
  },
  {
    key: 'pbi-market-assistance-teaser',
    title: 'Market Assistance preview',
    externalId: null,
    isLive: false,
  },
  {
    key: 'pbi-market-assistance-unaffiliated',
    title: 'Market Assistance (unaffiliated agencies)',
    externalId: 'feature-market-assistance-unaffiliated',
    isLive: false,
  },
  {
    key: 'pbi-revenue-tuner',
    title: 'Revenue Tuner (dashboard)',
    externalId: 'feature-revenue-tuner-dashboard',
    isLive: false,
  },
  {
    key: 'pbi-revenue-tuner-unaffiliated',
    title: 'Revenue Tuner (unaffiliated agencies)',
    externalId: 'feature-revenue-tuner-unaffiliated',
    isLive: false,
  },
  { key: 'pbi-lift-analysis', title: 'Lift Analysis', externalId: 'feature-lift-analysis', isLive: true },
  { key: 'pbi-cross-sell', title: 'Cross-Sell', externalId: 'feature-cross-sell', isLive: true },
  {
    key: 'pbi-revenue-variance',
    title: 'Revenue Variance',
    externalId: 'feature-revenue-variance',
    isLive: true,
  },
] as const;

/**
 * Dashboards assigned to the first network's reports, one per provider, so a demo user sees each
 * state of an embedded report: with the provider configured (README "Embedded dashboards") the
 * dashboard, without it the error that says so; reports without an assignment say none is set up.
 */
export const DEMO_ASSIGNMENTS = [
  {
    reportKey: 'agency-production',
    provider: 'powerbi',
    externalId: 'demo-agency-production',
    workspaceId: 'demo-workspace',
  },
  { reportKey: 'ams-data-health', provider: 'sigma', externalId: 'demo-ams-data-health', workspaceId: '' },
  { reportKey: 'retention', provider: 'metabase', externalId: '1', workspaceId: '' },
] as const;

/** Every subscriber holds these; subscribers on the Pro plan hold every feature with an external id. */
const BASE_PLAN_FEATURES = ['feature-carrier-production', 'feature-agency-production'];

export const DEMO_FLAGS = [
  { key: 'growthMeasurement', title: 'Growth Plan Measurement', enabled: false },
  { key: 'aiChat', title: 'AI Chat', enabled: false },
  { key: 'scorecards', title: 'Agency production scorecards', enabled: false },
  { key: 'sigma', title: 'Embedded report links', enabled: false },
] as const;

/** Product features and flags: global, written once whatever else is seeded. */
export async function ensureProductFeatures(db: Executor): Promise<void> {
  await db
    .insert(productFeatures)
    .values(DEMO_PRODUCT_FEATURES.map((f) => ({ ...f })))
    .onConflictDoNothing();
  await db
    .insert(featureFlags)
    .values(DEMO_FLAGS.map((f) => ({ ...f })))
    .onConflictDoNothing();
}

/** Subscribers receive the features of their plan (idempotent: agencies seeded later get theirs too). */
export async function grantPlanFeatures(db: Executor): Promise<void> {
  await db.execute(sql`
    insert into subscriber_features (agency_uuid, external_id, created_at)
    select s.agency_uuid, f.external_id, s.created_at
    from subscriptions s
    join product_features f on f.external_id is not null
    where s.plan_name = 'Understanding Pro'
       or f.external_id in (${sql.join(
         BASE_PLAN_FEATURES.map((id) => sql`${id}`),
         sql`, `,
       )})
    on conflict do nothing`);
}

/**
 * The demo users' access: the owner is unmanaged (no records: every live feature of the plan); the
 * administrator is granted Carrier Production explicitly; the plain agency user is denied it (so
 * the no-access screen can be seen), granted Agency Production, and shown the Market Assistance and
 * Revenue Tuner teasers. Staff, the network user, owner and administrator hold the upload permission. The
 * first network's reports get the demo dashboards. The owner, the network user and the plain agency
 * user see the scorecard.
 */
export async function seedDemoAccess(
  db: Executor,
  ids: { staff: string; network: string; admin: string; user: string; owner: string; networkUuid: string },
  latest: YearMonth,
): Promise<void> {
  await db.insert(accessRecords).values([
    { userId: ids.admin, productComponentKey: 'cpr', denyAccess: false },
    { userId: ids.admin, productComponentKey: 'pbi-agency-production', denyAccess: false },
    { userId: ids.user, productComponentKey: 'cpr', denyAccess: true },
    { userId: ids.user, productComponentKey: 'pbi-agency-production', denyAccess: false },
    { userId: ids.user, productComponentKey: 'pbi-market-assistance-teaser', denyAccess: false },
    { userId: ids.user, productComponentKey: 'pbi-revenue-tuner-teaser', denyAccess: false },
  ]);
  await db
    .insert(reportAssignments)
    .values(DEMO_ASSIGNMENTS.map((a) => ({ ...a, networkUuid: ids.networkUuid, updatedBy: ids.staff })));
  await db.insert(userPermissions).values(
    [ids.staff, ids.network, ids.owner, ids.admin].map((userId) => ({
      userId,
      permission: UPLOAD_PERMISSION,
    })),
  );
  await db.insert(featureFlagTargets).values([
    { flagKey: 'growthMeasurement', targetType: 'network', targetUuid: ids.networkUuid, enabled: true },
    // The owner, the network user and the plain agency user open the agency production scorecard,
    // so the agency user, who has no Carrier Production, lands on figures (decision 058) whether or
    // not Power BI is set up; the administrator keeps the embedded Agency Production dashboard.
    { flagKey: 'scorecards', targetType: 'user', targetUuid: ids.owner, enabled: true },
    { flagKey: 'scorecards', targetType: 'user', targetUuid: ids.network, enabled: true },
    { flagKey: 'scorecards', targetType: 'user', targetUuid: ids.user, enabled: true },
  ]);
  const day = (months: number) => `${addMonths(latest, months)}-20`;
  await db.insert(whatsNewEntries).values([
    {
      publishedOn: day(0),
      title: 'Choose the level of every report',
      body: 'Network analysts and staff can now compute reports for the whole network or for one agency in it, from the level picker in the header.',
    },
    {
      publishedOn: day(-1),
      title: 'Help topics in the app',
      body: 'The Help page answers the common questions: signing in, resetting a password, requesting a new carrier and entering production for carriers that send no data.',
    },
    {
      publishedOn: day(-2),
      title: 'Sessions you can trust',
      body: 'Sessions now end after a working day, and staff can end every session of a user at once when a device is lost.',
    },
  ]);
}
