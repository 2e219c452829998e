import type { FastifyBaseLogger } from 'fastify';
import type { JiraConfig } from '#server/config.ts';
import type { Mailer } from '#server/services/mail/mailer.ts';
import { createJiraIssue } from './jira.ts';

/** Where requests to support go: a Jira project when configured, else the support mailbox. */
export type SupportForwarding = {
  jira: JiraConfig | null;
  mailer: Mailer;
  supportEmail: string;
  log: FastifyBaseLogger;
};

/**
 * Sends a request on to support (new carrier requests, report access requests) and answers where
 * it went: the Jira issue key, or the support address it was e-mailed to.
 */
export async function forwardToSupport(
  forwarding: SupportForwarding,
  request: { summary: string; description: string },
): Promise<string> {
  if (forwarding.jira) return createJiraIssue(forwarding.jira, request);
  await forwarding.mailer.send({
    to: forwarding.supportEmail,
    subject: request.summary,
    text: request.description,
  });
  return forwarding.supportEmail;
}
