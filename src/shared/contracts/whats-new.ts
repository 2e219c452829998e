import { z } from 'zod';

/** GET /api/whats-new: product news for the header widget, newest first. */
export const whatsNewResponseSchema = z.object({
  entries: z.array(
    z.object({
      id: z.string().uuid(),
      publishedOn: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
      title: z.string(),
      body: z.string(),
    }),
  ),
});
export type WhatsNewResponse = z.infer<typeof whatsNewResponseSchema>;
