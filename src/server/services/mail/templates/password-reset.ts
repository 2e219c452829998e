import type { MailMessage } from '#server/services/mail/mailer.ts';

export const PASSWORD_RESET_SUBJECT = 'Reset your Understanding password';

/**
 * The password-reset e-mail: who it is for, the link to the reset page, how long and how often the
 * link works, and what to do when the reader did not ask for it. Plain text, so every mail client
 * shows the link as it is.
 */
export function passwordResetMail({
  to,
  name,
  link,
  minutes,
}: {
  to: string;
  name: string;
  link: string;
  minutes: number;
}): MailMessage {
  const greeting = name.trim() ? `Hello ${name.trim()},` : 'Hello,';
  const lifetime =
    minutes % 60 === 0 ? `${minutes / 60} hour${minutes === 60 ? '' : 's'}` : `${minutes} minutes`;
  return {
    to,
    subject: PASSWORD_RESET_SUBJECT,
    text: [
      greeting,
      '',
      `We received a request to reset the password of your Understanding account (${to}).`,
      'Open this link to choose a new password:',
      '',
      link,
      '',
      `The link works for ${lifetime} and only once. Choosing a new password signs you out everywhere,`,
      'so you sign in again with the new password on every device.',
      '',
      'If you did not ask to reset your password, you can ignore this e-mail: your password stays as',
      'it is. If you keep receiving these e-mails without asking for them, please tell our support team.',
      '',
      'Understanding',
    ].join('\n'),
  };
}
