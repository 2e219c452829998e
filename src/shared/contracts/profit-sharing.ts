/**
 * Profit-sharing agreements through the API (/api/profit-sharing/*). Money is dollars with cents as
 * JSON numbers and percentages are percent (2.8 is 2.8 %), as everywhere in the API; the shared domain
 * (`domain/profit-sharing.ts`) computes in cents and basis points, and `agreementTerms` converts.
 */
import { z } from 'zod';
import { toBasisPoints, toCents } from '#shared/domain/growth-plan.ts';
import {
  GRID_AXES,
  PROFIT_SHARE_MEASURES,
  type ProfitShareAgreementTerms,
  type ProfitShareStatus,
} from '#shared/domain/profit-sharing.ts';

const twoDecimals = (v: number) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6;

const percent = (label: string, min: number, max: number) =>
  z
    .number({ message: `${label} must be a percent` })
    .min(min, `${label} must be at least ${min} %`)
    .max(max, `${label} must be at most ${max} %`)
    .refine(twoDecimals, { message: `${label} takes at most two decimals` });

const amount = (label: string) =>
  z
    .number({ message: `${label} must be an amount` })
    .min(0, `${label} must not be negative`)
    .max(999_999_999.99, `${label} must be at most $999,999,999.99`)
    .refine(twoDecimals, { message: `${label} takes at most two decimals` });

export const AGREEMENT_BROAD_LINES = ['PL', 'CL', 'BOND', 'CROP'] as const;
export const MAX_GRID_SIZE = 10;

/** The lines an agreement covers: broad lines (all four: P&C), or standard types of one broad line. */
export const agreementLinesSchema = z
  .object({
    broadLines: z
      .array(z.enum(AGREEMENT_BROAD_LINES, { message: 'Choose lines among PL, CL, BOND and CROP' }))
      .min(1, 'Choose at least one line of business')
      .max(4),
    standardTypes: z.array(z.string().trim().min(1).max(20)).max(50).default([]),
  })
  .superRefine((lines, ctx) => {
    if (new Set(lines.broadLines).size !== lines.broadLines.length)
      ctx.addIssue({ code: 'custom', path: ['broadLines'], message: 'A line of business is chosen twice' });
    if (lines.standardTypes.length > 0 && lines.broadLines.length !== 1)
      ctx.addIssue({
        code: 'custom',
        path: ['standardTypes'],
        message: 'Standard types can be chosen within one line of business only',
      });
  });
export type AgreementLines = z.infer<typeof agreementLinesSchema>;

/**
 * A grid in percent: loss-ratio rows (`lossRatioUnder`, the limit a loss ratio must be under, best
 * first; null: any loss ratio, the last row), columns of the second axis (`minimums`, lowest first; null:
 * no minimum, the first column; growth in percent, policies as a count, premium in dollars), and the
 * bonus of each cell in percent (null: none).
 */
