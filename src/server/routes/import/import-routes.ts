import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { desc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '#shared/contracts/errors.ts';
import {
  importCandidatesQuerySchema,
  importCandidatesSchema,
  importColumnsRequestSchema,
  importCommitRequestSchema,
  importListQuerySchema,
  importListSchema,
  importParamsSchema,
  importPreviewQuerySchema,
  importPreviewSchema,
  importRecordSchema,
  importUploadQuerySchema,
  importValueMappingsRequestSchema,
  importValuesSchema,
  type ImportRecordResponse,
} from '#shared/contracts/import.ts';
import type { ColumnMapping } from '#shared/domain/import-matching.ts';
import type { CalendarDay } from '#shared/domain/timeframe.ts';
import { requireActor } from '#server/auth/session.ts';
import type { Db } from '#server/db/client.ts';
import { imports } from '#server/db/schema/imports.ts';
import { AppError } from '#server/errors.ts';
import type { Actor } from '#server/policies/actor.ts';
import { assertImportInScope, resolveImportScope } from '#server/services/import/import-access.ts';
import { discardImport, expireUploads, uploadExpiresAt } from '#server/services/import/import-lifecycle.ts';
import {
  commitImport,
  matchCandidates,
  previewImport,
  saveValueMappings,
  undoImport,
  valuesToMap,
} from '#server/services/import/import-load.ts';
import {
  discardStoredFile,
  proposedColumns,
  readRows,
  stageFile,
  type ImportRecord,
} from '#server/services/import/import-staging.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};

const currentMonth = ({ year, month }: CalendarDay) => `${year}-${String(month).padStart(2, '0')}-01`;

/** The largest file accepted through the browser; years of history go through `npm run import`. */
export const UPLOAD_BODY_LIMIT = 512 * 1024 * 1024;

async function recordResponse(db: Db, record: ImportRecord): Promise<ImportRecordResponse> {
  const proposed = await proposedColumns(db, record);
  const who = await db.execute<{ name: string }>(
    sql`select name from users where id = ${record.createdBy}::uuid`,
  );
  const totals = record.totals as { total?: ImportRecordResponse['total'] } | null;
  return {
    uploadUuid: record.uuid,
    networkUuid: record.networkUuid,
    agencyUuid: record.agencyUuid,
    kind: record.kind,
    status: record.status,
    fileName: record.fileName,
    fileHash: record.fileHash,
    fileSize: record.fileSize,
    carrierUuid: record.carrierUuid,
    coversThrough: record.coversThrough.slice(0, 7),
    detected: record.detected as ImportRecordResponse['detected'],
    header: record.header,
    columns: record.columns as ColumnMapping | null,
    amounts: record.amounts,
    proposed,
    rowCount: record.rowCount,
    errorCount: record.errorCount,
    rowsLoaded: record.rowsLoaded,
    rowsSkipped: record.rowsSkipped,
    rowsExcluded: record.rowsExcluded,
    restatement: record.restatement,
    total: totals?.total ?? null,
    createdBy: who.rows[0]?.name ?? '',
    createdAt: record.createdAt.toISOString(),
    committedAt: record.committedAt?.toISOString() ?? null,
    undoneAt: record.undoneAt?.toISOString() ?? null,
    discardedAt: record.discardedAt?.toISOString() ?? null,
    expiresAt: uploadExpiresAt(record)?.toISOString() ?? null,
  };
}

/**
 * The upload portal's API. Every call resolves the caller's upload scope first
 * (services/import/import-access.ts); an upload outside it answers 404 as if it did not exist.
 */
export const importRoutes: FastifyPluginAsyncZod<{
  db: Db;
  storageDir: string;
  today?: () => CalendarDay;
}> = async (app, { db, storageDir, today }) => {
  app.addContentTypeParser(
    'application/octet-stream',
    { bodyLimit: UPLOAD_BODY_LIMIT },
    (_request, payload, done) => done(null, payload),
  );

  const load = async (actor: Actor, uploadUuid: string): Promise<ImportRecord> => {
    const [record] = await db.select().from(imports).where(eq(imports.uuid, uploadUuid));
    if (!record) {
      await resolveImportScope(db, actor, undefined).catch((e: unknown) => {
        if (e instanceof AppError && e.code === 'forbidden') throw e;
      });
      throw new AppError('not_found', 'This upload does not exist.');
    }
    const scope = await resolveImportScope(
      db,
      actor,
      actor.userType === 'internal' ? record.networkUuid : undefined,
    );
    assertImportInScope(scope, record);
    // An upload left unloaded too long is answered as expired, never as waiting.
    if (record.status === 'staged' && (await expireUploads(db, record.networkUuid, storageDir)) > 0) {
      const [fresh] = await db.select().from(imports).where(eq(imports.uuid, uploadUuid));
      return fresh!;
    }
    return record;
  };

  app.post(
    '/api/imports',
    {
      bodyLimit: UPLOAD_BODY_LIMIT,
      schema: {
        tags: ['imports'],
        summary: 'Upload a carrier file (raw bytes, application/octet-stream)',
        querystring: importUploadQuerySchema,
        response: { 201: importRecordSchema, ...errors },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const q = request.query;
      const scope = await resolveImportScope(db, actor, q.networkUuid);
      if (!(request.body instanceof Readable)) {
        throw new AppError('bad_request', "Send the file's bytes as application/octet-stream.");
      }
      const incoming = path.join(storageDir, 'imports', 'incoming');
      await mkdir(incoming, { recursive: true });
      const file = path.join(incoming, randomUUID());
      try {
        await pipeline(request.body, createWriteStream(file));
        const record = await stageFile(db, actor, scope, {
          kind: q.kind,
          carrierUuid: q.carrierUuid ?? null,
          coversThrough: `${q.coversThrough}-01`,
          fileName: q.fileName,
          filePath: file,
          storageDir,
          ...(q.sheet === undefined ? {} : { sheet: q.sheet }),
          ...(today ? { notAfter: currentMonth(today()) } : {}),
        });
        return reply.code(201).send(await recordResponse(db, record));
      } finally {
        await rm(file, { force: true });
      }
    },
  );

  app.get(
    '/api/imports',
    {
      schema: {
        tags: ['imports'],
        summary: "The network's uploads, newest first, a page at a time",
        querystring: importListQuerySchema,
        response: { 200: importListSchema, ...errors },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      const { page, pageSize } = request.query;
      const scope = await resolveImportScope(db, actor, request.query.networkUuid);
      await expireUploads(db, scope.networkUuid, storageDir);
      const inScope = scope.agencyUuid
        ? sql`${imports.networkUuid} = ${scope.networkUuid}::uuid and ${imports.agencyUuid} = ${scope.agencyUuid}::uuid`
        : eq(imports.networkUuid, scope.networkUuid);
      const rows = await db
        .select()
        .from(imports)
        .where(inScope)
        .orderBy(desc(imports.createdAt), desc(imports.uuid))
        .limit(pageSize)
        .offset((page - 1) * pageSize);
      const [count] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(imports)
        .where(inScope);
      return {
        imports: await Promise.all(rows.map((r) => recordResponse(db, r))),
        total: count!.n,
        page,
        pageSize,
      };
    },
  );

  app.get(
    '/api/imports/:uploadUuid',
    {
      schema: {
        tags: ['imports'],
        summary: 'One upload',
        params: importParamsSchema,
        response: { 200: importRecordSchema, ...errors },
      },
    },
    async (request) => recordResponse(db, await load(requireActor(request), request.params.uploadUuid)),
  );

  app.put(
    '/api/imports/:uploadUuid/columns',
    {
      schema: {
        tags: ['imports'],
        summary: "Map the file's columns and read its rows",
        params: importParamsSchema,
        body: importColumnsRequestSchema,
        response: { 200: importRecordSchema, ...errors },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      const record = await load(actor, request.params.uploadUuid);
      const { dateOrder, decimalSeparator, oneMonth } = request.body;
      const updated = await readRows(db, actor, record, request.body.columns, storageDir, {
        amounts: request.body.amounts,
        oneMonth,
        ...(dateOrder === undefined ? {} : { dateOrder }),
        ...(decimalSeparator === undefined ? {} : { decimalSeparator }),
        ...(request.body.profileName === undefined ? {} : { saveProfileAs: request.body.profileName }),
      });
      return recordResponse(db, updated);
    },
  );

  app.get(
    '/api/imports/:uploadUuid/values',
    {
      schema: {
        tags: ['imports'],
        summary: "The file's carriers, policy types and agency codes, with their matches and suggestions",
        params: importParamsSchema,
        response: { 200: importValuesSchema, ...errors },
      },
    },
    async (request) => {
      const record = await load(requireActor(request), request.params.uploadUuid);
      return { values: await valuesToMap(db, record) };
    },
  );

  app.get(
    '/api/imports/:uploadUuid/candidates',
    {
      schema: {
        tags: ['imports'],
        summary:
          'Everything a value of the file may be matched to: carriers, standard types, or agency codes at a carrier',
        params: importParamsSchema,
        querystring: importCandidatesQuerySchema,
        response: { 200: importCandidatesSchema, ...errors },
      },
    },
    async (request) => {
      const record = await load(requireActor(request), request.params.uploadUuid);
      const { dimension, carrierUuid } = request.query;
      return { candidates: await matchCandidates(db, record, dimension, carrierUuid) };
    },
  );

  app.put(
    '/api/imports/:uploadUuid/values',
    {
      schema: {
        tags: ['imports'],
        summary: "Choose matches for the file's values (remembered for its owner once it is loaded)",
        params: importParamsSchema,
        body: importValueMappingsRequestSchema,
        response: { 200: importValuesSchema, ...errors },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      const record = await load(actor, request.params.uploadUuid);
      await saveValueMappings(db, actor, record, request.body.mappings);
      return { values: await valuesToMap(db, record) };
    },
  );

  app.get(
    '/api/imports/:uploadUuid/preview',
    {
      schema: {
        tags: ['imports'],
        summary:
          'What loading the file would write: row errors, totals, the figures it replaces, an earlier load of the same file',
        params: importParamsSchema,
        querystring: importPreviewQuerySchema,
        response: { 200: importPreviewSchema, ...errors },
      },
    },
    async (request) => {
      const record = await load(requireActor(request), request.params.uploadUuid);
      const { skipped } = record.detected as { skipped?: { repeatedHeaders: number; totals: number } };
      const preview = await previewImport(db, record, { restatement: request.query.restatement === 'true' });
      return { ...preview, ...(skipped ? { skipped } : {}) };
    },
  );

  app.post(
    '/api/imports/:uploadUuid/commit',
    {
      schema: {
        tags: ['imports'],
        summary:
          "Load the file's figures, replacing the lines it has in each agency code x month (a restatement: every line)",
        params: importParamsSchema,
        body: importCommitRequestSchema,
        response: { 200: importRecordSchema, ...errors },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      const record = await load(actor, request.params.uploadUuid);
      const { restatement, excludeRowsWithErrors } = request.body ?? { restatement: false };
      await commitImport(db, actor, record.uuid, {
        refresh: 'agency',
        restatement,
        ...(excludeRowsWithErrors === undefined ? {} : { excludeRowsWithErrors }),
      });
      await discardStoredFile(storageDir, record.uuid);
      return recordResponse(db, await load(actor, record.uuid));
    },
  );

  app.post(
    '/api/imports/:uploadUuid/undo',
    {
      schema: {
        tags: ['imports'],
        summary: 'Undo a loaded file, restoring what it replaced',
        params: importParamsSchema,
        response: { 200: importRecordSchema, ...errors },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      const record = await load(actor, request.params.uploadUuid);
      await undoImport(db, actor, record.uuid);
      return recordResponse(db, await load(actor, record.uuid));
    },
  );

  app.post(
    '/api/imports/:uploadUuid/discard',
    {
      schema: {
        tags: ['imports'],
        summary: 'Discard an upload that was not loaded: its rows and file are dropped',
        params: importParamsSchema,
        response: { 200: importRecordSchema, ...errors },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      const record = await load(actor, request.params.uploadUuid);
      const scope = await resolveImportScope(
        db,
        actor,
        actor.userType === 'internal' ? record.networkUuid : undefined,
      );
      await discardImport(db, actor, scope, record, storageDir);
      return recordResponse(db, await load(actor, record.uuid));
    },
  );
};
