import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  carrierRequestListResponseSchema,
  carrierRequestResponseSchema,
  INVALID_URL_MESSAGE,
} from '#shared/contracts/carrier-request.ts';
import { errorResponseSchema } from '#shared/contracts/errors.ts';
import { mailOutboxResponseSchema } from '#shared/contracts/mail.ts';
import { buildApp } from '#server/app.ts';
import { loadConfig, type Config } from '#server/config.ts';
import { carrierRequests, mailOutbox } from '#server/db/schema/manual-entries.ts';
import { buildAgency, buildUser } from '#tests/support/factories.ts';
import { createTestApp, injectAs, signIn, type TestApp } from '#tests/support/test-app.ts';

const SUPPORT = 'carriers@understanding.test';

let t: TestApp;
let agencyCookie: string;
let staffCookie: string;
let requester: Awaited<ReturnType<typeof buildUser>>;
let agency: Awaited<ReturnType<typeof buildAgency>>;

const request = {
  carrierName: 'Prairie Mutual',
  carrierType: 'isCrop',
  carrierWebsite: 'www.prairiemutual.com',
  additionalInfo: 'They write our crop book.',
};

/** Another app on the same database with other forwarding settings (sessions live in the database). */
async function appWith(overrides: Partial<Config>): Promise<FastifyInstance> {
  const config = loadConfig({
    NODE_ENV: 'test',
    AUTH_SECRET: 'test-secret-that-is-long-enough-0123456789',
    PUBLIC_URL: 'http://localhost:3000',
    LOG_LEVEL: 'silent',
  });
  const app = await buildApp({ config: { ...config, ...overrides }, database: t.database, logger: false });
  await app.ready();
  return app;
}

function post(app: FastifyInstance, payload: unknown, cookie = agencyCookie) {
  return injectAs(app, cookie, 'POST', '/api/carriers/jira-request', payload);
}

async function storedRequest(uuid: string) {
  const [row] = await t.database.db.select().from(carrierRequests).where(eq(carrierRequests.uuid, uuid));
  return row;
}

async function latestOutbox() {
  const [row] = await t.database.db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(1);
  return row;
}

async function listen(server: Server | SMTPServer): Promise<number> {
  server.listen(0, '127.0.0.1');
  await once(server instanceof SMTPServer ? server.server : server, 'listening');
  const address = (server instanceof SMTPServer ? server.server : server).address() as AddressInfo;
  return address.port;
}

beforeAll(async () => {
  t = await createTestApp({ supportEmail: SUPPORT, jira: null, smtpUrl: '' });
  const db = t.database.db;
  agency = await buildAgency(db);
  requester = await buildUser(db, { agencyUuid: agency.uuid, networkUuid: agency.networkUuid });
  const staff = await buildUser(db, { userType: 'internal' });
  agencyCookie = await signIn(t.app, requester.email);
  staffCookie = await signIn(t.app, staff.email);
});
afterAll(async () => {
  await t?.close();
});

