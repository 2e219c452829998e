import { z } from 'zod';

/** A node of the line-of-business tree (spec part 1 §3 "Classification tree nodes"). */
export type LineOfBusinessNode = {
  uuid: string;
  code: string;
  name: string;
  parentUuid: string | null;
  classificationUuid: string;
  children: LineOfBusinessNode[];
};

export const lineOfBusinessNodeSchema: z.ZodType<LineOfBusinessNode> = z.lazy(() =>
  z.object({
    uuid: z.string().uuid(),
    code: z.string(),
    name: z.string(),
    parentUuid: z.string().uuid().nullable(),
    classificationUuid: z.string().uuid(),
    children: z.array(lineOfBusinessNodeSchema),
  }),
);

/** GET /api/mapping/standard-types: P&C at the root, the broad lines, then their standard types. */
export const standardTypesResponseSchema = z.object({ tree: z.array(lineOfBusinessNodeSchema) });
export type StandardTypesResponse = z.infer<typeof standardTypesResponseSchema>;
