import { and, eq, isNull, or, type SQL } from 'drizzle-orm';
import type { Client } from '@openfeature/server-sdk';
import type {
  EmbedConfig,
  ReportAccessRequest,
  ReportAccessResponse,
  ReportAssignment,
  ReportResponse,
  SigmaEmbedRequest,
  SigmaEmbedResponse,
} from '#shared/contracts/reports.ts';
import { reportAccessRequestSchema } from '#shared/contracts/reports.ts';
import {
  canOpenReport,
  EMBED_PROVIDER_LABELS,
  reportByKey,
  type ReportAccess,
  type ReportDescriptor,
} from '#shared/domain/reports.ts';
import type { Db } from '#server/db/client.ts';
import { users } from '#server/db/schema/auth.ts';
import { reportAccessRequests, reportAssignments } from '#server/db/schema/reports.ts';
import { agencies, subscribers } from '#server/db/schema/tenancy.ts';
import { AppError } from '#server/errors.ts';
import { isInternalActor, type Actor } from '#server/policies/actor.ts';
import { resolveLevel, type Level } from '#server/policies/scope.ts';
import { resolveActorAccess } from '#server/services/access/access-service.ts';
import { evaluateFlags } from '#server/services/flags/flag-service.ts';
import { forwardToSupport, type SupportForwarding } from '#server/services/support/forward-to-support.ts';
import {
  EmbedProviderError,
  type EmbedProviders,
  type EmbedTenant,
  type MintedEmbed,
  type StoredAssignment,
} from './embed/embed-provider.ts';

/** What the report services need besides the database. */
export type ReportDeps = { db: Db; flags: Client; providers: EmbedProviders };

/** The caller's product features and flags: what decides which reports they may open (spec part 1 §6). */
export async function reportAccessOf(db: Db, flags: Client, actor: Actor): Promise<ReportAccess> {
  const [features, evaluated] = await Promise.all([
    resolveActorAccess(db, actor),
    evaluateFlags(db, flags, actor),
  ]);
  return {
    features,
    flags: Object.fromEntries(evaluated.map((flag) => [flag.key, flag.enabled])),
    isInternal: isInternalActor(actor),
  };
}

const noAccess = () =>
  new AppError(
    'forbidden',
    'You do not have access to this feature. Please select an option from the menu on the left.',
  );

/** The report of `key`, when the caller may open it: 404 for an unknown key, 403 without access. */
function requireOpenReport(key: string, access: ReportAccess): ReportDescriptor {
  const report = reportByKey(key);
  if (!report) throw new AppError('not_found', `There is no report "${key}".`);
  if (!canOpenReport(report, access)) throw noAccess();
  return report;
}

function tenantOf(level: Level): EmbedTenant {
  return level.kind === 'agency'
    ? { kind: 'agency', networkUuid: level.networkUuid, agencyUuid: level.agencyUuid }
    : { kind: 'network', networkUuid: level.networkUuid, agencyUuid: null };
}

/** The assignments that apply at a level: the network's, and at an agency also the agency's own. */
function appliesAt(level: Level) {
  const network = eq(reportAssignments.networkUuid, level.networkUuid);
  return level.kind === 'agency'
    ? and(
        network,
        or(isNull(reportAssignments.agencyUuid), eq(reportAssignments.agencyUuid, level.agencyUuid)),
      )
    : and(network, isNull(reportAssignments.agencyUuid));
}

function toStored(row: typeof reportAssignments.$inferSelect): StoredAssignment {
  return {
    uuid: row.uuid,
    reportKey: row.reportKey,
    provider: row.provider,
    externalId: row.externalId,
    workspaceId: row.workspaceId,
    parameters: row.parameters,
    networkUuid: row.networkUuid,
    agencyUuid: row.agencyUuid,
  };
}

/**
 * The dashboard of each report at a level: an agency's own assignment takes the place of its
 * network's for the same report.
 */
async function effectiveAssignments(db: Db, level: Level): Promise<StoredAssignment[]> {
  const rows = await db.select().from(reportAssignments).where(appliesAt(level));
  const byKey = new Map<string, StoredAssignment>();
  for (const row of rows) {
    const current = byKey.get(row.reportKey);
    if (!current || (current.agencyUuid === null && row.agencyUuid !== null)) {
      byKey.set(row.reportKey, toStored(row));
    }
  }
  return [...byKey.values()].sort((a, b) => a.reportKey.localeCompare(b.reportKey));
}

/**
 * The dashboards users can open at a level: those of a provider this server is set up for. A
 * dashboard of a provider without keys counts as no assignment (the report's fallback shows), never
 * as an error to retry (decision 054).
 */
async function openableAssignments(
  db: Db,
  providers: EmbedProviders,
  level: Level,
): Promise<StoredAssignment[]> {
  return (await effectiveAssignments(db, level)).filter((a) => providers[a.provider] !== undefined);
}

