import { z } from 'zod';

/** The collaboration mode of the current session (spec part 2: carriersUuid, carriersName, shareType). */
export const collaborationModeSchema = z.object({
  carriersUuid: z.array(z.string().uuid('Each carrier must be a carrier id.')).max(500),
  carriersName: z.array(z.string()),
  shareType: z.enum(['names', 'all']),
});
export type CollaborationModeDto = z.infer<typeof collaborationModeSchema>;

/** PUT /api/collaboration: enter (or change) collaboration mode; names are looked up on the server. */
export const enterCollaborationSchema = z.object({
  carriersUuid: z
    .array(z.string().uuid('Each carrier must be a carrier id.'))
    .min(1, 'Choose at least one carrier.')
    .max(500),
  shareType: z.enum(['names', 'all']),
});

/** GET /api/collaboration: null when the session is not in collaboration mode. */
export const collaborationResponseSchema = z.object({ collaboration: collaborationModeSchema.nullable() });
export type CollaborationResponse = z.infer<typeof collaborationResponseSchema>;

/** GET /api/carriers/onboarded: the carriers with data at the caller's level. */
export const onboardedCarriersResponseSchema = z.object({
  carriers: z.array(
    z.object({
      uuid: z.string().uuid(),
      name: z.string(),
      isMga: z.boolean(),
      isCoreCarrier: z.boolean(),
    }),
  ),
});
export type OnboardedCarriersResponse = z.infer<typeof onboardedCarriersResponseSchema>;
