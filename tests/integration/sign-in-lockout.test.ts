import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorResponseSchema } from '#shared/contracts/errors.ts';
import { LOCKOUT_FAILURES, lockedMessage } from '#server/auth/lockout.ts';
import { buildUser, TEST_PASSWORD } from '#tests/support/factories.ts';
import { createTestApp, type TestApp } from '#tests/support/test-app.ts';

let t: TestApp;

const attempt = (email: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: 'http://localhost:3000', 'content-type': 'application/json' },
    payload: { email, password },
  });

async function fail(email: string, times: number) {
  for (let i = 0; i < times; i++) expect((await attempt(email, 'Wrong-password-1')).statusCode).toBe(401);
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('sign-in lockout', () => {
  it('refuses an account after ten wrong passwords in a row, even with the right one, and says why', async () => {
    const user = await buildUser(t.database.db);
    await fail(user.email, LOCKOUT_FAILURES);
    const refused = await attempt(user.email, TEST_PASSWORD);
    expect(refused.statusCode).toBe(423);
    expect(errorResponseSchema.parse(refused.json()).error.message).toBe(lockedMessage(15));
    // The address is the key, whatever its case.
    expect((await attempt(user.email.toUpperCase(), TEST_PASSWORD)).statusCode).toBe(423);
    // Other accounts are not affected.
    const other = await buildUser(t.database.db);
    expect((await attempt(other.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('lets the account in again once the cooling-off period is over, and counts afresh', async () => {
    const user = await buildUser(t.database.db);
    await fail(user.email, LOCKOUT_FAILURES);
    await t.database.db.execute(
      sql`update sign_in_failures set locked_until = now() - interval '1 second' where email = ${user.email.toLowerCase()}`,
    );
    expect((await attempt(user.email, TEST_PASSWORD)).statusCode).toBe(200);
    await fail(user.email, LOCKOUT_FAILURES - 1);
    expect((await attempt(user.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('counts consecutive failures only: a successful sign-in starts again from zero', async () => {
    const user = await buildUser(t.database.db);
    await fail(user.email, LOCKOUT_FAILURES - 1);
    expect((await attempt(user.email, TEST_PASSWORD)).statusCode).toBe(200);
    await fail(user.email, LOCKOUT_FAILURES - 1);
    expect((await attempt(user.email, TEST_PASSWORD)).statusCode).toBe(200);
    const rows = await t.database.db.execute(
      sql`select 1 from sign_in_failures where email = ${user.email.toLowerCase()}`,
    );
    expect(rows.rows).toEqual([]);
  });
});