function toAssignment(stored: StoredAssignment): ReportAssignment {
  return {
    assignmentId: stored.uuid,
    reportKey: stored.reportKey,
    provider: stored.provider,
    reportId: stored.externalId,
    level: stored.agencyUuid === null ? 'network' : 'agency',
  };
}

/** The dashboards assigned at a level, limited to the reports the caller may open. */
async function visibleAssignments(
  { db, flags, providers }: ReportDeps,
  actor: Actor,
  level: Level,
): Promise<ReportAssignment[]> {
  const [access, assignments] = await Promise.all([
    reportAccessOf(db, flags, actor),
    openableAssignments(db, providers, level),
  ]);
  return assignments
    .filter((a) => {
      const report = reportByKey(a.reportKey);
      return report !== undefined && canOpenReport(report, access);
    })
    .map(toAssignment);
}

/** GET /api/reports/assignments?levelUuid */
export async function listReportAssignments(
  deps: ReportDeps,
  actor: Actor,
  levelUuid: string | undefined,
): Promise<ReportAssignment[]> {
  return visibleAssignments(deps, actor, await resolveLevel(deps.db, actor, levelUuid));
}

/** The agency a subscriber stands for, when the caller may see it (403 otherwise, as for levels). */
async function subscriberLevel(db: Db, actor: Actor, subscriberUuid: string | undefined): Promise<Level> {
  if (subscriberUuid === undefined) {
    if (!actor.agencyUuid) {
      throw new AppError('bad_request', 'Choose a subscriber.', { subscriberUuid: 'Choose a subscriber.' });
    }
    return resolveLevel(db, actor, actor.agencyUuid);
  }
  const [subscriber] = await db
    .select({ agencyUuid: subscribers.agencyUuid })
    .from(subscribers)
    .where(eq(subscribers.uuid, subscriberUuid));
  if (!subscriber) throw new AppError('forbidden', 'You do not have access to this subscriber.');
  return resolveLevel(db, actor, subscriber.agencyUuid);
}

/** GET /api/subscription/assignments?subscriberUuid: the dashboards of a subscriber's agency. */
export async function listSubscriptionAssignments(
  deps: ReportDeps,
  actor: Actor,
  subscriberUuid: string | undefined,
): Promise<ReportAssignment[]> {
  return visibleAssignments(deps, actor, await subscriberLevel(deps.db, actor, subscriberUuid));
}

/** GET /api/reports/{key}?levelUuid: the report and the dashboard assigned to it at the level. */
export async function getReport(
  { db, flags, providers }: ReportDeps,
  actor: Actor,
  key: string,
  levelUuid: string | undefined,
): Promise<ReportResponse> {
  const report = requireOpenReport(key, await reportAccessOf(db, flags, actor));
  const level = await resolveLevel(db, actor, levelUuid);
  const assigned = (await effectiveAssignments(db, level)).find((a) => a.reportKey === key);
  const assignment = assigned && providers[assigned.provider] ? assigned : undefined;
  return {
    report: {
      key: report.key,
      path: report.path,
      label: report.label,
      description: report.description,
      fallbackReport: report.fallbackReport,
    },
    assignment: assignment ? toAssignment(assignment) : null,
    // Staff are told why a dashboard assigned here does not show; other users see the fallback.
    providerNotSetUp:
      assigned && !assignment && isInternalActor(actor) ? EMBED_PROVIDER_LABELS[assigned.provider] : null,
  };
}

/** An assignment that applies at the level; 404 otherwise, whether or not it exists elsewhere. */
async function findAssignmentAt(db: Db, level: Level, where: SQL | undefined): Promise<StoredAssignment> {
  const [row] = await db
    .select()
    .from(reportAssignments)
    .where(and(where, appliesAt(level)));
  if (!row) throw new AppError('not_found', 'No such dashboard is assigned here.');
  const effective = (await effectiveAssignments(db, level)).find((a) => a.reportKey === row.reportKey);
  // A network's dashboard that an agency's own assignment replaces does not apply to that agency.
  if (effective?.uuid !== row.uuid) throw new AppError('not_found', 'No such dashboard is assigned here.');
  return toStored(row);
}

/** Mints through the assignment's provider, turning its failures into the API's errors. */
async function mint(
  { db, providers }: ReportDeps,
  actor: Actor,
  assignment: StoredAssignment,
  level: Level,
): Promise<MintedEmbed & { origin: string }> {
  const provider = providers[assignment.provider];
  const label = EMBED_PROVIDER_LABELS[assignment.provider];
  if (!provider) {
    throw new AppError(
      'unavailable',
      `${label} dashboards are not set up on this server yet. Please contact support.`,
    );
  }
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, actor.userId));
  try {
    const minted = await provider.mint({
      assignment,
      tenant: tenantOf(level),
      viewer: {
        userId: actor.userId,
        email: user?.email ?? actor.email,
        userType: actor.userType,
        isInternal: isInternalActor(actor),
      },
    });
    return { ...minted, origin: provider.origin };
  } catch (error) {
    if (error instanceof EmbedProviderError) throw new AppError('bad_gateway', error.message);
    throw error;
  }
}

