import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DIGEST_BAD_LINK,
  DIGEST_NOT_OFFERED_STAFF,
  DIGEST_UNSUBSCRIBED,
  digestSettingResponseSchema,
} from '#shared/contracts/digest.ts';
import { errorResponseSchema } from '#shared/contracts/errors.ts';
import { DIGEST_DAY_MESSAGE } from '#shared/domain/digest.ts';
import { formatMoney } from '#shared/domain/number-format.ts';
import type { CalendarDay } from '#shared/domain/timeframe.ts';
import { openPostgres, type Database, type Db } from '#server/db/client.ts';
import { mailOutbox } from '#server/db/schema/manual-entries.ts';
import { digestRuns } from '#server/db/schema/network-intelligence.ts';
import { digestContent } from '#server/services/digest/digest-content.ts';
import {
  runDigests,
  startDigestScheduler,
  type DigestDeps,
} from '#server/services/digest/digest-scheduler.ts';
import { createMailer, type Mailer } from '#server/services/mail/mailer.ts';
import { ensureReadModel } from '#server/services/read-model/refresh.ts';
import {
  buildAgencyTrio,
  buildCarrier,
  buildFacts,
  buildLineTree,
  buildProductFeature,
  buildUser,
} from '#tests/support/factories.ts';
import { withDatabase } from '#tests/support/global-setup.ts';
import {
  createTestApp,
  injectAs,
  signInAll,
  TEST_AUTH_SECRET,
  type TestApp,
} from '#tests/support/test-app.ts';

/**
 * The monthly digest (decision 071): My profile's setting and its validation, what an agency's
 * digest says (its own figures, exact, and no other agency), once per user and month with two
 * schedulers on one database, and the signed unsubscribe link.
 */

// 22 November 2026: the digest reports October 2026.
let today: CalendarDay = { year: 2026, month: 11, day: 22 };
let t: TestApp;
let db: Db;
let trio: Awaited<ReturnType<typeof buildAgencyTrio>>;
const users: Record<string, { id: string; email: string }> = {};
const cookies: Record<string, string> = {};
const silent = { info: () => {}, error: () => {}, warn: () => {}, debug: () => {} } as never;

const deps = (database: Db, mailer?: Mailer): DigestDeps => ({
  db: database,
  mailer: mailer ?? createMailer({ db: database, smtpUrl: '', from: 'test@example.test', log: silent }),
  secret: TEST_AUTH_SECRET,
  publicUrl: 'http://localhost:3000',
  today: () => today,
});
const mailTo = (email: string) =>
  db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email)).orderBy(mailOutbox.createdAt);
const call = (who: string, method: 'GET' | 'PUT', body?: unknown) =>
  injectAs(t.app, cookies[who]!, method, '/api/profile/digest', body);

beforeAll(async () => {
  t = await createTestApp({}, undefined, () => today);
  db = t.database.db;
  trio = await buildAgencyTrio(db);
  const lines = await buildLineTree(db, { PL: [['PA', 'Personal Auto']] });
  const acme = await buildCarrier(db, { name: 'Acme Mutual' });
  const months = (year: number) =>
    Array.from({ length: 10 }, (_, i) => `${year}-${String(i + 1).padStart(2, '0')}-01`);
  for (const agency of [trio.home, trio.sibling, trio.foreign]) {
    const home = agency === trio.home;
    const fact = (month: string, current: boolean) => ({
      carrierUuid: acme.uuid,
      lineUuid: lines.byCode.PA!.uuid,
      month,
      writtenPremium: current ? '1234.56' : '1000.10',
      newWrittenPremium: current ? '100.01' : '90.00',
      earned: '1000.00',
      // The home agency's loss ratio rises from 40 to 80 (above 55): an early warning on Acme.
      incurred: home ? (current ? '800.00' : '400.00') : '300.00',
    });
    await buildFacts(
      db,
      agency,
      [...months(2025).map((m) => fact(m, false)), ...months(2026).map((m) => fact(m, true))],
      { reported: true },
    );
  }
  await ensureReadModel(db, () => {});
  await buildProductFeature(db, { key: 'cpr', title: 'Carrier Production', externalId: 'cpr-ext' }, [
    trio.home.uuid,
    trio.sibling.uuid,
    trio.foreign.uuid,
  ]);
  const networkUuid = trio.home.networkUuid;
  Object.assign(users, {
    owner: await buildUser(db, { agencyUuid: trio.home.uuid, networkUuid, isOwner: true }),
    siblingUser: await buildUser(db, { agencyUuid: trio.sibling.uuid, networkUuid }),
    network: await buildUser(db, { userType: 'network', networkUuid }),
    staff: await buildUser(db, { userType: 'internal' }),
  });
  Object.assign(cookies, await signInAll(t.app, users));
});

