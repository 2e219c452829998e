/**
 * `npm run import -- --network NETWORK --profile PROFILE --user EMAIL [--carrier CARRIER]
 *   [--through YYYY-MM] [--sheet NAME] [--date-order day-first|month-first] [--decimal point|comma]
 *   [--one-month] FILE...`
 *
 * Loads carrier files without the browser, for staff loading years of history: each file
 * is read as a stream with the network's mapping profile (made on the upload page), checked, and
 * loaded in one transaction exactly as the upload page does; a file with row errors loads nothing
 * and its errors are printed. Dates and amounts are read as the upload page reads them: in the
 * declared date order and decimal separator, else as the file shows them, and a file that cannot
 * tell is refused asking for them. Columns are found by the profile's keys, as on the upload page:
 * a name, or for a name two columns share (or none), the column's letters ('Premium (column F)').
 * The network's derived production data is rebuilt once at the end.
 * Uses the configured database (DATABASE_URL, else PGlite in DATA_DIR).
 */
import { sql } from 'drizzle-orm';
import { ConfigError, loadConfig } from '#server/config.ts';
import { DatabaseLockedError } from '#server/db/client.ts';
import { openConfiguredDatabase } from '#server/db/open.ts';
import { AppError } from '#server/errors.ts';
import { finishBulkLoad, loadFile, resolveBulkTarget } from '#server/services/import/bulk-load.ts';
import { BUSINESS_TIME_ZONE, calendarDateIn } from '#shared/domain/reporting-month.ts';
import {
  DATE_ORDERS,
  DECIMAL_SEPARATORS,
  type DateOrder,
  type DecimalSeparator,
} from '#shared/domain/import-values.ts';

class UsageError extends Error {}

const USAGE =
  'Usage: npm run import -- --network NETWORK --profile PROFILE --user EMAIL [--carrier CARRIER] ' +
  '[--through YYYY-MM] [--sheet NAME] [--date-order day-first|month-first] [--decimal point|comma] ' +
  '[--one-month] FILE...';

type Args = {
  network: string;
  profile: string;
  user: string;
  carrier?: string;
  through?: string;
  sheet?: string;
  dateOrder?: DateOrder;
  decimal?: DecimalSeparator;
  oneMonth: boolean;
  files: string[];
};

function parseImportArgs(argv: readonly string[]): Args {
  const named: Record<string, string> = {};
  const files: string[] = [];
  let oneMonth = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--one-month') {
      oneMonth = true;
      continue;
    }
    const match = /^--(network|profile|user|carrier|through|sheet|date-order|decimal)(?:=(.*))?$/.exec(arg);
    if (!match) {
      if (arg.startsWith('--')) throw new UsageError(`Unknown option: ${arg}`);
      files.push(arg);
      continue;
    }
    const value = match[2] ?? argv[++i];
    if (value === undefined || value === '') throw new UsageError(`--${match[1]} needs a value`);
    named[match[1]!] = value;
  }
  for (const required of ['network', 'profile', 'user']) {
    if (!named[required]) throw new UsageError(`--${required} is required`);
  }
  if (named.through !== undefined && !/^\d{4}-(0[1-9]|1[0-2])$/.test(named.through)) {
    throw new UsageError('--through is the last month the files cover, as YYYY-MM');
  }
  const dateOrder = named['date-order'];
  if (dateOrder !== undefined && !(DATE_ORDERS as readonly string[]).includes(dateOrder)) {
    throw new UsageError('--date-order is day-first or month-first');
  }
  const decimal = named.decimal;
  if (decimal !== undefined && !(DECIMAL_SEPARATORS as readonly string[]).includes(decimal)) {
    throw new UsageError('--decimal is point or comma');
  }
  if (files.length === 0) throw new UsageError('Name at least one file');
  return {
    network: named.network!,
    profile: named.profile!,
    user: named.user!,
    files,
    oneMonth,
    ...(dateOrder === undefined ? {} : { dateOrder: dateOrder as DateOrder }),
    ...(decimal === undefined ? {} : { decimal: decimal as DecimalSeparator }),
    ...(named.carrier === undefined ? {} : { carrier: named.carrier }),
    ...(named.through === undefined ? {} : { through: named.through }),
    ...(named.sheet === undefined ? {} : { sheet: named.sheet }),
  };
}

async function main(): Promise<number> {
  const args = parseImportArgs(process.argv.slice(2));
  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  const { db } = database;
  try {
    const target = await resolveBulkTarget(db, {
      userEmail: args.user,
      network: args.network,
      profile: args.profile,
    });
    let carrierUuid: string | null = null;
    if (args.carrier !== undefined) {
      const found = await db.execute<{ uuid: string }>(sql`
        select uuid from carriers where uuid::text = ${args.carrier} or lower(name) = lower(${args.carrier})
          or lower(display_name) = lower(${args.carrier})`);
      if (found.rows.length !== 1) throw new UsageError(`No single carrier is named "${args.carrier}"`);
      carrierUuid = found.rows[0]!.uuid;
    }
    const today = calendarDateIn(BUSINESS_TIME_ZONE);
    const through = args.through ?? `${today.year}-${String(today.month).padStart(2, '0')}`;
    let failed = 0;
    let rows = 0;
    const started = performance.now();
    for (const file of args.files) {
      let lastShown = 0;
      const result = await loadFile(db, target, {
        file,
        carrierUuid,
        coversThrough: `${through}-01`,
        notAfter: `${today.year}-${String(today.month).padStart(2, '0')}-01`,
        storageDir: config.dataDir,
        oneMonth: args.oneMonth,
        ...(args.dateOrder === undefined ? {} : { dateOrder: args.dateOrder }),
        ...(args.decimal === undefined ? {} : { decimalSeparator: args.decimal }),
        ...(args.sheet === undefined ? {} : { sheet: args.sheet }),
        onProgress: (read, size) => {
          const percent = Math.floor((read / Math.max(size, 1)) * 100);
          if (percent >= lastShown + 10) {
            lastShown = percent;
            process.stderr.write(`  ${file}: ${percent}% read\n`);
          }
        },
      });
      const { preview } = result;
      if (result.status === 'refused') {
        failed++;
        console.error(
          `${file}: NOT loaded, ${preview.errorCount} row errors (first ${preview.errors.length}):`,
        );
        for (const e of preview.errors.slice(0, 20))
          console.error(`  row ${e.rowNumber}, ${e.column}: ${e.reason}`);
        continue;
      }
      rows += preview.rowCount;
      console.log(
        `${file}: loaded ${preview.rowsToLoad} rows (${preview.rowsMiscellaneous} Miscellaneous) in ` +
          `${result.seconds.toFixed(1)} s; written premium ${preview.total.writtenPremium ?? 'not reported'}; ` +
          `upload ${result.uploadUuid}`,
      );
    }
    console.log("Rebuilding the network's production rollups...");
    await finishBulkLoad(db, target.scope.networkUuid);
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `${args.files.length - failed} of ${args.files.length} files loaded, ${rows} rows, ${seconds.toFixed(1)} s.`,
    );
    return failed === 0 ? 0 : 1;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof UsageError) console.error(`${error.message}\n${USAGE}`);
    else if (
      error instanceof AppError ||
      error instanceof ConfigError ||
      error instanceof DatabaseLockedError
    ) {
      console.error(error.message);
    } else console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exit(1);
  },
);
