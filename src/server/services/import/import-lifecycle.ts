import { and, eq, sql } from 'drizzle-orm';
import { UPLOAD_EXPIRY_DAYS } from '#shared/contracts/import.ts';
import type { Db } from '#server/db/client.ts';
import { importRowErrors, imports } from '#server/db/schema/imports.ts';
import { AppError } from '#server/errors.ts';
import type { Actor } from '#server/policies/actor.ts';
import type { ImportScope } from './import-access.ts';
import { discardStoredFile } from './import-staging.ts';
import { dropStagedRows } from './staged-rows.ts';

type Lifecycle = Pick<typeof imports.$inferSelect, 'status' | 'createdAt'>;

const DAY_MS = 24 * 60 * 60 * 1000;

/** When an upload that is still unloaded expires; null once it is loaded, undone, discarded or expired. */
export function uploadExpiresAt(record: Lifecycle): Date | null {
  return record.status === 'staged'
    ? new Date(record.createdAt.getTime() + UPLOAD_EXPIRY_DAYS * DAY_MS)
    : null;
}

export function uploadExpired(record: Lifecycle, now = new Date()): boolean {
  const at = uploadExpiresAt(record);
  return at !== null && at.getTime() <= now.getTime();
}

/** An unloaded upload's rows, row errors and kept file go; its record stays, with who and when. */
async function dropUnloaded(
  db: Db,
  importUuid: string,
  status: 'discarded' | 'expired',
  by: string | null,
  storageDir: string,
): Promise<boolean> {
  const done = await db.transaction(async (tx) => {
    const changed = await tx
      .update(imports)
      .set({ status, discardedBy: by, discardedAt: new Date() })
      .where(and(eq(imports.uuid, importUuid), eq(imports.status, 'staged')))
      .returning({ uuid: imports.uuid, agencyUuid: imports.agencyUuid, fileName: imports.fileName });
    const row = changed[0];
    if (!row) return false;
    await tx.delete(importRowErrors).where(eq(importRowErrors.importUuid, importUuid));
    await dropStagedRows(tx, importUuid);
    if (by) {
      await tx.execute(sql`
        insert into audit_log (agency_uuid, actor_user_id, action, entity, entity_id, before, after)
        values (${row.agencyUuid}::uuid, ${by}::uuid, 'discard', 'import', ${importUuid}, null,
          ${JSON.stringify({ fileName: row.fileName })}::jsonb)`);
    }
    return true;
  });
  if (done) await discardStoredFile(storageDir, importUuid);
  return done;
}

/**
 * Discards an upload that was not loaded: by the person who uploaded it, or by the network's users
 * and staff (an agency administrator may discard only their own uploads).
 */
export async function discardImport(
  db: Db,
  actor: Actor,
  scope: ImportScope,
  record: typeof imports.$inferSelect,
  storageDir: string,
): Promise<void> {
  if (record.status !== 'staged') {
    throw new AppError('conflict', 'Only an upload that was not loaded can be discarded.');
  }
  if (scope.agencyUuid !== null && record.createdBy !== actor.userId) {
    throw new AppError(
      'forbidden',
      'Only the person who uploaded this file, or the network, may discard it.',
    );
  }
  if (!(await dropUnloaded(db, record.uuid, 'discarded', actor.userId, storageDir))) {
    throw new AppError('conflict', 'Only an upload that was not loaded can be discarded.');
  }
}

/**
 * Expires the network's uploads left unloaded for UPLOAD_EXPIRY_DAYS: their staging tables, row
 * errors and kept files are dropped. Run whenever the network's uploads are listed or opened, so an
 * expired upload is never shown or loaded as if it were waiting. Returns how many expired.
 */
export async function expireUploads(
  db: Db,
  networkUuid: string,
  storageDir: string,
  now = new Date(),
): Promise<number> {
  const cutoff = new Date(now.getTime() - UPLOAD_EXPIRY_DAYS * DAY_MS);
  const due = await db.execute<{ uuid: string }>(sql`
    select uuid from imports where network_uuid = ${networkUuid}::uuid and status = 'staged'
      and created_at <= ${cutoff.toISOString()}::timestamptz`);
  let expired = 0;
  for (const { uuid } of due.rows) {
    if (await dropUnloaded(db, uuid, 'expired', null, storageDir)) expired++;
  }
  return expired;
}