export const agreementGridSchema = z
  .object({
    axis: z.enum(GRID_AXES, { message: 'The grid axis must be growth, policiesInForce or premium' }),
    lossRatioUnder: z
      .array(percent('A loss-ratio limit', 0, 1000).nullable())
      .min(1, 'The grid needs at least one loss-ratio row')
      .max(MAX_GRID_SIZE, `The grid has at most ${MAX_GRID_SIZE} loss-ratio rows`),
    minimums: z
      .array(
        z.number({ message: 'A band minimum must be a number' }).min(-100).max(999_999_999.99).nullable(),
      )
      .min(1, 'The grid needs at least one column')
      .max(MAX_GRID_SIZE, `The grid has at most ${MAX_GRID_SIZE} columns`),
    rates: z.array(z.array(percent('A bonus rate', 0, 100).nullable())),
  })
  .superRefine((grid, ctx) => {
    if (grid.rates.length !== grid.lossRatioUnder.length)
      ctx.addIssue({
        code: 'custom',
        path: ['rates'],
        message: 'The grid needs one row of rates per loss-ratio row',
      });
    grid.rates.forEach((row, index) => {
      if (row.length !== grid.minimums.length)
        ctx.addIssue({
          code: 'custom',
          path: ['rates', index],
          message: `Row ${index + 1} of the grid needs one rate per column`,
        });
    });
    grid.lossRatioUnder.forEach((limit, index) => {
      const previous = grid.lossRatioUnder[index - 1];
      if (limit === null && index !== grid.lossRatioUnder.length - 1)
        ctx.addIssue({
          code: 'custom',
          path: ['lossRatioUnder', index],
          message: 'Only the last loss-ratio row can take any loss ratio',
        });
      if (index > 0 && limit !== null && previous !== null && previous !== undefined && limit <= previous)
        ctx.addIssue({
          code: 'custom',
          path: ['lossRatioUnder', index],
          message: 'Loss-ratio limits must rise from the best row to the worst',
        });
    });
    grid.minimums.forEach((minimum, index) => {
      const previous = grid.minimums[index - 1];
      if (minimum === null && index !== 0)
        ctx.addIssue({
          code: 'custom',
          path: ['minimums', index],
          message: 'Only the first column can have no minimum',
        });
      if (index > 0 && minimum !== null && previous !== null && previous !== undefined && minimum <= previous)
        ctx.addIssue({
          code: 'custom',
          path: ['minimums', index],
          message: 'Band minimums must rise from the first column to the last',
        });
      if (minimum !== null && grid.axis !== 'growth' && minimum < 0)
        ctx.addIssue({
          code: 'custom',
          path: ['minimums', index],
          message: 'A band minimum must not be negative',
        });
      if (minimum !== null && grid.axis === 'policiesInForce' && !Number.isInteger(minimum))
        ctx.addIssue({
          code: 'custom',
          path: ['minimums', index],
          message: 'A policies-in-force minimum must be a whole number',
        });
      if (minimum !== null && !twoDecimals(minimum))
        ctx.addIssue({
          code: 'custom',
          path: ['minimums', index],
          message: 'A band minimum takes at most two decimals',
        });
    });
  });
export type AgreementGrid = z.infer<typeof agreementGridSchema>;

export const agreementGatesSchema = z.object({
  minimumPremium: amount('Minimum premium').nullable(),
  maximumLossRatio: percent('Maximum loss ratio', 0, 1000).nullable(),
  lossRatioYears: z.union([z.literal(1), z.literal(2), z.literal(3)], {
    message: 'The loss ratio is measured over 1, 2 or 3 years',
  }),
  minimumGrowth: percent('Minimum growth', -100, 1000).nullable(),
  largeLossCap: amount('Large-loss cap').nullable(),
});

export const agreementKickerSchema = z.object({
  newBusinessThreshold: amount('New-business threshold'),
  rate: percent('Kicker rate', 0, 100),
});

/** An agreement's terms as stored and sent. */
export const agreementTermsSchema = z.object({
  grid: agreementGridSchema,
  gates: agreementGatesSchema,
  kicker: agreementKickerSchema.nullable(),
});
export type AgreementTermsDto = z.infer<typeof agreementTermsSchema>;

const agreementName = z
  .string({ message: 'Agreement name is required' })
  .trim()
  .min(1, 'Agreement name is required')
  .max(120, 'Agreement name must be at most 120 characters');

const year = z
  .number({ message: 'year must be a year' })
  .int('year must be a year')
  .min(2000, 'year must be 2000 or later')
  .max(2100, 'year must be 2100 or earlier');

const agreementFields = {
  name: agreementName,
  measure: z.enum(PROFIT_SHARE_MEASURES, {
    message: 'The bonus is a percent of writtenPremium or earnedPremium',
  }),
  lines: agreementLinesSchema,
  terms: agreementTermsSchema,
  policiesInForce: z
    .number({ message: 'Policies in force must be a whole number' })
    .int('Policies in force must be a whole number')
    .min(0, 'Policies in force must not be negative')
    .max(10_000_000)
    .nullable(),
};

/** POST /api/profit-sharing/agreements: an agreement of the level (an agency's, or its network's). */
export const createAgreementBodySchema = z.object({
  levelUuid: z.string().uuid('levelUuid must be the UUID of a network or an agency').optional(),
  carrierUuid: z.string().uuid('carrierUuid must be the id of a carrier'),
  year,
  ...agreementFields,
});
export type CreateAgreementBody = z.infer<typeof createAgreementBodySchema>;
export type CreateAgreementInput = z.input<typeof createAgreementBodySchema>;

