import { z } from 'zod';
import { workingYear } from '#shared/domain/reporting-month.ts';

/**
 * Manual carrier entry (spec part 2 §3 "Carrier entry form", §5 "Manual entry"): one schema of the
 * typed-in fields, shared by the entry form and POST /api/carrierentry/new, so the server rejects
 * exactly what the form rejects, with the same messages.
 */

export const MANUAL_LINE_CODES = ['CL', 'PL', 'BOND', 'CROP'] as const;
export type ManualLineCode = (typeof MANUAL_LINE_CODES)[number];
/** The manual entry options' labels (spec part 2 §3: CL, PL, Bond, Crop). */
export const MANUAL_LINE_LABELS: Record<ManualLineCode, string> = {
  CL: 'CL',
  PL: 'PL',
  BOND: 'Bond',
  CROP: 'Crop',
};

export const SUB_CODE_MAX = 40;
export const CARRIER_SEARCH_MIN = 3;
export const CARRIER_RESULTS_MAX = 8;
export const SUB_CODE_RESULTS_MAX = 6;

export const REQUIRED = 'Required';
export const NOT_A_DOLLAR_AMOUNT = 'Not a valid dollar amount';
export const NOT_A_PERCENT = 'Not a valid percent';
export const NEGATIVE_LOSS_RATIO = 'A loss ratio cannot be negative';
export const SUB_CODE_TOO_LONG = `At most ${SUB_CODE_MAX} characters`;
export const MONTH_NOT_OFFERED = 'Choose a month that has begun';
export const YEAR_NOT_OFFERED = 'Choose one of the offered years';

/** Optional minus, optional $, digits with thousands commas, optional two decimals. */
export const DOLLAR_PATTERN = /^-?\$?(\d{1,3}(,\d{3})+|\d+)(\.\d{2})?$/;
/** A number with up to 5 decimals and an optional % (a loss ratio is never negative). */
export const PERCENT_PATTERN = /^\d+(\.\d{1,5})?%?$/;

export type EntryRadio = 'incurredLossEarnedPremium' | 'lossRatio';

/** An amount as typed; empty counts as 0. */
const dollarField = z.string().trim().max(40, NOT_A_DOLLAR_AMOUNT);
/** Whole dollars stay below 10^13 (what the database keeps exactly). */
const isDollar = (value: string) =>
  value === '' || (DOLLAR_PATTERN.test(value) && value.replace(/\..*$/, '').replace(/\D/g, '').length <= 13);
/** A loss ratio stays below 10^9 percent. */
const isPercent = (value: string) => PERCENT_PATTERN.test(value) && value.replace(/\..*$/, '').length <= 10;

/** The entry's key as typed: sub-code, line of business, month and year. */
const keyFields = {
  subCode: z.string().trim().min(1, REQUIRED).max(SUB_CODE_MAX, SUB_CODE_TOO_LONG),
  policyType: z.enum(MANUAL_LINE_CODES, { error: REQUIRED }),
  month: z.number({ error: REQUIRED }).int(REQUIRED).min(1, REQUIRED).max(12, REQUIRED),
  year: z.number({ error: REQUIRED }).int(REQUIRED),
};

/**
 * The amounts as typed, with the rules of spec part 2 §5 that depend on the radio. A schema of its own, so
 * its messages show together with those of the other fields (an object's refinements only run once
 * all of its fields parse).
 */
const amountsSchema = z
  .object({
    writtenPremium: dollarField,
    newBusiness: dollarField,
    mover: dollarField,
    incurredLoss: dollarField,
    earnedPremium: dollarField,
    lossRatio: z.string().trim().max(40, NOT_A_PERCENT),
    radio: z.enum(['incurredLossEarnedPremium', 'lossRatio']),
  })
  .superRefine((value, ctx) => {
    type Amount = 'writtenPremium' | 'newBusiness' | 'mover' | 'incurredLoss' | 'earnedPremium';
    const checked: Amount[] = ['writtenPremium', 'newBusiness', 'mover'];
    if (value.radio === 'incurredLossEarnedPremium') checked.push('incurredLoss', 'earnedPremium');
    for (const field of checked) {
      if (!isDollar(value[field])) {
        ctx.addIssue({ code: 'custom', path: [field], message: NOT_A_DOLLAR_AMOUNT });
      }
    }
    if (value.radio === 'lossRatio' && value.lossRatio !== '' && !isPercent(value.lossRatio)) {
      const negative = isPercent(value.lossRatio.replace(/^-/, ''));
      ctx.addIssue({
        code: 'custom',
        path: ['lossRatio'],
        message: negative ? NEGATIVE_LOSS_RATIO : NOT_A_PERCENT,
      });
    }
  });

