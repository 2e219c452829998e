import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { errorResponseSchema } from '#shared/contracts/errors.ts';
import {
  importPreviewSchema,
  importRecordSchema,
  type ImportRecordResponse,
} from '#shared/contracts/import.ts';
import { byCarrierResponseSchema, type BroadLineCode } from '#shared/contracts/production.ts';
import { injectAs } from './test-app.ts';

/**
 * The upload API as the upload page drives it (upload, columns, preview, commit), and Carrier
 * Production as the browser reads it, for the tests of uploads.
 */

type Response = { statusCode: number; body: string; json: () => unknown };

/** POST /api/imports: a file of `query`'s kind, carrier and month, as the user of `cookie`. */
export function uploadFile(
  app: FastifyInstance,
  cookie: string,
  file: Buffer | string,
  query: Record<string, string>,
) {
  return app.inject({
    method: 'POST',
    url: `/api/imports?${new URLSearchParams({ kind: 'production', ...query }).toString()}`,
    headers: { cookie, 'content-type': 'application/octet-stream' },
    payload: typeof file === 'string' ? Buffer.from(file) : file,
  });
}

/** An upload that is taken (201): its record. */
export function uploadedRecord(response: Response): ImportRecordResponse {
  expect(response.statusCode, response.body).toBe(201);
  return importRecordSchema.parse(response.json());
}

/** PUT /api/imports/:id/columns with the proposed columns (or `body`'s), not remembered. */
export function readColumns(
  app: FastifyInstance,
  cookie: string,
  record: ImportRecordResponse,
  body: Record<string, unknown> = {},
) {
  return injectAs(app, cookie, 'PUT', `/api/imports/${record.uploadUuid}/columns`, {
    columns: record.proposed.columns,
    profileName: null,
    ...body,
  });
}

/** GET /api/imports/:id/preview (a restatement's, when asked). */
export async function previewOf(
  app: FastifyInstance,
  cookie: string,
  uploadUuid: string,
  restatement = false,
) {
  const query = restatement ? '?restatement=true' : '';
  const response = await injectAs(app, cookie, 'GET', `/api/imports/${uploadUuid}/preview${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return importPreviewSchema.parse(response.json());
}

/** The message of a 400. */
export function refusal(response: Response): string {
  expect(response.statusCode, response.body).toBe(400);
  return errorResponseSchema.parse(response.json()).error.message;
}

/**
 * Whole cents of an amount the API answers: a number parsed from an exact numeric sum, read back by
 * its two-decimal rendering (exact for any amount below ten billion dollars), never rounded from
 * a product of floats.
 */
export function exactCents(value: number | null | undefined): bigint {
  if (value === null || value === undefined) return 0n;
  const text = value.toFixed(2);
  expect(Number(text), `${value} is not a cent amount`).toBe(value);
  return BigInt(text.replace('.', ''));
}

/** Cents as an amount: -123456n -> '-1234.56'. */
export function centsText(cents: bigint): string {
  const digits = (cents < 0n ? -cents : cents).toString().padStart(3, '0');
  return `${cents < 0n ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** The first and last day of 'YYYY-MM' .. 'YYYY-MM' as Carrier Production's period query. */
export function periodQuery(first: string, last: string): string {
  const [year, month] = last.split('-').map(Number) as [number, number];
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `startDate=${first}-01&endDate=${last}-${String(lastDay).padStart(2, '0')}`;
}

/**
 * A carrier's written premium in Carrier Production (GET /api/core-production/by-carrier, as the
 * browser asks it) at a level (network or agency) over a period, in cents, per line asked for.
 */
export async function carrierWrittenPremium(
  app: FastifyInstance,
  cookie: string,
  carrierUuid: string,
  levelUuid: string,
  period: string,
  lineCodes: readonly BroadLineCode[] = ['P&C'],
): Promise<Record<string, bigint>> {
  const response = await injectAs(
    app,
    cookie,
    'GET',
    `/api/core-production/by-carrier?${period}&levelUuid=${levelUuid}`,
  );
  expect(response.statusCode, response.body).toBe(200);
  const lines = byCarrierResponseSchema.parse(response.json()).carriers[carrierUuid]?.lines ?? {};
  return Object.fromEntries(lineCodes.map((code) => [code, exactCents(lines[code]?.writtenPremium)]));
}
