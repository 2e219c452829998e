import { z } from 'zod';

/** How an e-mail left: handed to the SMTP server, or only kept in the outbox (no SMTP configured). */
export const mailTransportSchema = z.enum(['smtp', 'outbox']);
export type MailTransport = z.infer<typeof mailTransportSchema>;

/** The most recent messages GET /api/mail/outbox lists. */
export const MAIL_OUTBOX_LIMIT = 200;

/** GET /api/mail/outbox (internal staff): the e-mails the product sent, newest first. */
export const mailOutboxResponseSchema = z.object({
  messages: z.array(
    z.object({
      uuid: z.string().uuid(),
      toAddress: z.string(),
      fromAddress: z.string(),
      subject: z.string(),
      text: z.string(),
      transport: mailTransportSchema,
      createdAt: z.string(),
    }),
  ),
});
export type MailOutbox = z.infer<typeof mailOutboxResponseSchema>;
