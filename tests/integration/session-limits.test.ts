import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorResponseSchema } from '#shared/contracts/errors.ts';
import { loadConfig } from '#server/config.ts';
import { sessionActivity, sessionDeadline } from '#server/auth/session-limits.ts';
import { sessions } from '#server/db/schema/auth.ts';
import { buildUser } from '#tests/support/factories.ts';
import { createTestApp, injectAs, signIn, type TestApp } from '#tests/support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

async function sessionOf(app: TestApp, userId: string) {
  const rows = await app.database.db.select().from(sessions).where(eq(sessions.userId, userId));
  return rows;
}

/**
 * Time passes for the user's sessions: every timestamp of their rows moves `minutes` into the past,
 * which is what the server sees when the clock moves that far ahead.
 */
async function elapse(app: TestApp, userId: string, minutes: number) {
  await app.database.db.execute(sql`
    update sessions set
      created_at = created_at - make_interval(mins => ${minutes}),
      updated_at = updated_at - make_interval(mins => ${minutes}),
      expires_at = expires_at - make_interval(mins => ${minutes})
    where user_id = ${userId}`);
}

const whoAmI = (app: TestApp, cookie: string) => injectAs(app.app, cookie, 'GET', '/api/user');

async function expectExpired(app: TestApp, cookie: string) {
  const response = await whoAmI(app, cookie);
  expect(response.statusCode).toBe(401);
  const body = errorResponseSchema.parse(response.json());
  expect(body.error.code).toBe('unauthorized');
  expect(body.error.message).toBe('You are not signed in, or your session has expired.');
  // The client shows its session-expired modal on a 401 without refreshTokenRevoked.
  expect(body.refreshTokenRevoked).toBeUndefined();
}