/** The version an edit was made on: a count of saves (a database integer). */
const version = z
  .number({ message: 'version must be the version the agreement was read at' })
  .int('version must be the version the agreement was read at')
  .min(1, 'version must be the version the agreement was read at')
  .max(2_147_483_647, 'version must be the version the agreement was read at');

/** PUT /api/profit-sharing/agreements/{agreementUuid}: the whole agreement, on the version it was read. */
export const saveAgreementBodySchema = z.object({ version, ...agreementFields });
export type SaveAgreementBody = z.infer<typeof saveAgreementBodySchema>;

export const agreementParamsSchema = z.object({
  agreementUuid: z.string().uuid('agreementUuid must be the id of an agreement'),
});

export const deleteAgreementQuerySchema = z.object({ version: z.coerce.number().pipe(version) });

/** A network's ranking is sent a page at a time: 25 rows unless asked, at most 100 (the exports send every row). */
export const MEMBER_PAGE_SIZE = 25;
export const MAX_MEMBER_PAGE_SIZE = 100;
export const MAX_MEMBER_PAGE = 100_000;

export const agreementsQuerySchema = z.object({
  levelUuid: z.string().uuid('levelUuid must be the UUID of a network or an agency').optional(),
  year: z.coerce.number().int().min(2000).max(2100).optional(),
  /** The page of a network's ranking of member agreements (from 1), and its rows per page. */
  page: z.coerce.number().int().min(1).max(MAX_MEMBER_PAGE).optional(),
  pageSize: z.coerce.number().int().min(1).max(MAX_MEMBER_PAGE_SIZE).optional(),
});

/** POST /api/profit-sharing/agreements/copy: last year's agreements of the level into `year`. */
export const copyAgreementsBodySchema = z.object({
  levelUuid: z.string().uuid('levelUuid must be the UUID of a network or an agency').optional(),
  year,
});

export const agreementSchema = z.object({
  agreementUuid: z.string().uuid(),
  networkUuid: z.string().uuid(),
  /** Null: the network's own agreement, measured on the network's aggregate. */
  agencyUuid: z.string().uuid().nullable(),
  holderName: z.string(),
  carrierUuid: z.string().uuid(),
  carrierName: z.string(),
  year: z.number().int(),
  name: z.string(),
  measure: z.enum(PROFIT_SHARE_MEASURES),
  lines: agreementLinesSchema,
  terms: agreementTermsSchema,
  policiesInForce: z.number().int().nullable(),
  version: z.number().int(),
  updatedAt: z.string(),
  updatedBy: z.string().nullable(),
  canEdit: z.boolean(),
});
export type Agreement = z.infer<typeof agreementSchema>;

const cents = z.number().int();

/** The actual figures of an agreement's lines, in cents, as the domain's projection reads them. */
export const agreementActualsSchema = z.object({
  monthsElapsed: z.number().int(),
  writtenPremiumCents: cents.nullable(),
  priorWrittenPremiumCents: cents.nullable(),
  priorYearWrittenPremiumCents: cents.nullable(),
  newBusinessCents: cents.nullable(),
  earnedCents: cents.nullable(),
  incurredCents: cents.nullable(),
  multiYearEarnedCents: cents.nullable(),
  multiYearIncurredCents: cents.nullable(),
  policiesInForce: z.number().int().nullable(),
  restOfLastYear: z
    .object({
      writtenPremiumCents: cents.nullable(),
      newBusinessCents: cents.nullable(),
      earnedCents: cents.nullable(),
      incurredCents: cents.nullable(),
    })
    .nullable(),
});
export type AgreementActuals = z.infer<typeof agreementActualsSchema>;

/** A projection's status; 'noFigures' for a year that has no reporting month yet. */
export const PROFIT_SHARE_STATUSES = [
  'onTrack',
  'atRisk',
  'notEligible',
  'noFigures',
] as const satisfies readonly (ProfitShareStatus | 'noFigures')[];

/** The year so far month by month, for the chart: loss ratio and growth to date, in percent. */
export const agreementMonthSchema = z.object({
  month: z.string(),
  lossRatio: z.number().nullable(),
  growth: z.number().nullable(),
});

