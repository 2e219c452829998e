import { z } from 'zod';
import { accessRecordSchema } from './access.ts';
import { userTypeSchema } from './user.ts';

const targetTypeSchema = z.enum(['user', 'network', 'agency']);

/** A feature flag as internal staff manage it: its default and its per-user/network/agency targets. */
export const adminFeatureFlagSchema = z.object({
  key: z.string(),
  title: z.string(),
  enabled: z.boolean(),
  targets: z.array(
    z.object({
      targetType: targetTypeSchema,
      targetUuid: z.string().uuid(),
      label: z.string(),
      enabled: z.boolean(),
    }),
  ),
});
export type AdminFeatureFlag = z.infer<typeof adminFeatureFlagSchema>;

export const adminFeatureFlagsResponseSchema = z.object({ flags: z.array(adminFeatureFlagSchema) });

/** PUT /api/admin/feature-flags/:key */
export const updateFeatureFlagSchema = z.object({ enabled: z.boolean() });

/** PUT /api/admin/feature-flags/:key/targets: `enabled: null` removes the target. */
export const setFlagTargetSchema = z.object({
  targetType: targetTypeSchema,
  targetUuid: z.string().uuid('Choose a user, network or agency.'),
  enabled: z.boolean().nullable(),
});

export const adminUserSchema = z.object({
  userUuid: z.string().uuid(),
  name: z.string(),
  email: z.string(),
  userType: userTypeSchema,
  organisation: z.string(),
  isActive: z.boolean(),
  activeSessions: z.number().int(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUsersQuerySchema = z.object({ search: z.string().trim().max(100).default('') });
export const adminUsersResponseSchema = z.object({ users: z.array(adminUserSchema) });

export const adminUserAccessResponseSchema = z.object({ accessRecords: z.array(accessRecordSchema) });
/** PUT /api/admin/users/:userUuid/access: replaces the user's access records. */
export const replaceUserAccessSchema = z.object({
  accessRecords: z
    .array(accessRecordSchema)
    .refine(
      (records) => new Set(records.map((r) => r.productComponentKey)).size === records.length,
      'Each feature may appear once.',
    ),
});

/** POST /api/admin/users/:userUuid/revoke-sessions */
export const revokeSessionsResponseSchema = z.object({ revoked: z.number().int() });

export const userUuidParamsSchema = z.object({ userUuid: z.string().uuid('userUuid must be a UUID') });
export const flagKeyParamsSchema = z.object({ key: z.string().min(1) });