describe('session limits (SESSION_IDLE_MINUTES, SESSION_MAX_HOURS)', () => {
  it('default to 30 idle minutes and 12 hours, and are configurable', () => {
    const secret = { AUTH_SECRET: 'x'.repeat(40) };
    expect(loadConfig(secret).sessions).toEqual({ idleMinutes: 30, maxHours: 12 });
    expect(loadConfig({ ...secret, SESSION_IDLE_MINUTES: '15', SESSION_MAX_HOURS: '8' }).sessions).toEqual({
      idleMinutes: 15,
      maxHours: 8,
    });
    expect(() => loadConfig({ ...secret, SESSION_IDLE_MINUTES: '0' })).toThrow(
      /SESSION_IDLE_MINUTES: must be at least 1 minute/,
    );
    expect(() => loadConfig({ ...secret, SESSION_IDLE_MINUTES: '120', SESSION_MAX_HOURS: '1' })).toThrow(
      /SESSION_IDLE_MINUTES: must not be longer than SESSION_MAX_HOURS/,
    );
  });

  it('end a session at the earlier of idle and absolute deadlines, and move last-seen once a minute', () => {
    const limits = { idleMinutes: 30, maxHours: 12 };
    const signedIn = new Date('2026-03-02T08:00:00Z');
    const at = (ms: number) => new Date(signedIn.getTime() + ms);
    expect(sessionDeadline({ createdAt: signedIn, updatedAt: signedIn }, limits)).toEqual(at(30 * MINUTE));
    expect(sessionDeadline({ createdAt: signedIn, updatedAt: at(11 * HOUR + 50 * MINUTE) }, limits)).toEqual(
      at(12 * HOUR),
    );
    const fresh = { createdAt: signedIn, updatedAt: signedIn, expiresAt: at(30 * MINUTE) };
    expect(sessionActivity(fresh, limits, at(59_000))).toBe('none');
    expect(sessionActivity(fresh, limits, at(MINUTE))).toBe('touch');
    expect(sessionActivity(fresh, limits, at(30 * MINUTE - 1))).toBe('touch');
    expect(sessionActivity(fresh, limits, at(30 * MINUTE))).toBe('expired');
    const active = { createdAt: signedIn, updatedAt: at(12 * HOUR - MINUTE), expiresAt: at(12 * HOUR) };
    expect(sessionActivity(active, limits, at(12 * HOUR))).toBe('expired');
    // updated_at moved by another write (the second sign-in step) without expires_at: moved now.
    const verified = { createdAt: signedIn, updatedAt: at(29 * MINUTE), expiresAt: at(30 * MINUTE) };
    expect(sessionActivity(verified, limits, at(29 * MINUTE + 10_000))).toBe('touch');
  });

  it('a new session expires 30 minutes ahead; its cookie lasts the 12 hours', async () => {
    const user = await buildUser(t.database.db);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: 'http://localhost:3000', 'content-type': 'application/json' },
      payload: { email: user.email, password: 'Correct-horse-9' },
    });
    expect(response.statusCode).toBe(200);
    const cookies = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
    expect(cookies.find((c) => c.startsWith('understanding.session_token='))).toMatch(/Max-Age=43200/);
    const [row] = await sessionOf(t, user.id);
    const idleFor = row!.expiresAt.getTime() - row!.createdAt.getTime();
    expect(Math.abs(idleFor - 30 * MINUTE)).toBeLessThan(5_000);
  });

  it('ends a session after 30 minutes without a request: the next call is 401 and the row is gone', async () => {
    const user = await buildUser(t.database.db);
    const cookie = await signIn(t.app, user.email);
    expect((await whoAmI(t, cookie)).statusCode).toBe(200);
    await elapse(t, user.id, 29);
    expect((await whoAmI(t, cookie)).statusCode).toBe(200);
    await elapse(t, user.id, 31);
    await expectExpired(t, cookie);
    expect(await sessionOf(t, user.id)).toEqual([]);
  });

  it("the sign-in library's own endpoints refuse an idle session too", async () => {
    const user = await buildUser(t.database.db);
    const cookie = await signIn(t.app, user.email);
    await elapse(t, user.id, 31);
    const session = await injectAs(t.app, cookie, 'GET', '/api/auth/get-session');
    expect(session.statusCode).toBe(200);
    expect(session.json()).toBeNull();
    const change = await injectAs(t.app, cookie, 'POST', '/api/auth/change-password', {
      currentPassword: 'Correct-horse-9',
      newPassword: 'Another-horse-10',
    });
    expect(change.statusCode).toBe(401);
  });

  it('keeps an active session alive past 30 minutes: each request moves the idle deadline', async () => {
    const user = await buildUser(t.database.db);
    const cookie = await signIn(t.app, user.email);
    for (let step = 0; step < 6; step++) {
      await elapse(t, user.id, 25);
      expect((await whoAmI(t, cookie)).statusCode).toBe(200);
    }
    // 150 minutes after sign-in, 25 since the last request: still signed in.
    const [row] = await sessionOf(t, user.id);
    expect(Date.now() - row!.createdAt.getTime()).toBeGreaterThan(149 * MINUTE);
    expect(Math.abs(row!.expiresAt.getTime() - (Date.now() + 30 * MINUTE))).toBeLessThan(5_000);
  });

  it('writes last-seen at most once a minute', async () => {
    const user = await buildUser(t.database.db);
    const cookie = await signIn(t.app, user.email);
    await elapse(t, user.id, 2);
    await whoAmI(t, cookie);
    const [touched] = await sessionOf(t, user.id);
    for (let i = 0; i < 3; i++) expect((await whoAmI(t, cookie)).statusCode).toBe(200);
    const [after] = await sessionOf(t, user.id);
    expect(after!.updatedAt).toEqual(touched!.updatedAt);
    expect(Math.abs(touched!.updatedAt.getTime() - Date.now())).toBeLessThan(5_000);
  });

  it('ends a session 12 hours after sign-in even while the user is active', async () => {
    const user = await buildUser(t.database.db);
    const cookie = await signIn(t.app, user.email);
    // A request every 25 minutes for 11 h 40 min: never idle.
    for (let step = 0; step < 28; step++) {
      await elapse(t, user.id, 25);
      expect((await whoAmI(t, cookie)).statusCode).toBe(200);
    }
    const [row] = await sessionOf(t, user.id);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(12 * HOUR);
    await elapse(t, user.id, 19);
    expect((await whoAmI(t, cookie)).statusCode).toBe(200);
    await elapse(t, user.id, 2);
    await expectExpired(t, cookie);
    expect(await sessionOf(t, user.id)).toEqual([]);
  });

  it('follows SESSION_IDLE_MINUTES and SESSION_MAX_HOURS when they are set', async () => {
    const strict = await createTestApp({ sessions: { idleMinutes: 5, maxHours: 1 } });
    try {
      const idle = await buildUser(strict.database.db);
      const idleCookie = await signIn(strict.app, idle.email);
      await elapse(strict, idle.id, 4);
      expect((await whoAmI(strict, idleCookie)).statusCode).toBe(200);
      await elapse(strict, idle.id, 6);
      await expectExpired(strict, idleCookie);

      const busy = await buildUser(strict.database.db);
      const busyCookie = await signIn(strict.app, busy.email);
      for (let step = 0; step < 14; step++) {
        await elapse(strict, busy.id, 4);
        expect((await whoAmI(strict, busyCookie)).statusCode).toBe(200);
      }
      await elapse(strict, busy.id, 4);
      await expectExpired(strict, busyCookie);
    } finally {
      await strict.close();
    }
  });
});
