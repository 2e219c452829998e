import type { Db } from '#server/db/client.ts';
import { auditLog } from '#server/db/schema/auth.ts';

/** An audit row: who did what to which record, with the record before and after (DESIGN §5). */
export type AuditEntry = Omit<typeof auditLog.$inferInsert, 'id' | 'at'>;

/** Records one audit row, in the transaction of the write it describes. */
export async function recordAudit(tx: Pick<Db, 'insert'>, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values(entry);
}
