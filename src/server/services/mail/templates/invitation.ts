import type { MailMessage } from '#server/services/mail/mailer.ts';

export type InvitationMail = {
  to: string;
  inviteeFirstName: string;
  agencyName: string;
  networkName: string;
  invitedByName: string;
  willBePrimaryUser: boolean;
  registrationUrl: string;
  expiresAt: Date;
};

/** "Thursday, 12 March 2026 at 14:05 UTC": unambiguous whatever the reader's locale or time zone. */
function expiryText(at: Date): string {
  return `${new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'UTC',
  }).format(at)} UTC`;
}

/**
 * The invitation e-mail: who invited the reader to which agency, the registration link, and until
 * when it works (the link is single-use, so the mail says so).
 */
export function invitationMail(mail: InvitationMail): MailMessage {
  const role = mail.willBePrimaryUser
    ? ` as the primary user of its subscription (you will manage the agency's subscription)`
    : '';
  const greeting = mail.inviteeFirstName ? `Hello ${mail.inviteeFirstName},` : 'Hello,';
  return {
    to: mail.to,
    subject: `Invitation to join ${mail.agencyName} on Understanding`,
    text: [
      greeting,
      '',
      `${mail.invitedByName} has invited you to join ${mail.agencyName} (${mail.networkName}) on Understanding${role}.`,
      '',
      'To create your account, open this link and choose a password:',
      mail.registrationUrl,
      '',
      `The link works once and expires on ${expiryText(mail.expiresAt)}.`,
      'If it has expired, ask the person who invited you to send a new invitation.',
      '',
      'If you were not expecting this invitation, you can ignore this e-mail.',
      '',
      'Understanding',
    ].join('\n'),
  };
}
