import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { allSlots } from './slots.ts';

/**
 * A message the app sent, as the e2e mail sink received it over SMTP: its text (the text/plain part
 * of a multipart message), its HTML part when it has one, and its List-Unsubscribe header.
 */
export type ReceivedMail = {
  to: string[];
  subject: string;
  text: string;
  html?: string;
  listUnsubscribe?: string;
  receivedAt: number;
};

/** Decodes a single-part body by its Content-Transfer-Encoding. */
function decodeBody(headers: Map<string, string>, body: string): string {
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

/**
 * Splits a raw message into lower-cased headers (folded lines joined) and the decoded text body; a
 * multipart/alternative message gives its text/plain part as the text and its text/html part.
 */
export function parseMessage(raw: string): { headers: Map<string, string>; text: string; html?: string } {
  const split = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
  const body = raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  const boundary = /^multipart\/.*boundary="?([^";]+)"?/i.exec(headers.get('content-type') ?? '')?.[1];
  if (boundary) {
    const parts = body
      .split(`--${boundary}`)
      .slice(1)
      .filter((part) => !part.startsWith('--'))
      .map((part) => parseMessage(part.replace(/^\r?\n/, '')));
    const type = (part: { headers: Map<string, string> }) => part.headers.get('content-type') ?? 'text/plain';
    const text = parts.find((part) => type(part).startsWith('text/plain'));
    const html = parts.find((part) => type(part).startsWith('text/html'));
    return { headers, text: text?.text ?? '', ...(html ? { html: html.text } : {}) };
  }
  return { headers, text: decodeBody(headers, body).replace(/\r\n/g, '\n') };
}

/**
 * Playwright global setup: for each slot (tests/e2e/slots.ts), an SMTP server on its `smtpPort` that
 * writes every message it receives to its `mailDir` as JSON, so tests read the e-mail the app really
 * sent over SMTP (support.ts reads the worker's own slot).
 */
export default async function startMailSinks() {
  const stops = await Promise.all(allSlots().map((s) => startMailSink(s.mailDir, s.smtpPort)));
  return async () => {
    await Promise.all(stops.map((stop) => stop()));
  };
}

async function startMailSink(dir: string, port: number) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const { headers, text, html } = parseMessage(Buffer.concat(chunks).toString('latin1'));
        const listUnsubscribe = headers.get('list-unsubscribe');
        const mail: ReceivedMail = {
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          subject: headers.get('subject') ?? '',
          text,
          ...(html === undefined ? {} : { html }),
          ...(listUnsubscribe === undefined ? {} : { listUnsubscribe }),
          receivedAt: Date.now(),
        };
        count += 1;
        writeFileSync(path.join(dir, `${String(count).padStart(5, '0')}.json`), JSON.stringify(mail));
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
}
