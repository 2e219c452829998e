import { z } from 'zod';

/**
 * The remembered matches of uploaded files' values (decision 045): listed, changed and deleted by
 * whoever may upload for their owner (the network, or one agency of it).
 */

const dimensionSchema = z.enum(['carrier', 'line', 'agencyCode']);

export const importMappingsQuerySchema = z.object({ networkUuid: z.string().uuid().optional() });
export const importMappingParamsSchema = z.object({ mappingUuid: z.string().uuid() });

export const importMappingSchema = z.object({
  mappingUuid: z.string().uuid(),
  dimension: dimensionSchema,
  /** For an agency code: the carrier it is a code at, and its name. */
  carrierUuid: z.string().uuid().nullable(),
  carrierName: z.string().nullable(),
  /** The file's value, normalised as matched (case, accents and punctuation aside). */
  value: z.string(),
  targetUuid: z.string().uuid().nullable(),
  targetName: z.string().nullable(),
  miscellaneous: z.boolean(),
  overridesExact: z.boolean(),
  /** The agency whose files it applies to; null: every file of the network. */
  agencyUuid: z.string().uuid().nullable(),
  agencyName: z.string().nullable(),
  updatedBy: z.string(),
  updatedAt: z.string(),
});
export type ImportMapping = z.infer<typeof importMappingSchema>;

export const importMappingListSchema = z.object({ mappings: z.array(importMappingSchema) });

export const importMappingUpdateSchema = z.object({
  targetUuid: z.string().uuid().nullable(),
  miscellaneous: z.boolean(),
  /** Applies even where a file's value matches a code or name exactly (network users and staff only). */
  overridesExact: z.boolean().default(false),
});
export type ImportMappingUpdate = z.input<typeof importMappingUpdateSchema>;

export const importMappingCandidatesSchema = z.object({
  candidates: z.array(z.object({ id: z.string().uuid(), name: z.string() })),
});
