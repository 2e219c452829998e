import { z } from 'zod';
import { EMBED_PROVIDERS, EMBEDDABLE_REPORTS } from '#shared/domain/reports.ts';
import { levelQuerySchema } from './levels.ts';

export const embedProviderSchema = z.enum(EMBED_PROVIDERS);

const embeddableKeys = EMBEDDABLE_REPORTS.map((r) => r.key) as [string, ...string[]];
/** A report key a dashboard can be assigned to. */
export const embeddableReportKeySchema = z.enum(embeddableKeys, {
  error: 'Choose a report from the catalogue.',
});

/** A dashboard assigned to a report for a network or an agency, as users see it. */
export const reportAssignmentSchema = z.object({
  assignmentId: z.string().uuid(),
  reportKey: z.string(),
  provider: embedProviderSchema,
  /** The provider's report, workbook or dashboard id. */
  reportId: z.string(),
  /** Whether the dashboard was assigned to the whole network or to this agency. */
  level: z.enum(['network', 'agency']),
});
export type ReportAssignment = z.infer<typeof reportAssignmentSchema>;

/** GET /api/reports/assignments?levelUuid and GET /api/subscription/assignments?subscriberUuid */
export const reportAssignmentsResponseSchema = z.object({ assignments: z.array(reportAssignmentSchema) });
export type ReportAssignmentsResponse = z.infer<typeof reportAssignmentsResponseSchema>;

export const reportAssignmentsQuerySchema = levelQuerySchema;
export const subscriptionAssignmentsQuerySchema = z.object({
  subscriberUuid: z.string().uuid('subscriberUuid must be a UUID').optional(),
});

export const reportKeyParamsSchema = z.object({ key: z.string().min(1).max(100) });
export const reportQuerySchema = levelQuerySchema;

/** GET /api/reports/{key}?levelUuid: the report and the dashboard assigned to it at that level. */
export const reportResponseSchema = z.object({
  report: z.object({
    key: z.string(),
    path: z.string(),
    label: z.string(),
    description: z.string(),
    fallbackReport: z.string().nullable(),
  }),
  assignment: reportAssignmentSchema.nullable(),
  /**
   * For staff: the provider of a dashboard assigned here that this server has no keys for (it counts
   * as no assignment). Null otherwise, and always for agency and network users.
   */
  providerNotSetUp: z.string().nullable(),
});
export type ReportResponse = z.infer<typeof reportResponseSchema>;

export const assignmentParamsSchema = z.object({
  assignmentId: z.string().uuid('assignmentId must be a UUID'),
});

const booleanQuery = z
  .enum(['true', 'false', '1', '0', ''])
  .transform((value) => value === 'true' || value === '1' || value === '');

export const embedConfigQuerySchema = levelQuerySchema.extend({
  /** true (or present without a value): a config to show the report now, with a fresh embed token. */
  live: booleanQuery.optional(),
});

/**
 * GET /api/reports/{assignmentId}/config (spec part 1 §3 Embed configuration: assignmentId, expiration,
 * embedUrl), plus what the client needs to mount it: the provider, the origin its messages come
 * from, and for Power BI the embed token and report id.
 */
export const embedConfigSchema = z.object({
  assignmentId: z.string().uuid(),
  provider: embedProviderSchema,
  embedUrl: z.string().url(),
  /** ISO 8601; the client asks for a new config when it is reached. */
  expiration: z.string(),
  /** The only origin whose messages the client accepts for this embed (spec part 1 §9). */
  origin: z.string(),
  /** Power BI embed token; null for the providers whose URL carries the signature. */
  accessToken: z.string().nullable(),
  /** Power BI report id; null for the others. */
  reportId: z.string().nullable(),
});
export type EmbedConfig = z.infer<typeof embedConfigSchema>;

/**
 * POST /api/sigma/embed (spec part 1 §7: body workbookId, subscriberUuid, email, jwt; answer embedUrl).
 * The user, e-mail and tenant always come from the session: `email` and `jwt` are accepted for the
 * spec's shape and ignored; `subscriberUuid` or `levelUuid` only choose among the levels the caller
 * may see.
 */
