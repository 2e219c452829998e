import { desc } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import { MAIL_OUTBOX_LIMIT, type MailOutbox, type MailTransport } from '#shared/contracts/mail.ts';
import type { Db } from '#server/db/client.ts';
import { mailOutbox } from '#server/db/schema/manual-entries.ts';

/**
 * An e-mail from the product: plain text, and an HTML alternative and extra headers (such as
 * List-Unsubscribe) when a message has them. The outbox keeps the text.
 */
export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
};

/** Sends the product's e-mail; one per app, shared by every feature that writes to people. */
export type Mailer = {
  /**
   * Sends the message (or keeps it in the outbox only) and records it, through `executor` when the
   * record belongs to the caller's transaction; throws when SMTP refuses it.
   */
  send: (message: MailMessage, executor?: Db) => Promise<{ transport: MailTransport }>;
  close: () => void;
};

/**
 * The mailer of the app: over SMTP when `SMTP_URL` is set, else into the outbox table and the log,
 * so development and tests need no mail server. Every message is recorded in `mail_outbox`, after
 * SMTP accepted it, so the outbox never lists a message that was not sent.
 */
export function createMailer({
  db,
  smtpUrl,
  from,
  log,
}: {
  db: Db;
  smtpUrl: string;
  from: string;
  log: FastifyBaseLogger;
}): Mailer {
  const smtp = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  return {
    async send(message, executor = db) {
      const transport: MailTransport = smtp ? 'smtp' : 'outbox';
      if (smtp) {
        await smtp.sendMail({
          from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          ...(message.html ? { html: message.html } : {}),
          ...(message.headers ? { headers: message.headers } : {}),
        });
      } else {
        log.info(
          { to: message.to, subject: message.subject, text: message.text },
          'e-mail kept in the outbox (no SMTP_URL)',
        );
      }
      await executor.insert(mailOutbox).values({
        toAddress: message.to,
        fromAddress: from,
        subject: message.subject,
        text: message.text,
        transport,
      });
      return { transport };
    },
    close() {
      smtp?.close();
    },
  };
}

/** The latest e-mails, newest first, for internal staff (GET /api/mail/outbox). */
export async function listOutbox(db: Db): Promise<MailOutbox['messages']> {
  const rows = await db
    .select()
    .from(mailOutbox)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.uuid))
    .limit(MAIL_OUTBOX_LIMIT);
  return rows.map((row) => ({
    uuid: row.uuid,
    toAddress: row.toAddress,
    fromAddress: row.fromAddress,
    subject: row.subject,
    text: row.text,
    transport: row.transport,
    createdAt: row.createdAt.toISOString(),
  }));
}
