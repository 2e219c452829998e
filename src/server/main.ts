import { hashPassword } from 'better-auth/crypto';
import { calendarDateIn, BUSINESS_TIME_ZONE } from '#shared/domain/reporting-month.ts';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { serveBackupRequests } from './db/backup.ts';
import { DatabaseLockedError } from './db/client.ts';
import { seedDemoData } from './db/demo/generate.ts';
import { isEmptyDatabase, openConfiguredDatabase } from './db/open.ts';
import { ensureReadModel } from './services/read-model/refresh.ts';
import { keepByAgencyAhead, keepCodesAhead } from './services/read-model/ahead.ts';
import { setKeptAnswersBudget } from './services/read-model/answer-cache.ts';
import { startWarmUp } from './services/read-model/warm-up.ts';
import { rankMembersAhead } from './services/profit-sharing/agreements.ts';
import { keepPresetsAhead } from './services/network-intelligence/warnings.ts';
import { flushErrorReporting, startErrorReporting } from './observability/error-reporting.ts';

/** Starts the server: config, database (migrated; demo data on a new embedded one), HTTP, graceful stop. */
async function main(): Promise<void> {
  const started = performance.now();
  const config = loadConfig();
  startErrorReporting(config.errorReporting);
  const database = await openConfiguredDatabase(config);
  const app = await buildApp({ config, database, digestScheduler: true });
  // `npm run db:backup` asks the server that holds the embedded database for a consistent copy.
  if (database.driver === 'pglite') serveBackupRequests(database, config.dataDir, app.log);

  if (config.demoData && (await isEmptyDatabase(database))) {
    app.log.info('empty database: loading demo data (first start only)');
    const summary = await seedDemoData(database.db, {
      today: calendarDateIn(BUSINESS_TIME_ZONE),
      passwordHash: hashPassword,
      log: (message) => app.log.info(message),
    });
    app.log.info({ summary }, 'demo data loaded');
  }
  await ensureReadModel(database.db, (message) => app.log.info(message));
  setKeptAnswersBudget(config.keptAnswersMb * 2 ** 20);
  // In the background: the answers users open first, kept in process (decisions 079, 092, 095); again
  // every 10 minutes and when a network needs them.
  const stopWarmUp = startWarmUp(
    database.db,
    () => calendarDateIn(BUSINESS_TIME_ZONE),
    (message) => app.log.info(message),
    [
      { what: "the planning tool's presets by agency code", keep: keepCodesAhead },
      { what: "Carrier Production by agency's presets", keep: keepByAgencyAhead },
      { what: "the benchmarks' and early warnings' presets", keep: keepPresetsAhead },
      { what: 'the profit-sharing ranking', keep: rankMembersAhead },
    ],
  );

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    try {
      await app.close();
      await stopWarmUp();
      await database.close();
      await flushErrorReporting();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error while shutting down');
      process.exit(1);
    }
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { url: config.publicUrl, database: database.driver, startupMs: Math.round(performance.now() - started) },
    `Understanding is ready on ${config.publicUrl}`,
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DatabaseLockedError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(
      `Understanding could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  process.exit(1);
});