export const sigmaEmbedRequestSchema = z.object({
  workbookId: z.string().min(1, 'workbookId is required').max(200),
  subscriberUuid: z.string().uuid('subscriberUuid must be a UUID').optional(),
  /** The level chosen in the header (network or agency) when no subscriber is named. */
  levelUuid: z.string().uuid('levelUuid must be a UUID').optional(),
  email: z.string().max(320).optional(),
  jwt: z.string().max(10_000).optional(),
});
export type SigmaEmbedRequest = z.infer<typeof sigmaEmbedRequestSchema>;

export const sigmaEmbedResponseSchema = z.object({
  embedUrl: z.string().url(),
  expiration: z.string(),
  origin: z.string(),
});
export type SigmaEmbedResponse = z.infer<typeof sigmaEmbedResponseSchema>;

export const ACCESS_REQUEST_MESSAGE_MAX = 1000;

/** POST /api/reports/{key}/access-requests: ask support for a report a teaser advertises. */
export const reportAccessRequestSchema = z.object({
  message: z
    .string()
    .trim()
    .max(ACCESS_REQUEST_MESSAGE_MAX, `Keep the message under ${ACCESS_REQUEST_MESSAGE_MAX} characters.`)
    .default(''),
});
export type ReportAccessRequest = z.input<typeof reportAccessRequestSchema>;

/** `error: true`: stored but not forwarded (or not stored), as the new carrier request answers. */
export const reportAccessResponseSchema = z.object({
  error: z.boolean(),
  requestUuid: z.string().uuid().nullable(),
});
export type ReportAccessResponse = z.infer<typeof reportAccessResponseSchema>;

// Staff: the assignments admin page.

export const PARAMETER_LIMIT = 20;

const parametersSchema = z
  .record(
    z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,63}$/, 'Parameter names are letters, digits and _.'),
    z.string().max(500, 'Keep parameter values under 500 characters.'),
  )
  .refine((p) => Object.keys(p).length <= PARAMETER_LIMIT, `At most ${PARAMETER_LIMIT} parameters.`);

/** What staff enter to assign a dashboard. */
export const assignmentInputSchema = z.object({
  reportKey: embeddableReportKeySchema,
  /** The network or agency it is for. */
  levelUuid: z.string().uuid('Choose a network or an agency.'),
  provider: embedProviderSchema,
  reportId: z
    .string()
    .trim()
    .min(1, "Enter the provider's report, workbook or dashboard id.")
    .max(200, 'The id is too long.')
    .regex(/^[A-Za-z0-9._~-]+$/, 'The id has letters, digits, dots, dashes and underscores only.'),
  /** Power BI workspace (group) id; required for Power BI. */
  workspaceId: z
    .string()
    .trim()
    .max(200)
    .regex(/^[A-Za-z0-9._~-]*$/, 'The workspace id has letters, digits, dots, dashes and underscores only.')
    .default(''),
  parameters: parametersSchema.default({}),
});
export type AssignmentInput = z.input<typeof assignmentInputSchema>;

export const adminAssignmentSchema = z.object({
  assignmentId: z.string().uuid(),
  reportKey: z.string(),
  provider: embedProviderSchema,
  reportId: z.string(),
  workspaceId: z.string(),
  parameters: z.record(z.string(), z.string()),
  networkUuid: z.string().uuid(),
  agencyUuid: z.string().uuid().nullable(),
  /** The network's or agency's name. */
  levelName: z.string(),
  updatedAt: z.string(),
});
export type AdminAssignment = z.infer<typeof adminAssignmentSchema>;

export const adminAssignmentsResponseSchema = z.object({
  assignments: z.array(adminAssignmentSchema),
  /** Which providers this server is configured for; an assignment to another one cannot show. */
  providers: z.array(z.object({ provider: embedProviderSchema, configured: z.boolean() })),
});
export type AdminAssignmentsResponse = z.infer<typeof adminAssignmentsResponseSchema>;