type Today = { year: number; month: number; day: number };

/** Years offered: the working year and the two before it (newest first). */
export function offeredYears(today: Today): number[] {
  const latest = workingYear(today);
  return [latest, latest - 1, latest - 2];
}

/** Months offered in a year: up to the current month in the current year, otherwise all 12. */
export function offeredMonths(year: number, today: Today): number[] {
  const last = year === today.year ? today.month : 12;
  return Array.from({ length: last }, (_, i) => i + 1);
}

/** The period rules of spec part 2 §5, as field messages (empty when the year and month are offered). */
export function periodIssues(year: number, month: number, today: Today): Record<string, string> {
  if (!offeredYears(today).includes(year)) return { year: YEAR_NOT_OFFERED };
  if (!offeredMonths(year, today).includes(month)) return { month: MONTH_NOT_OFFERED };
  return {};
}

/** The entry form (stage one and stage two), validated as the user types. */
export function carrierEntryFormSchema(today: Today) {
  const chosen = z.object({
    carrier: z.string().trim().min(1, REQUIRED),
    carrierUuid: z.string().min(1, REQUIRED),
    subCodeUuid: z.string().nullable(),
    subcodeParent: z.string().nullable(),
    ...keyFields,
  });
  return z.intersection(chosen, amountsSchema).superRefine((value, ctx) => {
    for (const [field, message] of Object.entries(periodIssues(value.year, value.month, today))) {
      ctx.addIssue({ code: 'custom', path: [field], message });
    }
  });
}
export type CarrierEntryForm = z.infer<ReturnType<typeof carrierEntryFormSchema>>;

/**
 * POST /api/carrierentry/new. `importUuid` and `version` name the entry being edited as the user
 * loaded it (a stale version is a conflict); `requestId` is the same for every retry of one
 * submission, so a retry never saves twice. `subCodeUuid` null creates the sub-code `subCode`.
 */
export const carrierEntryRequestSchema = z.intersection(
  z.object({
    carrierUuid: z.string().uuid(REQUIRED),
    subCodeUuid: z.string().uuid().nullable(),
    subcodeParent: z.string().uuid().nullable().default(null),
    importUuid: z.string().uuid().nullable().default(null),
    version: z.number().int().positive().nullable().default(null),
    requestId: z.string().uuid(),
    ...keyFields,
  }),
  amountsSchema,
);
export type CarrierEntryRequest = z.input<typeof carrierEntryRequestSchema>;

/** A typed dollar amount as a plain decimal ('-$1,234.50' -> '-1234.50'; '' -> '0'). */
export function dollarsOf(value: string): string {
  const plain = value.trim().replace(/[$,]/g, '');
  return plain === '' || plain === '-' ? '0' : plain;
}

/** A typed percent as a plain decimal ('55.5%' -> '55.5'; '' -> '0'). */
export function percentOf(value: string): string {
  const plain = value.trim().replace(/%$/, '');
  return plain === '' ? '0' : plain;
}

/** The figures of a saved entry, as plain decimals, that an edit must not wipe by leaving them empty. */
export type SavedFigures = {
  writtenPremium: string;
  newBusiness: string;
  mover: string;
  incurredLoss: string;
  earnedPremium: string;
  lossRatio: string;
  radio: EntryRadio;
};

export const KEEP_OR_ZERO = (saved: string) =>
  `Empty, but the saved entry has ${saved}: enter it again to keep it, or 0 to clear it`;

/**
 * Editing an entry (decision 053): an empty field counts as 0 (spec part 2 §5) only where the saved entry
 * has 0 too. A field left empty over a saved figure is refused with a message naming the figure, so
 * a save never wipes what was already there by a field the user did not fill. Switching the losses
 * option from one kind to the other replaces the other kind's figures, as the spec says.
 */