afterAll(async () => {
  await t?.close();
});

describe('My profile: the digest setting', () => {
  it('starts off, offered to an agency user with their agency named', async () => {
    const response = await call('owner', 'GET');
    expect(response.statusCode).toBe(200);
    expect(digestSettingResponseSchema.parse(response.json())).toMatchObject({
      mode: 'off',
      day: null,
      offered: true,
      scopeName: trio.home.name,
    });
  });

  it('refuses a day outside 1-28, or none, naming the field, and keeps the saved setting', async () => {
    expect((await call('owner', 'PUT', { mode: 'day', day: 5 })).statusCode).toBe(200);
    for (const body of [
      { mode: 'day', day: 31 },
      { mode: 'day', day: 0 },
      { mode: 'day', day: null },
      { mode: 'day', day: 2.5 },
    ]) {
      const response = await call('owner', 'PUT', body);
      expect(response.statusCode).toBe(400);
      expect(errorResponseSchema.parse(response.json()).error.fields?.day).toBe(DIGEST_DAY_MESSAGE);
    }
    expect((await call('owner', 'GET')).json()).toMatchObject({ mode: 'day', day: 5 });
  });

  it('is not offered to staff, who may still turn it off', async () => {
    expect((await call('staff', 'GET')).json()).toMatchObject({
      offered: false,
      reason: DIGEST_NOT_OFFERED_STAFF,
    });
    const refused = await call('staff', 'PUT', { mode: 'complete', day: null });
    expect(refused.statusCode).toBe(403);
    expect(errorResponseSchema.parse(refused.json()).error.message).toBe(DIGEST_NOT_OFFERED_STAFF);
    expect((await call('staff', 'PUT', { mode: 'off', day: null })).statusCode).toBe(200);
  });
});

describe('the digest', () => {
  it("an agency's digest carries its own exact figures and warnings, and no other agency", async () => {
    const content = await digestContent(
      db,
      {
        userId: users.owner!.id,
        email: users.owner!.email,
        userType: 'agency',
        agencyUuid: trio.home.uuid,
        networkUuid: trio.home.networkUuid,
        isOwner: true,
        isAdministrator: false,
        sessionId: 'test',
      },
      { kind: 'agency', agencyUuid: trio.home.uuid, networkUuid: trio.home.networkUuid },
      trio.home.name,
      '2026-10',
      today,
    );
    expect(content.month).toEqual({
      writtenPremium: 1234.56,
      priorWrittenPremium: 1000.1,
      newWrittenPremium: 100.01,
      priorNewWrittenPremium: 90,
      lossRatio: 80,
      priorLossRatio: 40,
    });
    // Ten months summed exactly: 10 x 1234.56.
    expect(content.yearToDate.writtenPremium).toBe(12345.6);
    expect(content.warnings.map((w) => [w.agencyUuid, w.name, w.reasons])).toContainEqual([
      trio.home.uuid,
      'Acme Mutual',
      ['lossRatio'],
    ]);
    expect(content.warnings.every((w) => w.agencyUuid === trio.home.uuid)).toBe(true);

    const counts = await runDigests(deps(db));
    expect(counts.sent).toBe(1);
    const [mail, ...more] = await mailTo(users.owner!.email);
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe(`Your monthly digest: ${trio.home.name}, October 2026`);
    expect(mail!.text).toContain(formatMoney(1234.56));
    expect(mail!.text).toContain(formatMoney(12345.6));
    expect(mail!.text).toContain('Acme Mutual: loss ratio 80.0%');
    for (const other of [trio.sibling, trio.foreign]) {
      expect(mail!.text).not.toContain(other.name);
      expect(mail!.text).not.toContain(other.uuid);
    }
  });

  it('runs once per user and month, however often the scheduler runs', async () => {
    expect((await runDigests(deps(db))).sent).toBe(0);
    expect(await mailTo(users.owner!.email)).toHaveLength(1);
  });

  it('the e-mail link unsubscribes without sign-in; a forged one is refused; nothing is sent after', async () => {
    const [mail] = await mailTo(users.owner!.email);
    const link = /http:\/\/localhost:3000\/digest\/unsubscribe\?token=(\S+)/.exec(mail!.text);
    expect(link).not.toBeNull();
    const token = decodeURIComponent(link![1]!);
    const forged = token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA');
    const otherUser = `${users.siblingUser!.id}.${token.split('.')[1]}`;
    for (const bad of [forged, otherUser, 'nonsense']) {
      const refused = await t.app.inject({
        method: 'POST',
        url: `/api/digest/unsubscribe?token=${encodeURIComponent(bad)}`,
      });
      expect(refused.statusCode).toBe(400);
      expect(errorResponseSchema.parse(refused.json()).error.message).toBe(DIGEST_BAD_LINK);
    }
    expect((await call('owner', 'GET')).json()).toMatchObject({ mode: 'day' });

    // One-click unsubscribe (RFC 8058) posts a form to the List-Unsubscribe address.
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/digest/unsubscribe?token=${encodeURIComponent(token)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: DIGEST_UNSUBSCRIBED });
    expect((await call('owner', 'GET')).json()).toMatchObject({ mode: 'off' });

    today = { year: 2026, month: 12, day: 22 };
    try {
      await runDigests(deps(db));
      expect(await mailTo(users.owner!.email)).toHaveLength(1);
    } finally {
      today = { year: 2026, month: 11, day: 22 };
    }
  });

  it('"when complete" waits for the month\'s reports, then sends at the latest on the fallback day', async () => {
    // The sibling's October arrived, but its user is asked for November, which has no report yet.
    expect((await call('siblingUser', 'PUT', { mode: 'complete', day: null })).statusCode).toBe(200);
    today = { year: 2026, month: 12, day: 10 };
    try {
      expect((await runDigests(deps(db))).sent).toBe(0);
      today = { year: 2026, month: 12, day: 28 };
      expect((await runDigests(deps(db))).sent).toBe(1);
      const [mail] = await mailTo(users.siblingUser!.email);
      expect(mail!.subject).toContain('November 2026');
      expect(mail!.text).not.toContain(trio.home.name);
    } finally {
      today = { year: 2026, month: 11, day: 22 };
    }
  });
});

