import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';

/** Ten failed passwords in a row lock an address for a cooling-off period (sign-in hardening). */
export const LOCKOUT_FAILURES = 10;
export const LOCKOUT_MINUTES = 15;

export const lockedMessage = (minutes: number) =>
  `Too many failed sign-in attempts for this account. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;

const key = (email: string) => email.trim().toLowerCase();

/**
 * The whole minutes left of the address's lock, or null when it may try to sign in. An expired lock is
 * cleared, so counting starts again.
 */
export async function lockedMinutes(db: Db, email: string): Promise<number | null> {
  const result = await db.execute<{ seconds: number }>(sql`
    select extract(epoch from locked_until - now())::float8 as seconds from sign_in_failures
    where email = ${key(email)} and locked_until is not null`);
  const seconds = result.rows[0]?.seconds;
  if (seconds === undefined) return null;
  if (seconds <= 0) {
    await db.execute(sql`delete from sign_in_failures where email = ${key(email)} and locked_until <= now()`);
    return null;
  }
  return Math.ceil(seconds / 60);
}

/** Counts a failed password; the tenth in a row starts the lock. Atomic, so concurrent servers agree. */
export async function recordFailedSignIn(db: Db, email: string): Promise<void> {
  await db.execute(sql`
    insert into sign_in_failures as s (email, failures, locked_until, last_failure_at)
    values (${key(email)}, 1, null, now())
    on conflict (email) do update set
      failures = s.failures + 1,
      locked_until = case when s.failures + 1 >= ${LOCKOUT_FAILURES}
        then now() + make_interval(mins => ${LOCKOUT_MINUTES}) else s.locked_until end,
      last_failure_at = now()`);
}

/** A successful sign-in ends the run of failures. */
export async function clearFailedSignIns(db: Db, email: string): Promise<void> {
  await db.execute(sql`delete from sign_in_failures where email = ${key(email)}`);
}