export function wipedFigureIssues(
  typed: Omit<SavedFigures, 'radio'> & { radio: EntryRadio },
  saved: SavedFigures,
): Record<string, string> {
  type Field = Exclude<keyof SavedFigures, 'radio'>;
  const fields: Field[] = ['writtenPremium', 'newBusiness', 'mover'];
  if (typed.radio === saved.radio) {
    if (typed.radio === 'lossRatio') fields.push('lossRatio');
    else fields.push('incurredLoss', 'earnedPremium');
  }
  const issues: Record<string, string> = {};
  for (const field of fields) {
    const value = Number(saved[field]);
    if (typed[field].trim() === '' && value !== 0) {
      issues[field] = KEEP_OR_ZERO(
        field === 'lossRatio'
          ? `${value}%`
          : value.toLocaleString('en-US', {
              style: 'currency',
              currency: 'USD',
              minimumFractionDigits: 2,
              maximumFractionDigits: 2,
            }),
      );
    }
  }
  return issues;
}

const money = z.number();

/** One saved entry (spec part 2 §3 "Carrier entry record"), amounts in dollars. */
export const carrierEntryRecordSchema = z.object({
  importUuid: z.string().uuid(),
  version: z.number().int(),
  year: z.number().int(),
  month: z.number().int(),
  /** The first day of the entry's month, YYYY-MM-DD. */
  date: z.string(),
  dwp: money,
  newDwp: money,
  '12Mm_dwp': money,
  incurred: money,
  earned: money,
  lossRatio: money,
  radio: z.enum(['incurredLossEarnedPremium', 'lossRatio']),
  companyUuid: z.string().uuid(),
  companyName: z.string(),
  policyTypeUuid: z.string().uuid(),
  policyTypeCode: z.enum(MANUAL_LINE_CODES),
  agencyCode: z.string(),
  subCode: z.string(),
  subCodeUuid: z.string().uuid(),
  agencyUuid: z.string().uuid(),
  agencyName: z.string(),
  updatedAt: z.string(),
});
export type CarrierEntryRecord = z.infer<typeof carrierEntryRecordSchema>;

/** GET /api/carrierentry/fetch?year: the agency's entries of the year, and each carrier's total. */
export const carrierEntryListSchema = z.object({
  year: z.number().int(),
  /** The latest month an entry counts as current for (the latest reporting month, YYYY-MM). */
  currentMonth: z.string(),
  carriers: z.array(
    z.object({
      companyUuid: z.string().uuid(),
      companyName: z.string(),
      /** Sum over sub-codes and lines of each one's latest written premium YTD of the year. */
      writtenPremiumYtd: money,
    }),
  ),
  entries: z.array(carrierEntryRecordSchema),
});
export type CarrierEntryList = z.infer<typeof carrierEntryListSchema>;

export const carrierEntryListQuerySchema = z.object({
  year: z.coerce.number().int().min(2000, 'year must be a year').max(2100, 'year must be a year').optional(),
  levelUuid: z.string().uuid().optional(),
});

/** POST /api/carrierentry/new answers the saved entry ("recordset"). */
export const carrierEntrySavedSchema = z.object({ recordset: z.array(carrierEntryRecordSchema) });

/** GET /api/carriers/?search&companyType: carriers whose name contains the search, at most 8. */
export const carrierSearchQuerySchema = z.object({
  search: z.string().trim().min(CARRIER_SEARCH_MIN, 'Enter at least 3 characters').max(120),
  companyType: z.enum(['BILLING']).default('BILLING'),
});
export const carrierSearchResponseSchema = z.object({
  carriers: z.array(
    z.object({
      uuid: z.string().uuid(),
      name: z.string(),
      displayName: z.string(),
      isCrop: z.boolean(),
      isCoreCarrier: z.boolean(),
    }),
  ),
});
export type CarrierSearchResponse = z.infer<typeof carrierSearchResponseSchema>;

/** GET /api/subcodes/fetch?carrierUuid: the agency's sub-codes at the carrier. */
export const subCodeQuerySchema = z.object({
  carrierUuid: z.string().uuid('carrierUuid must be a carrier id'),
  levelUuid: z.string().uuid().optional(),
});
export const subCodeResponseSchema = z.object({
  subCodes: z.array(
    z.object({
      uuid: z.string().uuid(),
      code: z.string(),
      name: z.string(),
      parent: z.string().uuid().nullable(),
    }),
  ),
});
export type SubCodeResponse = z.infer<typeof subCodeResponseSchema>;