/**
 * GET /api/reports/{assignmentId}/config (spec part 1 §3 Embed configuration): a short-lived embed config
 * for this user, for the level they look at; the tenant always comes from the session.
 */
export async function getEmbedConfig(
  deps: ReportDeps,
  actor: Actor,
  assignmentId: string,
  levelUuid: string | undefined,
): Promise<EmbedConfig> {
  const { db, flags } = deps;
  const level = await resolveLevel(db, actor, levelUuid);
  const assignment = await findAssignmentAt(db, level, eq(reportAssignments.uuid, assignmentId));
  requireOpenReport(assignment.reportKey, await reportAccessOf(db, flags, actor));
  const minted = await mint(deps, actor, assignment, level);
  return {
    assignmentId: assignment.uuid,
    provider: assignment.provider,
    embedUrl: minted.embedUrl,
    expiration: minted.expiration.toISOString(),
    origin: minted.origin,
    accessToken: minted.accessToken,
    reportId: minted.reportId,
  };
}

/**
 * POST /api/sigma/embed (spec part 1 §7): a signed embed URL for a Sigma workbook assigned at the caller's
 * level. `subscriberUuid` (or `levelUuid`) picks a level the caller may see; the body's e-mail and jwt
 * are ignored.
 */
export async function getSigmaEmbed(
  deps: ReportDeps,
  actor: Actor,
  input: SigmaEmbedRequest,
): Promise<SigmaEmbedResponse> {
  const { db, flags } = deps;
  const level =
    input.subscriberUuid === undefined
      ? await resolveLevel(db, actor, input.levelUuid)
      : await subscriberLevel(db, actor, input.subscriberUuid);
  const assignment = await findAssignmentAt(
    db,
    level,
    and(eq(reportAssignments.provider, 'sigma'), eq(reportAssignments.externalId, input.workbookId)),
  );
  requireOpenReport(assignment.reportKey, await reportAccessOf(db, flags, actor));
  const minted = await mint(deps, actor, assignment, level);
  return { embedUrl: minted.embedUrl, expiration: minted.expiration.toISOString(), origin: minted.origin };
}

/**
 * POST /api/reports/{key}/access-requests: a user asks for a report (from its teaser). Stored first,
 * then forwarded to support the way a new carrier request is; the row stays whatever happens next.
 */
export async function requestReportAccess(
  db: Db,
  actor: Actor,
  key: string,
  input: ReportAccessRequest,
  forwarding: SupportForwarding,
): Promise<ReportAccessResponse> {
  const report = reportByKey(key);
  if (!report) throw new AppError('not_found', `There is no report "${key}".`);
  const target = (report.teaserOf && reportByKey(report.teaserOf)) || report;
  const { message } = reportAccessRequestSchema.parse(input);
  const [row] = await db
    .insert(reportAccessRequests)
    .values({
      agencyUuid: actor.agencyUuid,
      networkUuid: actor.networkUuid,
      userId: actor.userId,
      reportKey: target.key,
      message,
    })
    .returning({ uuid: reportAccessRequests.uuid });
  const requestUuid = row!.uuid;
  const [who] = await db
    .select({ name: users.name, email: users.email, agencyName: agencies.name })
    .from(users)
    .leftJoin(agencies, eq(agencies.uuid, users.agencyUuid))
    .where(eq(users.id, actor.userId));
  try {
    const forwardedTo = await forwardToSupport(forwarding, {
      summary: `Report access request: ${target.label}`,
      description: [
        `Report: ${target.label} (${target.key})`,
        `Requested by: ${who?.name ?? ''} <${who?.email ?? actor.email}>`,
        `Agency: ${who?.agencyName ?? '—'}`,
        `Message: ${message || '—'}`,
        `Request: ${requestUuid}`,
      ].join('\n'),
    });
    await db
      .update(reportAccessRequests)
      .set({ status: 'forwarded', forwardedTo })
      .where(eq(reportAccessRequests.uuid, requestUuid));
    return { error: false, requestUuid };
  } catch (error) {
    forwarding.log.warn(
      { err: error, reportAccessRequest: requestUuid },
      'report access request not forwarded',
    );
    await db
      .update(reportAccessRequests)
      .set({ status: 'failed' })
      .where(eq(reportAccessRequests.uuid, requestUuid));
    return { error: true, requestUuid };
  }
}
