import { z } from 'zod';

/** A report's level: a network, or one agency in it (`levelUuid` on every report call). */
export const levelQuerySchema = z.object({
  levelUuid: z.string().uuid('levelUuid must be the UUID of a network or an agency').optional(),
});

export const levelAgencySchema = z.object({
  uuid: z.string().uuid(),
  name: z.string(),
  city: z.string(),
  state: z.string(),
});

/** GET /api/levels: the networks and agencies the caller may compute reports for. */
export const levelsResponseSchema = z.object({
  networks: z.array(
    z.object({
      uuid: z.string().uuid(),
      name: z.string(),
      abbreviation: z.string(),
      /** False for agency users: they may see their agency only, not the network total. */
      selectable: z.boolean(),
      agencies: z.array(levelAgencySchema),
    }),
  ),
});
export type LevelsResponse = z.infer<typeof levelsResponseSchema>;
