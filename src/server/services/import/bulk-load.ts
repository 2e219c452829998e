import path from 'node:path';
import { and, eq, or, sql } from 'drizzle-orm';
import type { DateOrder, DecimalSeparator } from '#shared/domain/import-values.ts';
import type { Db } from '#server/db/client.ts';
import { importProfiles } from '#server/db/schema/imports.ts';
import { AppError } from '#server/errors.ts';
import type { Actor } from '#server/policies/actor.ts';
import { resolveImportScope, type ImportScope } from './import-access.ts';
import { commitImport, RowErrorsRefusal, type Preview } from './import-load.ts';
import { discardStoredFile, readRows, stageFile } from './import-staging.ts';
import { rebuildNetwork } from '#server/services/read-model/refresh.ts';

export type BulkTarget = { actor: Actor; scope: ImportScope; profile: typeof importProfiles.$inferSelect };

/**
 * Resolves a bulk load's user (by e-mail), network (by id or name) and mapping profile (by name),
 * under the same rules as the upload page: the user must be allowed to upload for the network.
 */
export async function resolveBulkTarget(
  db: Db,
  input: { userEmail: string; network: string; profile: string },
): Promise<BulkTarget> {
  const users = await db.execute<{
    id: string;
    email: string;
    user_type: Actor['userType'];
    agency_uuid: string | null;
    network_uuid: string | null;
    is_owner: boolean;
    is_administrator: boolean;
  }>(sql`select id, email, user_type, agency_uuid, network_uuid, is_owner, is_administrator
    from users where lower(email) = lower(${input.userEmail}) and is_active`);
  const user = users.rows[0];
  if (!user) throw new AppError('not_found', `No active user has the e-mail address ${input.userEmail}.`);
  const actor: Actor = {
    userId: user.id,
    email: user.email,
    userType: user.user_type,
    agencyUuid: user.agency_uuid,
    networkUuid: user.network_uuid,
    isOwner: user.is_owner,
    isAdministrator: user.is_administrator,
    sessionId: 'bulk-load',
  };
  const isUuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(input.network);
  const networks = await db.execute<{ uuid: string }>(
    isUuid
      ? sql`select uuid from networks where uuid = ${input.network}::uuid`
      : sql`select uuid from networks where lower(name) = lower(${input.network}) or lower(abbreviation) = lower(${input.network})`,
  );
  if (networks.rows.length !== 1) {
    throw new AppError('not_found', `No single network is named "${input.network}" (give its id).`);
  }
  const scope = await resolveImportScope(db, actor, networks.rows[0]!.uuid);
  const [profile] = await db
    .select()
    .from(importProfiles)
    .where(
      and(
        eq(importProfiles.networkUuid, scope.networkUuid),
        or(eq(importProfiles.name, input.profile), sql`${importProfiles.uuid}::text = ${input.profile}`),
      ),
    );
  if (!profile)
    throw new AppError('not_found', `The network has no mapping profile named "${input.profile}".`);
  return { actor, scope, profile };
}

/** Seconds spent in each step of a file's load. */
export type BulkPhases = { stage: number; read: number; commit: number };

export type BulkFileResult = {
  file: string;
  status: 'loaded' | 'refused';
  uploadUuid: string;
  preview: Preview;
  seconds: number;
  phases: BulkPhases;
};

/**
 * Loads one file as the upload page does (stage, read with the profile's columns, preview, commit),
 * without the browser; the read model is left to `finishBulkLoad` (one rebuild after many files).
 * A file with any row error loads nothing and is reported with its errors.
 */
export async function loadFile(
  db: Db,
  target: BulkTarget,
  input: {
    file: string;
    carrierUuid: string | null;
    coversThrough: string;
    storageDir: string;
    sheet?: string;
    dateOrder?: DateOrder;
    decimalSeparator?: DecimalSeparator;
    /** The whole file is the month it covers (the profile maps no Month column). */
    oneMonth?: boolean;
    /** The latest month a file may cover, 'YYYY-MM-01'. */
    notAfter?: string;
    onProgress?: (bytesRead: number, size: number) => void;
  },
): Promise<BulkFileResult> {
  const started = performance.now();
  let mark = started;
  const lap = () => {
    const now = performance.now();
    const seconds = (now - mark) / 1000;
    mark = now;
    return seconds;
  };
  const phases: BulkPhases = { stage: 0, read: 0, commit: 0 };
  const record = await stageFile(db, target.actor, target.scope, {
    kind: target.profile.kind,
    carrierUuid: input.carrierUuid,
    coversThrough: input.coversThrough,
    fileName: path.basename(input.file),
    filePath: input.file,
    storageDir: input.storageDir,
    ...(input.sheet === undefined ? {} : { sheet: input.sheet }),
    ...(input.notAfter === undefined ? {} : { notAfter: input.notAfter }),
  });
  if (record.headerFingerprint !== target.profile.headerFingerprint) {
    throw new AppError(
      'bad_request',
      `${path.basename(input.file)}: its header (${record.header.join(', ')}) is not the layout of profile "${target.profile.name}".`,
    );
  }
  phases.stage = lap();
  const read = await readRows(db, target.actor, record, target.profile.columns, input.storageDir, {
    saveProfileAs: null,
    amounts: target.profile.amounts,
    oneMonth: input.oneMonth ?? false,
    ...(input.dateOrder === undefined ? {} : { dateOrder: input.dateOrder }),
    ...(input.decimalSeparator === undefined ? {} : { decimalSeparator: input.decimalSeparator }),
    ...(input.onProgress ? { onProgress: input.onProgress } : {}),
  });
  phases.read = lap();
  const result = { file: input.file, uploadUuid: record.uuid, phases };
  // The commit checks every row itself (and refuses with the preview): no separate preview pass.
  try {
    const preview = await commitImport(db, target.actor, read.uuid, { refresh: 'none' });
    await discardStoredFile(input.storageDir, record.uuid);
    phases.commit = lap();
    return { ...result, preview, status: 'loaded', seconds: (performance.now() - started) / 1000 };
  } catch (error) {
    if (!(error instanceof RowErrorsRefusal)) throw error;
    phases.commit = lap();
    return {
      ...result,
      preview: error.preview,
      status: 'refused',
      seconds: (performance.now() - started) / 1000,
    };
  }
}

/** After a bulk load: the network's derived production data rebuilt once from its facts. */
export async function finishBulkLoad(db: Db, networkUuid: string): Promise<void> {
  await rebuildNetwork(db, networkUuid);
}
