import { asc, eq } from 'drizzle-orm';
import { recordAudit } from '#server/services/audit/record-audit.ts';
import type { AdminAssignment, AssignmentInput } from '#shared/contracts/reports.ts';
import { assignmentInputSchema } from '#shared/contracts/reports.ts';
import { EMBED_PROVIDERS, reportByKey } from '#shared/domain/reports.ts';
import type { Db } from '#server/db/client.ts';
import { reportAssignments } from '#server/db/schema/reports.ts';
import { agencies, networks } from '#server/db/schema/tenancy.ts';
import { AppError } from '#server/errors.ts';
import type { Actor } from '#server/policies/actor.ts';
import { requireInternal, resolveLevel } from '#server/policies/scope.ts';
import type { EmbedProviders } from './embed/embed-provider.ts';

/** Which providers this server can mint for (the admin page warns about the others). */
export function providerStatus(providers: EmbedProviders) {
  return EMBED_PROVIDERS.map((provider) => ({ provider, configured: providers[provider] !== undefined }));
}

/** Every assignment, by network, agency and report, for internal staff. */
export async function listAdminAssignments(db: Db, actor: Actor): Promise<AdminAssignment[]> {
  requireInternal(actor);
  const rows = await db
    .select({ row: reportAssignments, networkName: networks.name, agencyName: agencies.name })
    .from(reportAssignments)
    .innerJoin(networks, eq(networks.uuid, reportAssignments.networkUuid))
    .leftJoin(agencies, eq(agencies.uuid, reportAssignments.agencyUuid))
    .orderBy(asc(networks.name), asc(agencies.name), asc(reportAssignments.reportKey));
  return rows.map(({ row, networkName, agencyName }) => ({
    assignmentId: row.uuid,
    reportKey: row.reportKey,
    provider: row.provider,
    reportId: row.externalId,
    workspaceId: row.workspaceId,
    parameters: row.parameters,
    networkUuid: row.networkUuid,
    agencyUuid: row.agencyUuid,
    levelName: agencyName ?? networkName,
    updatedAt: row.updatedAt.toISOString(),
  }));
}

/** The columns of an assignment from what staff entered, checked against the catalogue and provider. */
async function columnsOf(db: Db, actor: Actor, input: AssignmentInput) {
  const parsed = assignmentInputSchema.parse(input);
  if (parsed.provider === 'powerbi' && !parsed.workspaceId) {
    throw new AppError('bad_request', 'Enter the Power BI workspace id.', {
      workspaceId: 'Enter the Power BI workspace id.',
    });
  }
  const level = await resolveLevel(db, actor, parsed.levelUuid);
  return {
    networkUuid: level.networkUuid,
    agencyUuid: level.kind === 'agency' ? level.agencyUuid : null,
    reportKey: parsed.reportKey,
    provider: parsed.provider,
    externalId: parsed.reportId,
    workspaceId: parsed.provider === 'powerbi' ? parsed.workspaceId : '',
    parameters: parsed.parameters,
  };
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

const alreadyAssigned = (reportKey: string) =>
  new AppError(
    'conflict',
    `A dashboard is already assigned to ${reportByKey(reportKey)?.label ?? reportKey} for this network or agency. Edit that one instead.`,
    { reportKey: 'Already assigned for this network or agency.' },
  );

/** Assigns a dashboard (staff), with an audit row, in one transaction. */
export async function createAssignment(db: Db, actor: Actor, input: AssignmentInput): Promise<string> {
  requireInternal(actor);
  const columns = await columnsOf(db, actor, input);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(reportAssignments)
        .values({ ...columns, updatedBy: actor.userId })
        .returning();
      await recordAudit(tx, {
        agencyUuid: row!.agencyUuid,
        actorUserId: actor.userId,
        action: 'create',
        entity: 'report_assignment',
        entityId: row!.uuid,
        after: row,
      });
      return row!.uuid;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw alreadyAssigned(columns.reportKey);
    throw error;
  }
}

/** Changes an assignment (staff), with an audit row, in one transaction. */
export async function updateAssignment(
  db: Db,
  actor: Actor,
  assignmentId: string,
  input: AssignmentInput,
): Promise<void> {
  requireInternal(actor);
  const columns = await columnsOf(db, actor, input);
  try {
    await db.transaction(async (tx) => {
      const [before] = await tx
        .select()
        .from(reportAssignments)
        .where(eq(reportAssignments.uuid, assignmentId))
        .for('update');
      if (!before) throw new AppError('not_found', 'This assignment no longer exists.');
      const [after] = await tx
        .update(reportAssignments)
        .set({ ...columns, updatedBy: actor.userId, updatedAt: new Date() })
        .where(eq(reportAssignments.uuid, assignmentId))
        .returning();
      await recordAudit(tx, {
        agencyUuid: after!.agencyUuid,
        actorUserId: actor.userId,
        action: 'update',
        entity: 'report_assignment',
        entityId: assignmentId,
        before,
        after,
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw alreadyAssigned(columns.reportKey);
    throw error;
  }
}

/** Removes an assignment (staff), with an audit row. */
export async function deleteAssignment(db: Db, actor: Actor, assignmentId: string): Promise<void> {
  requireInternal(actor);
  await db.transaction(async (tx) => {
    const [before] = await tx
      .delete(reportAssignments)
      .where(eq(reportAssignments.uuid, assignmentId))
      .returning();
    if (!before) throw new AppError('not_found', 'This assignment no longer exists.');
    await recordAudit(tx, {
      agencyUuid: before.agencyUuid,
      actorUserId: actor.userId,
      action: 'delete',
      entity: 'report_assignment',
      entityId: assignmentId,
      before,
    });
  });
}