export const agreementSummarySchema = z.object({
  agreement: agreementSchema,
  status: z.enum(PROFIT_SHARE_STATUSES),
  /** Dollars: the grid's payout projected to year end, and on the year so far. */
  projectedPayout: z.number(),
  yearToDatePayout: z.number(),
  /** Dollars the year so far earns that the year-end projection does not (0 when none). */
  payoutAtRisk: z.number(),
  /**
   * The eligibility gates the year-end projection fails: the figure and threshold in dollars
   * (minimumPremium) or percent (the others); figure null with the reason it could not be computed.
   */
  failingGates: z.array(
    z.object({
      gate: z.enum(['minimumPremium', 'maximumLossRatio', 'minimumGrowth']),
      figure: z.number().nullable(),
      threshold: z.number(),
      reason: z.string().nullable(),
    }),
  ),
  /** The next better cell's extra payout (dollars), and what it takes; null at the best cell. */
  nextBand: z
    .object({
      extraPayout: z.number(),
      lossRatioPoints: z.number().nullable(),
      writtenPremium: z.number().nullable(),
      policies: z.number().int().nullable(),
      premium: z.number().nullable(),
    })
    .nullable(),
});
export type AgreementSummary = z.infer<typeof agreementSummarySchema>;

/**
 * GET /api/profit-sharing/agreements/{agreementUuid}: the agreement's summary, the months read (null: the
 * year has none yet), the actuals the browser projects its what-ifs from, and the year so far by month.
 */
export const agreementDetailSchema = agreementSummarySchema.extend({
  period: z.object({ startMonth: z.string(), endMonth: z.string() }).nullable(),
  reportingMonth: z.string(),
  actuals: agreementActualsSchema.nullable(),
  months: z.array(agreementMonthSchema),
});
export type AgreementDetail = z.infer<typeof agreementDetailSchema>;

/** GET /api/profit-sharing/agreements: the level's agreements of a year, projected. */
export const agreementsResponseSchema = z.object({
  year: z.number().int(),
  yearOptions: z.array(z.number().int()),
  levelKind: z.enum(['network', 'agency']),
  canEdit: z.boolean(),
  agreements: z.array(agreementSummarySchema),
  /**
   * A network's member agencies' agreements ranked by payout at risk (network level only): the page
   * asked for (every row in the exports).
   */
  memberAgreements: z.array(agreementSummarySchema),
  /** The ranking's page (from 1) and rows per page. */
  memberPage: z.object({ page: z.number().int(), pageSize: z.number().int() }),
  /** Every member agreement of the ranking: how many, and their payouts summed in dollars. */
  memberTotals: z.object({
    count: z.number().int(),
    projectedPayout: z.number(),
    yearToDatePayout: z.number(),
    payoutAtRisk: z.number(),
  }),
});
export type AgreementsResponse = z.infer<typeof agreementsResponseSchema>;

export const copyAgreementsResponseSchema = z.object({ copied: z.number().int() });

/** The domain's terms (cents, basis points) of an agreement. */
export function agreementTerms(
  measure: ProfitShareAgreementTerms['measure'],
  terms: AgreementTermsDto,
): ProfitShareAgreementTerms {
  const { grid, gates, kicker } = terms;
  const minimumOf = (value: number | null) =>
    value === null
      ? null
      : grid.axis === 'growth'
        ? toBasisPoints(value)
        : grid.axis === 'premium'
          ? toCents(value)
          : value;
  return {
    measure,
    grid: {
      axis: grid.axis,
      lossRatioUnderBp: grid.lossRatioUnder.map((limit) => (limit === null ? null : toBasisPoints(limit))),
      minimums: grid.minimums.map(minimumOf),
      rates: grid.rates.map((row) => row.map((rate) => (rate === null ? null : toBasisPoints(rate)))),
    },
    gates: {
      minimumPremiumCents: gates.minimumPremium === null ? null : toCents(gates.minimumPremium),
      maximumLossRatioBp: gates.maximumLossRatio === null ? null : toBasisPoints(gates.maximumLossRatio),
      lossRatioYears: gates.lossRatioYears,
      minimumGrowthBp: gates.minimumGrowth === null ? null : toBasisPoints(gates.minimumGrowth),
      largeLossCapCents: gates.largeLossCap === null ? null : toCents(gates.largeLossCap),
    },
    kicker: kicker && {
      newBusinessThresholdCents: toCents(kicker.newBusinessThreshold),
      rateBp: toBasisPoints(kicker.rate),
    },
  };
}
