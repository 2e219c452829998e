/**
 * A network's contingent checks and their allocation to its member agencies, through the API
 * (/api/profit-sharing/checks*). Money is dollars with cents as JSON numbers, as everywhere in the API;
 * the shared domain (`domain/profit-sharing.ts`, `allocateCheck`) shares a check in integer cents.
 */
import { z } from 'zod';
import { ALLOCATION_METHODS } from '#shared/domain/profit-sharing.ts';

const twoDecimals = (v: number) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6;

/** The largest amount a check (or a share of one) may be: numeric(14, 2). */
export const MAX_CHECK_AMOUNT = 999_999_999.99;

const checkAmount = z
  .number({ message: 'The amount must be an amount in dollars' })
  .gt(0, 'The amount must be more than $0.00')
  .max(MAX_CHECK_AMOUNT, 'The amount must be at most $999,999,999.99')
  .refine(twoDecimals, { message: 'The amount takes at most two decimals (whole cents)' });

const shareAmount = z
  .number({ message: 'Each amount must be an amount in dollars' })
  .min(0, 'Each amount must be $0.00 or more')
  .max(MAX_CHECK_AMOUNT, 'Each amount must be at most $999,999,999.99')
  .refine(twoDecimals, { message: 'Each amount takes at most two decimals (whole cents)' });

