import { z } from 'zod';

/** The one error shape every API failure uses (DESIGN §8). */
export const errorResponseSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
  referenceId: z.string(),
  refreshTokenRevoked: z.boolean().optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/** What a 5xx says to the user; the details stay in the server log under the same reference id. */
export const SERVER_ERROR_MESSAGE = 'The server has encountered an error.';