describe('a new carrier request without a ticket system', () => {
  it("stores the request with the user's own name and e-mail and e-mails support through the outbox", async () => {
    const response = await post(t.app, { ...request, name: 'Someone Else', email: 'forged@example.test' });
    expect(response.statusCode).toBe(200);
    const body = carrierRequestResponseSchema.parse(response.json());
    expect(body.error).toBe(false);

    const row = await storedRequest(body.requestUuid!);
    expect(row).toMatchObject({
      name: requester.name,
      email: requester.email,
      agencyUuid: agency.uuid,
      userId: requester.id,
      carrierName: 'Prairie Mutual',
      carrierType: 'isCrop',
      carrierWebsite: 'www.prairiemutual.com',
      additionalInfo: 'They write our crop book.',
      status: 'forwarded',
      forwardedTo: SUPPORT,
    });

    const mail = await latestOutbox();
    expect(mail).toMatchObject({
      toAddress: SUPPORT,
      fromAddress: 'Understanding <no-reply@understanding.local>',
      subject: 'New carrier request: Prairie Mutual',
      transport: 'outbox',
    });
    expect(mail!.text).toContain('Carrier type: Crop');
    expect(mail!.text).toContain(`Requested by: ${requester.name} <${requester.email}>`);
    expect(mail!.text).toContain(`Agency: ${agency.name}`);
  });

  it('refuses invalid input with 400 naming each field, storing nothing', async () => {
    const before = await t.database.db.select().from(carrierRequests);
    const response = await post(t.app, {
      carrierName: 'x'.repeat(121),
      carrierType: '',
      carrierWebsite: 'not a website',
      additionalInfo: 'y'.repeat(401),
    });
    expect(response.statusCode).toBe(400);
    const fields = errorResponseSchema.parse(response.json()).error.fields;
    expect(fields).toEqual({
      carrierName: 'Must be at most 120 characters.',
      carrierType: 'Required',
      carrierWebsite: INVALID_URL_MESSAGE,
      additionalInfo: 'Must be at most 400 characters.',
    });
    expect(await t.database.db.select().from(carrierRequests)).toHaveLength(before.length);
  });

  it('needs a session', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/carriers/jira-request',
      payload: request,
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('staff lists', () => {
  it('lists requests newest first and the outbox to internal staff only', async () => {
    const first = carrierRequestResponseSchema.parse(
      (await post(t.app, { ...request, carrierName: 'First Co' })).json(),
    );
    const second = carrierRequestResponseSchema.parse(
      (await post(t.app, { ...request, carrierName: 'Second Co', additionalInfo: '' })).json(),
    );

    const listed = await injectAs(t.app, staffCookie, 'GET', '/api/carrier-requests');
    expect(listed.statusCode).toBe(200);
    const { requests } = carrierRequestListResponseSchema.parse(listed.json());
    const uuids = requests.map((r) => r.uuid);
    expect(uuids.indexOf(second.requestUuid!)).toBeLessThan(uuids.indexOf(first.requestUuid!));
    expect(requests.find((r) => r.uuid === second.requestUuid)).toMatchObject({
      carrierName: 'Second Co',
      agencyName: agency.name,
      status: 'forwarded',
      forwardedTo: SUPPORT,
    });

    const outbox = await injectAs(t.app, staffCookie, 'GET', '/api/mail/outbox');
    expect(outbox.statusCode).toBe(200);
    const { messages } = mailOutboxResponseSchema.parse(outbox.json());
    expect(messages[0]?.subject).toBe('New carrier request: Second Co');
    expect(messages[1]?.subject).toBe('New carrier request: First Co');

    for (const url of ['/api/carrier-requests', '/api/mail/outbox']) {
      const refused = await injectAs(t.app, agencyCookie, 'GET', url);
      expect(refused.statusCode, url).toBe(403);
      expect(errorResponseSchema.parse(refused.json()).error.code).toBe('forbidden');
    }
  });
});

describe('a new carrier request with Jira configured', () => {
  type Answer = { status: number; body: unknown } | 'hang';
  let jira: Server;
  let app: FastifyInstance;
  let answer: Answer;
  const received: { url: string; authorization: string | undefined; body: unknown }[] = [];

  beforeAll(async () => {
    jira = createServer((req: IncomingMessage, res: ServerResponse) => {
      let raw = '';
      req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      req.on('end', () => {
        received.push({
          url: req.url ?? '',
          authorization: req.headers.authorization,
          body: JSON.parse(raw),
        });
        if (answer === 'hang') return;
        res.writeHead(answer.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(answer.body));
      });
    });
    const port = await listen(jira);
    app = await appWith({
      supportEmail: SUPPORT,
      smtpUrl: '',
      jira: {
        url: `http://127.0.0.1:${port}`,
        user: 'bot@understanding.test',
        apiToken: 'token-123',
        projectKey: 'CARR',
        issueType: 'Task',
        timeoutMs: 300,
      },
    });
  });
  beforeEach(() => {
    received.length = 0;
  });
  afterAll(async () => {
    await app?.close();
    jira?.closeAllConnections();
    jira?.close();
  });

  it('creates an issue with basic auth and records its key, sending no e-mail', async () => {
    answer = {
      status: 201,
      body: { id: '10001', key: 'CARR-12', self: 'http://jira/rest/api/2/issue/10001' },
    };
    const mailBefore = await t.database.db.select().from(mailOutbox);
    const body = carrierRequestResponseSchema.parse((await post(app, request)).json());
    expect(body.error).toBe(false);
    expect(received).toHaveLength(1);
    expect(received[0]!.url).toBe('/rest/api/2/issue');
    expect(received[0]!.authorization).toBe(
      `Basic ${Buffer.from('bot@understanding.test:token-123').toString('base64')}`,
    );
    expect(received[0]!.body).toMatchObject({
      fields: {
        project: { key: 'CARR' },
        issuetype: { name: 'Task' },
        summary: 'New carrier request: Prairie Mutual',
        description: expect.stringContaining('Carrier website: www.prairiemutual.com') as unknown,
      },
    });
    expect(await storedRequest(body.requestUuid!)).toMatchObject({
      status: 'forwarded',
      forwardedTo: 'CARR-12',
    });
    expect(await t.database.db.select().from(mailOutbox)).toHaveLength(mailBefore.length);
  });

  it.each<[string, Answer]>([
    [
      'an error status',
      { status: 400, body: { errorMessages: [], errors: { project: 'project is required' } } },
    ],
    ['a body error flag', { status: 200, body: { error: true } }],
    ['no answer in time', 'hang'],
  ])('answers error: true and keeps the request as failed on %s', async (_case, jiraAnswer) => {
    answer = jiraAnswer;
    const response = await post(app, { ...request, carrierName: 'Failing Co' });
    expect(response.statusCode).toBe(200);
    const body = carrierRequestResponseSchema.parse(response.json());
    expect(body.error).toBe(true);
    expect(received).toHaveLength(1);
    expect(await storedRequest(body.requestUuid!)).toMatchObject({
      carrierName: 'Failing Co',
      status: 'failed',
      forwardedTo: null,
    });
  });
});

describe('a new carrier request e-mailed over SMTP', () => {
  let smtp: SMTPServer;
  let app: FastifyInstance;
  let refuse = false;
  const delivered: { from: string; to: string[]; data: string; user: string | undefined }[] = [];

  beforeAll(async () => {
    smtp = new SMTPServer({
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      onAuth: (auth, _session, callback) =>
        auth.username === 'mailer' && auth.password === 'secret'
          ? callback(null, { user: auth.username })
          : callback(new Error('Invalid username or password')),
      onRcptTo: (_address, _session, callback) =>
        refuse
          ? callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }))
          : callback(),
      onData: (stream, session, callback) => {
        let data = '';
        stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
        stream.on('end', () => {
          delivered.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            data,
            user: typeof session.user === 'string' ? session.user : undefined,
          });
          callback();
        });
      },
      logger: false,
    });
    const port = await listen(smtp);
    app = await appWith({
      supportEmail: SUPPORT,
      jira: null,
      smtpUrl: `smtp://mailer:secret@127.0.0.1:${port}`,
      mailFrom: 'Understanding <mail@understanding.test>',
    });
  });
  afterAll(async () => {
    await app?.close();
    await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
  });

  it('delivers the message to support and records it as sent by SMTP', async () => {
    const body = carrierRequestResponseSchema.parse(
      (await post(app, { ...request, carrierName: 'Smtp Mutual' })).json(),
    );
    expect(body.error).toBe(false);
    expect(delivered).toHaveLength(1);
    expect(delivered[0]).toMatchObject({ from: 'mail@understanding.test', to: [SUPPORT], user: 'mailer' });
    expect(delivered[0]!.data).toContain('Subject: New carrier request: Smtp Mutual');
    expect(delivered[0]!.data).toContain('Carrier type: Crop');
    expect(await latestOutbox()).toMatchObject({
      toAddress: SUPPORT,
      fromAddress: 'Understanding <mail@understanding.test>',
      subject: 'New carrier request: Smtp Mutual',
      transport: 'smtp',
    });
    expect(await storedRequest(body.requestUuid!)).toMatchObject({
      status: 'forwarded',
      forwardedTo: SUPPORT,
    });
  });

  it('answers error: true when the SMTP server refuses, keeping the request and recording no e-mail', async () => {
    refuse = true;
    const mailBefore = await t.database.db.select().from(mailOutbox);
    const body = carrierRequestResponseSchema.parse(
      (await post(app, { ...request, carrierName: 'Refused Co' })).json(),
    );
    refuse = false;
    expect(body.error).toBe(true);
    expect(await storedRequest(body.requestUuid!)).toMatchObject({
      carrierName: 'Refused Co',
      status: 'failed',
    });
    expect(await t.database.db.select().from(mailOutbox)).toHaveLength(mailBefore.length);
  });
});
