import { eq } from 'drizzle-orm';
import type { SessionLimits } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import { sessions } from '#server/db/schema/auth.ts';

/** A session's last-seen time is written at most this often, so a busy user costs one write a minute. */
export const LAST_SEEN_EVERY_MS = 60_000;

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** The session row's times: `createdAt` is the sign-in, `updatedAt` the last authenticated request. */
export type SessionTimes = { createdAt: Date; updatedAt: Date };

/**
 * When a session ends: `idleMinutes` after its last authenticated request, and never later than
 * `maxHours` after sign-in, however active the user is.
 */
export function sessionDeadline(times: SessionTimes, limits: SessionLimits): Date {
  const idle = times.updatedAt.getTime() + limits.idleMinutes * MINUTE_MS;
  const absolute = times.createdAt.getTime() + limits.maxHours * HOUR_MS;
  return new Date(Math.min(idle, absolute));
}

/** The deadline of a session created now (the row's `expires_at` at sign-in). */
export function newSessionDeadline(now: Date, limits: SessionLimits): Date {
  return sessionDeadline({ createdAt: now, updatedAt: now }, limits);
}

/**
 * What a request with a valid session cookie does to its session: `expired` once its deadline has
 * passed (by the limits in force now, so lowering them applies at once); `touch` when the last-seen
 * time is a minute old or more, or when `expires_at` lags the deadline by a minute or more (another
 * write moved `updated_at`, e.g. the second sign-in step); else nothing.
 */
export function sessionActivity(
  times: SessionTimes & { expiresAt: Date },
  limits: SessionLimits,
  now: Date,
): 'expired' | 'touch' | 'none' {
  const deadline = sessionDeadline(times, limits).getTime();
  if (now.getTime() >= deadline) return 'expired';
  if (now.getTime() - times.updatedAt.getTime() >= LAST_SEEN_EVERY_MS) return 'touch';
  return deadline - times.expiresAt.getTime() >= LAST_SEEN_EVERY_MS ? 'touch' : 'none';
}

/**
 * Records activity: the last-seen time becomes now and `expires_at` the new deadline, which the
 * sign-in library itself then enforces on every path (its own endpoints included).
 */
export async function touchSession(
  db: Db,
  session: { id: string; createdAt: Date },
  limits: SessionLimits,
  now: Date,
): Promise<void> {
  const expiresAt = sessionDeadline({ createdAt: session.createdAt, updatedAt: now }, limits);
  await db.update(sessions).set({ updatedAt: now, expiresAt }).where(eq(sessions.id, session.id));
}

/** Ends an expired session: its row goes, so its cookie opens nothing any more. */
export async function endSession(db: Db, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}
