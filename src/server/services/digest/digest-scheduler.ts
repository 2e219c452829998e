import { eq, sql } from 'drizzle-orm';
import { digestDue, digestPeriod } from '#shared/domain/digest.ts';
import { userTypeSchema } from '#shared/contracts/user.ts';
import type { YearMonth } from '#shared/domain/reporting-month.ts';
import type { CalendarDay } from '#shared/domain/timeframe.ts';
import type { Db } from '#server/db/client.ts';
import { users } from '#server/db/schema/auth.ts';
import type { Actor } from '#server/policies/actor.ts';
import type { Mailer } from '#server/services/mail/mailer.ts';
import { digestMail } from '#server/services/mail/templates/digest.ts';
import { digestContent, monthHealth } from './digest-content.ts';
import { digestScope, readDigestSetting } from './digest-settings.ts';
import { unsubscribeApiUrl, unsubscribePageUrl, unsubscribeToken } from './unsubscribe-token.ts';

/**
 * The monthly digest's scheduler (decision 071): a job table, `digest_runs`, one row per user and
 * month (unique), claimed one at a time with `select ... for update skip locked`. The claim, the
 * e-mail and its outbox row, and the job's `sent` commit in one transaction, so a second server
 * process skips the row while it is being sent and finds it sent afterwards: each digest is sent
 * once per month, whatever the number of processes.
 */

export type DigestDeps = {
  db: Db;
  mailer: Mailer;
  secret: string;
  publicUrl: string;
  today: () => CalendarDay;
  log?: { info: (o: object, m: string) => void; error: (o: object, m: string) => void };
};

/** A job failing this many times is left alone (its last error is kept for staff). */
export const DIGEST_MAX_ATTEMPTS = 10;

type Job = { uuid: string; user_uuid: string; period: YearMonth };

async function actorOf(db: Db, userUuid: string): Promise<Actor | null> {
  const [u] = await db.select().from(users).where(eq(users.id, userUuid));
  const userType = userTypeSchema.safeParse(u?.userType);
  if (!u || !userType.success || !u.isActive) return null;
  return {
    userId: u.id,
    email: u.email,
    userType: userType.data,
    agencyUuid: u.agencyUuid ?? null,
    networkUuid: u.networkUuid ?? null,
    isOwner: u.isOwner,
    isAdministrator: u.isAdministrator,
    sessionId: 'digest-scheduler',
  };
}

type Outcome = 'sent' | 'skipped' | 'notDue';

/** One claimed job, inside its transaction: skipped (off, no scope), not due yet, or sent. */
async function processJob(tx: Db, deps: DigestDeps, job: Job, today: CalendarDay): Promise<Outcome> {
  const [setting, actor] = await Promise.all([
    readDigestSetting(tx, job.user_uuid),
    actorOf(tx, job.user_uuid),
  ]);
  const skip = async (): Promise<Outcome> => {
    await tx.execute(sql`update digest_runs set status = 'skipped' where uuid = ${job.uuid}::uuid`);
    return 'skipped';
  };
  if (setting.mode === 'off' || !actor) return skip();
  const scope = await digestScope(tx, actor);
  if (scope.level === null) return skip();
  const health = setting.mode === 'complete' ? await monthHealth(tx, scope.level, job.period, today) : null;
  if (!digestDue(setting, job.period, today, () => health?.complete ?? false)) return 'notDue';
  const content = await digestContent(tx, actor, scope.level, scope.name, job.period, today);
  const token = unsubscribeToken(deps.secret, actor.userId);
  await deps.mailer.send(
    digestMail({
      to: actor.email,
      content,
      setting: setting,
      appUrl: deps.publicUrl,
      unsubscribePage: unsubscribePageUrl(deps.publicUrl, token),
      unsubscribeApi: unsubscribeApiUrl(deps.publicUrl, token),
    }),
    tx,
  );
  await tx.execute(sql`update digest_runs set status = 'sent', sent_at = now(), attempts = attempts + 1,
    last_error = null where uuid = ${job.uuid}::uuid`);
  return 'sent';
}

/**
 * One run: a pending job for the month before today for every user whose digest is on, then each
 * pending job claimed, checked and sent. Returns how many digests this run sent.
 */
export async function runDigests(
  deps: DigestDeps,
): Promise<{ sent: number; notDue: number; failed: number }> {
  const { db } = deps;
  const today = deps.today();
  const period = digestPeriod(today);
  await db.execute(sql`
    insert into digest_runs (user_uuid, period)
    select s.user_uuid, ${`${period}-01`}::date from digest_settings s
    where s.mode <> 'off'
    on conflict (user_uuid, period) do nothing`);
  const seen: string[] = [];
  const counts = { sent: 0, notDue: 0, failed: 0 };
  for (;;) {
    let claimed: Job | null = null;
    try {
      const outcome = await db.transaction(async (tx) => {
        const [job] = (
          await tx.execute<Job>(sql`
            select uuid, user_uuid, to_char(period, 'YYYY-MM') as period from digest_runs
            where status = 'pending' and attempts < ${DIGEST_MAX_ATTEMPTS}
              and period <= ${`${period}-01`}::date
              and not (uuid = any(${`{${seen.join(',')}}`}::uuid[]))
            order by period, uuid
            limit 1
            for update skip locked`)
        ).rows;
        if (!job) return null;
        claimed = job;
        return processJob(tx, deps, job, today);
      });
      if (outcome === null) break;
      seen.push(claimed!.uuid);
      if (outcome === 'sent') counts.sent += 1;
      if (outcome === 'notDue') counts.notDue += 1;
    } catch (error) {
      if (!claimed) throw error;
      const job: Job = claimed;
      seen.push(job.uuid);
      counts.failed += 1;
      const message = error instanceof Error ? error.message : String(error);
      deps.log?.error({ err: error, job: job.uuid }, 'the monthly digest could not be sent');
      await db.execute(sql`update digest_runs set attempts = attempts + 1, last_error = ${message.slice(0, 1000)}
        where uuid = ${job.uuid}::uuid and status = 'pending'`);
    }
  }
  if (counts.sent + counts.failed > 0) deps.log?.info({ period, ...counts }, 'monthly digests run');
  return counts;
}

/**
 * Runs `runDigests` every `intervalSeconds` in this server process (the timer does not keep the
 * process alive); `stop` ends the timer and waits for a run under way.
 */
export function startDigestScheduler(
  deps: DigestDeps,
  intervalSeconds: number,
): { stop: () => Promise<void> } {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  let stopped = false;
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(tick, intervalSeconds * 1000);
    timer.unref();
  };
  const tick = () => {
    running = runDigests(deps)
      .catch((error: unknown) => deps.log?.error({ err: error }, 'the digest scheduler failed'))
      .finally(() => {
        running = null;
        schedule();
      });
  };
  schedule();
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