/** A calendar day, YYYY-MM-DD, that exists. */
export const receivedOnSchema = z
  .string({ message: 'The date received must be a date (YYYY-MM-DD)' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'The date received must be a date (YYYY-MM-DD)')
  .refine(
    (day) => {
      const date = new Date(`${day}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
    },
    { message: 'The date received is not a day of the calendar' },
  )
  .refine((day) => day >= '2000-01-01' && day <= '2100-12-31', {
    message: 'The date received must be between 2000 and 2100',
  });

export const MAX_MEMO_LENGTH = 500;
const memo = z
  .string({ message: 'The memo must be text' })
  .trim()
  .max(MAX_MEMO_LENGTH, `The memo must be at most ${MAX_MEMO_LENGTH} characters`)
  .default('');

const version = z
  .number({ message: 'version must be the version the check was read at' })
  .int('version must be the version the check was read at')
  .min(1, 'version must be the version the check was read at')
  .max(2_147_483_647, 'version must be the version the check was read at');

const year = z.coerce
  .number({ message: 'year must be a year' })
  .int('year must be a year')
  .min(2000, 'year must be 2000 or later')
  .max(2100, 'year must be 2100 or earlier');

/** POST /api/profit-sharing/checks: a check under one of the network's own agreements. */
export const createCheckBodySchema = z.object({
  agreementUuid: z.string().uuid('agreementUuid must be the id of an agreement'),
  amount: checkAmount,
  receivedOn: receivedOnSchema,
  memo,
});
export type CreateCheckBody = z.infer<typeof createCheckBodySchema>;
export type CreateCheckInput = z.input<typeof createCheckBodySchema>;

/** PUT /api/profit-sharing/checks/{checkUuid}: the check's fields, on the version it was read at. */
export const saveCheckBodySchema = z.object({
  version,
  amount: checkAmount,
  receivedOn: receivedOnSchema,
  memo,
});
export type SaveCheckBody = z.infer<typeof saveCheckBodySchema>;

export const checkParamsSchema = z.object({
  checkUuid: z.string().uuid('checkUuid must be the id of a check'),
});

export const deleteCheckQuerySchema = z.object({ version: z.coerce.number().pipe(version) });

export const checksQuerySchema = z.object({
  levelUuid: z.string().uuid('levelUuid must be the UUID of a network').optional(),
  year: year.optional(),
});

export const allocationMethodSchema = z.enum(ALLOCATION_METHODS, {
  message: 'The method must be premiumShare, lossRatioWeighted or byHand',
});

/**
 * POST …/allocation/preview and PUT …/allocation: how to share the check. `amounts` are the shares
 * typed by hand (byHand only; an agency left out gets $0.00).
 */
export const allocationBodySchema = z.object({
  method: allocationMethodSchema,
  amounts: z
    .array(
      z.object({
        agencyUuid: z.string().uuid('agencyUuid must be the id of a member agency'),
        amount: shareAmount,
      }),
    )
    .max(2000, 'At most 2,000 amounts')
    .default([]),
});
export type AllocationBody = z.infer<typeof allocationBodySchema>;
export type AllocationInputBody = z.input<typeof allocationBodySchema>;

export const saveAllocationBodySchema = allocationBodySchema.extend({ version });
export type SaveAllocationBody = z.infer<typeof saveAllocationBodySchema>;

export const checkSchema = z.object({
  checkUuid: z.string().uuid(),
  networkUuid: z.string().uuid(),
  agreementUuid: z.string().uuid(),
  agreementName: z.string(),
  carrierUuid: z.string().uuid(),
  carrierName: z.string(),
  year: z.number().int(),
  amount: z.number(),
  receivedOn: z.string(),
  memo: z.string(),
  version: z.number().int(),
  /** The method of its saved allocation; null: not allocated yet. */
  allocationMethod: allocationMethodSchema.nullable(),
  /** Dollars allocated (the check's amount once allocated, else 0). */
  allocated: z.number(),
  allocatedAt: z.string().nullable(),
  allocatedBy: z.string().nullable(),
  updatedAt: z.string(),
  updatedBy: z.string().nullable(),
});
export type Check = z.infer<typeof checkSchema>;

/** GET /api/profit-sharing/checks: the network's checks of a year, newest first. */
export const checksResponseSchema = z.object({
  year: z.number().int(),
  yearOptions: z.array(z.number().int()),
  canEdit: z.boolean(),
  /** The network's own agreements of the year, which a check may be recorded under. */
  agreements: z.array(
    z.object({
      agreementUuid: z.string().uuid(),
      name: z.string(),
      carrierUuid: z.string().uuid(),
      carrierName: z.string(),
    }),
  ),
  checks: z.array(checkSchema),
  /** The sum of the year's checks (dollars, exact). */
  total: z.number(),
});
export type ChecksResponse = z.infer<typeof checksResponseSchema>;

/** One member agency's line of an allocation. */
export const allocationLineSchema = z.object({
  agencyUuid: z.string().uuid(),
  agencyName: z.string(),
  /** The agreement's measure (written or earned premium) of the agency on the agreement's lines and year. */
  basis: z.number(),
  /** Loss ratio over the group's, in percent (100 = the group's); null when it has no earned premium. */
  relativity: z.number().nullable(),
  /** Percent of the check (two decimals). */
  share: z.number(),
  amount: z.number(),
});
export type AllocationLineDto = z.infer<typeof allocationLineSchema>;

/** The preview (nothing saved) or the saved allocation of a check. */
export const allocationSchema = z.object({
  method: allocationMethodSchema,
  lines: z.array(allocationLineSchema),
  total: z.number(),
});
export type Allocation = z.infer<typeof allocationSchema>;

/** GET /api/profit-sharing/checks/{checkUuid}: the check, its saved allocation, the members' figures. */
export const checkDetailSchema = z.object({
  check: checkSchema,
  canEdit: z.boolean(),
  /** The saved allocation; null when the check is not allocated. */
  allocation: allocationSchema.nullable(),
  /** Every member agency with its figures (for the by-hand inputs), amounts as saved or 0. */
  members: z.array(allocationLineSchema),
});
export type CheckDetail = z.infer<typeof checkDetailSchema>;

/** POST /api/profit-sharing/checks/import: a filled bulk template (CSV text). */
export const importChecksBodySchema = z.object({
  levelUuid: z.string().uuid('levelUuid must be the UUID of a network').optional(),
  csv: z
    .string({ message: 'csv must be the text of the filled template' })
    .min(1, 'The file is empty')
    .max(1_000_000, 'The file must be at most 1 MB'),
});

export const importChecksResponseSchema = z.object({ recorded: z.number().int() });

/** The bulk template's columns, in order. */
export const CHECK_TEMPLATE_COLUMNS = ['Carrier', 'Year', 'Amount', 'Date received', 'Memo'] as const;
/** The most rows one upload may hold. */
export const MAX_TEMPLATE_ROWS = 1000;
