import type { MailMessage } from '#server/services/mail/mailer.ts';

/** The e-mail with a sign-in code (multi-factor sign-in by e-mail). */
export function signInCodeMail({
  to,
  code,
  minutes,
}: {
  to: string;
  code: string;
  minutes: number;
}): MailMessage {
  return {
    to,
    subject: `Your Understanding sign-in code: ${code}`,
    text: [
      'Hello,',
      '',
      `Your sign-in code for Understanding is: ${code}`,
      '',
      `Enter it on the sign-in page within ${minutes} minutes. It works once.`,
      '',
      'If you did not just sign in, someone may know your password: change it from My Profile,',
      'or contact your agency administrator.',
      '',
      'Understanding',
    ].join('\n'),
  };
}