describe('two schedulers on one database', () => {
  it('send each digest exactly once per month', async () => {
    // A second server process: its own pool on PostgreSQL; PGlite is one process's database.
    let second: Database | null = null;
    const url = process.env.TEST_DATABASE_URL;
    if (url && t.database.driver === 'postgres') {
      const name = (await db.execute<{ name: string }>(sql`select current_database() as name`)).rows[0]!.name;
      second = await openPostgres(withDatabase(url, name));
    }
    const otherDb = second?.db ?? db;
    const networkUuid = trio.home.networkUuid;
    const subscribers: { id: string; email: string }[] = [];
    for (let i = 0; i < 6; i++) {
      const user = await buildUser(db, {
        agencyUuid: i % 2 ? trio.home.uuid : trio.sibling.uuid,
        networkUuid,
      });
      await db.execute(
        sql`insert into digest_settings (user_uuid, mode, day) values (${user.id}::uuid, 'day', 1)`,
      );
      subscribers.push(user);
    }
    // Slow mailers keep each claim open a while, so the other scheduler meets locked rows.
    const slow = (database: Db): Mailer => {
      const inner = createMailer({ db: database, smtpUrl: '', from: 'test@example.test', log: silent });
      return {
        send: async (message, executor) => {
          await new Promise((resolve) => setTimeout(resolve, 30));
          return inner.send(message, executor);
        },
        close: inner.close,
      };
    };
    const a = startDigestScheduler(deps(db, slow(db)), 0.01);
    const b = startDigestScheduler(deps(otherDb, slow(otherDb)), 0.01);
    try {
      await expect
        .poll(
          async () =>
            (
              await db.execute<{ n: number }>(sql`select count(*)::int as n from digest_runs
                where status = 'sent' and period = '2026-10-01' and user_uuid in (${sql.join(
                  subscribers.map((u) => sql`${u.id}::uuid`),
                  sql`, `,
                )})`)
            ).rows[0]!.n,
          { timeout: 60_000, interval: 100 },
        )
        .toBe(subscribers.length);
      // More runs of both after they are sent change nothing.
      await Promise.all([runDigests(deps(db)), runDigests(deps(otherDb)), runDigests(deps(db))]);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
      await second?.close();
    }
    for (const user of subscribers) expect(await mailTo(user.email)).toHaveLength(1);
    const runs = await db.select().from(digestRuns).where(eq(digestRuns.period, '2026-10-01'));
    expect(runs.filter((r) => subscribers.some((u) => u.id === r.userUuid))).toHaveLength(subscribers.length);
  });
});
