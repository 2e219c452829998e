/**
 * `npm run bench:profit-sharing [-- --agencies 2000 --driver postgres|pglite|both --runs 20]`
 *
 * Times what the network's Profit Sharing page asks for, GET /api/profit-sharing/agreements at the
 * network level (the network's agreements with their projections, and every member agency's ranked by
 * payout at risk: `listAgreements`, then the answer serialised to JSON as the route sends it), on the
 * benchmark network (generated once, as `bench:production` does; same databases) with 10 agreements per
 * agency and 10 of the network's own. The agreements go on the network's ten largest carriers in the
 * shapes carriers use: P&C, one broad line, or standard types; growth, policies-in-force or premium
 * grids; 1- or 3-year loss ratios; some with a kicker. They are written with SQL (the rows the API would
 * write), replacing the benchmark network's agreements of the working year. Also times the CSV and XLSX
 * exports and one agency's page. The members' figures are kept per network and data version (decision
 * 075): the network page is timed after a write, as the next view, and as a repeat. Prints p50/p95
 * and the load average; figures go in docs/profit-sharing.md, no test asserts them.
 */
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { appRoot } from '#server/config.ts';
import { openPglite, openPostgres, type Database } from '#server/db/client.ts';
import type { Actor } from '#server/policies/actor.ts';
import { listAgreements, rankMembersAhead } from '#server/services/profit-sharing/agreements.ts';
import { agreementsCsvLines } from '#server/services/profit-sharing/agreements-export.ts';
import { agreementsXlsx } from '#server/services/profit-sharing/agreements-xlsx.ts';
import { clearAnswerCache } from '#server/services/read-model/answer-cache.ts';
import { refreshAgencyFacts } from '#server/services/read-model/refresh.ts';
import {
  agreementsResponseSchema,
  MEMBER_PAGE_SIZE,
  type AgreementTermsDto,
} from '#shared/contracts/profit-sharing.ts';
import { workingYear } from '#shared/domain/reporting-month.ts';
import { benchLevels, ensurePostgresDatabase, ms, parseArgs, prepare, time, today } from './bench-support.ts';

const AGREEMENTS_PER_AGENCY = 10;

const gates = (lossRatioYears: 1 | 3, minimumPremium: number | null) => ({
  minimumPremium,
  maximumLossRatio: 65,
  lossRatioYears,
  minimumGrowth: null,
  largeLossCap: null,
});

/** The shapes agreements take, by carrier rank: lines, grid axis, loss-ratio years, kicker. */
function shape(index: number, plTypes: string[]) {
  const lines = [
    { broadLines: ['PL', 'CL', 'BOND', 'CROP'], standardTypes: [] },
    { broadLines: ['PL'], standardTypes: [] },
    { broadLines: ['CL'], standardTypes: [] },
    { broadLines: ['PL'], standardTypes: plTypes },
  ][index % 4]!;
  const lossRatioYears = index % 2 === 0 ? 3 : 1;
  const terms: AgreementTermsDto =
    index % 3 === 0
      ? {
          grid: {
            axis: 'growth',
            lossRatioUnder: [45, 55, 65],
            minimums: [0, 5, 10],
            rates: [
              [2, 2.5, 3],
              [1.5, 2, 2.5],
              [1, 1.5, 2],
            ],
          },
          gates: gates(lossRatioYears, 10_000),
          kicker: null,
        }
      : index % 3 === 1
        ? {
            grid: {
              axis: 'policiesInForce',
              lossRatioUnder: [null],
              minimums: [100, 300, 600],
              rates: [[1, 2, 3]],
            },
            gates: gates(lossRatioYears, null),
            kicker: { newBusinessThreshold: 5_000, rate: 1 },
          }
        : {
            grid: {
              axis: 'premium',
              lossRatioUnder: [50, 60],
              minimums: [25_000, 50_000, 100_000],
              rates: [
                [1, 2, 3],
                [0.5, 1, 1.5],
              ],
            },
            gates: gates(lossRatioYears, null),
            kicker: null,
          };
  return { lines, terms, measure: index % 5 === 4 ? 'earnedPremium' : 'writtenPremium' };
}

/** The benchmark network's agreements of the working year, written afresh. */
async function writeAgreements(database: Database, networkUuid: string): Promise<number> {
  const db = database.db;
  const year = workingYear(today);
  const carriers = (
    await db.execute<{ carrier_uuid: string }>(sql`
      select carrier_uuid from production_facts where network_uuid = ${networkUuid}::uuid
      group by carrier_uuid order by sum(written_premium) desc limit ${AGREEMENTS_PER_AGENCY}`)
  ).rows.map((r) => r.carrier_uuid);
  const plTypes = (
    await db.execute<{ code: string }>(sql`select l.code from lines_of_business l
      join lines_of_business b on b.uuid = l.parent_uuid where b.code = 'PL' order by l.sort_order limit 3`)
  ).rows.map((r) => r.code);
  await db.execute(
    sql`delete from profit_share_agreements where network_uuid = ${networkUuid}::uuid and year = ${year}`,
  );
  for (const [index, carrierUuid] of carriers.entries()) {
    const { lines, terms, measure } = shape(index, plTypes);
    // One agreement per agency on this carrier (policies in force varying by agency), and the network's own.
    await db.execute(sql`
      insert into profit_share_agreements (network_uuid, agency_uuid, carrier_uuid, year, name, measure, lines, terms,
        policies_in_force)
      select ${networkUuid}::uuid, a.uuid, ${carrierUuid}::uuid, ${year}::int, ${`Bonus ${index + 1}`}, ${measure}::text,
        ${JSON.stringify(lines)}::json, ${JSON.stringify(terms)}::json,
        case when ${terms.grid.axis === 'policiesInForce'}::boolean then 50 + (row_number() over (order by a.uuid))::int % 700 end
      from agencies a where a.network_uuid = ${networkUuid}::uuid
      union all
      select ${networkUuid}::uuid, null::uuid, ${carrierUuid}::uuid, ${year}::int, ${`Network bonus ${index + 1}`}, ${measure}::text,
        ${JSON.stringify(lines)}::json, ${JSON.stringify(terms)}::json,
        case when ${terms.grid.axis === 'policiesInForce'}::boolean then 400000 end`);
  }
  // Rewritten whole on every run: vacuumed, as autovacuum would in a while, so old versions are not scanned.
  await db.execute(sql`vacuum analyze profit_share_agreements`);
  const [count] = (
    await db.execute<{ n: number }>(
      sql`select count(*)::int as n from profit_share_agreements where network_uuid = ${networkUuid}::uuid and year = ${year}`,
    )
  ).rows;
  return Number(count!.n);
}

async function measure(
  label: string,
  database: Database,
  setup: { networkUuid: string; agencyUuids: string[] },
  runs: number,
) {
  const db = database.db;
  const written = await writeAgreements(database, setup.networkUuid);
  const { network, agencyAt, agencyUuidAt } = benchLevels(setup);
  const actor: Actor = {
    userId: randomUUID(),
    email: 'bench@example.com',
    userType: 'network',
    agencyUuid: null,
    networkUuid: setup.networkUuid,
    isOwner: false,
    isAdministrator: false,
    sessionId: 'bench',
  };
  // The page asks for the ranking's first page, as the browser does.
  const firstPage = { page: 1, pageSize: MEMBER_PAGE_SIZE };
  const page = async () => {
    const answer = await listAgreements(db, actor, network, undefined, null, today, firstPage);
    return JSON.stringify(agreementsResponseSchema.parse(answer));
  };
  const sample = await listAgreements(db, actor, network, undefined, null, today, firstPage);
  const bytes = (await page()).length;
  console.log(
    `  ${label}: ${written} agreements; the page's answer: ${sample.agreements.length} own, ` +
      `${sample.memberAgreements.length} of ${sample.memberTotals.count} ranked, ${(bytes / 1e6).toFixed(2)} MB of JSON`,
  );
  const timings: Record<string, string> = { driver: label };
  // The members' figures are kept per network and data version (decision 075): the page is timed
  // after a write (one agency's facts refreshed through `refreshAgencyFacts`, not timed), as the next
  // view by another network user after a first one, and as a repeat.
  let writes = 0;
  const write = () => db.transaction((tx) => refreshAgencyFacts(tx, agencyUuidAt(writes++), []));
  // The first view after the server starts, before its warm-up has ranked the network: nothing kept.
  timings['network page: first view, nothing kept'] = ms(
    await time(Math.min(runs, 3), page, async () => {
      clearAnswerCache();
      return Promise.resolve();
    }),
  );
  // The server's warm-up ranks the network at start, in the background (`rankMembersAhead`); the
  // first view after it.
  timings['warm-up at start'] = ms(
    await time(
      Math.min(runs, 3),
      () => rankMembersAhead(db, setup.networkUuid, today),
      async () => {
        clearAnswerCache();
        return Promise.resolve();
      },
    ),
  );
  timings['network page: first view after the warm-up'] = ms(
    await time(Math.min(runs, 3), page, async () => {
      clearAnswerCache();
      await rankMembersAhead(db, setup.networkUuid, today);
    }),
  );
  timings['network page: after a write'] = ms(await time(runs, page, write));
  timings['network page: next view'] = ms(
    await time(runs, page, async () => {
      await write();
      await page();
    }),
  );
  const pageTiming = await time(runs, page);
  timings['network page: repeat'] = ms(pageTiming);
  timings['network: service only'] = ms(
    await time(runs, () => listAgreements(db, actor, network, undefined, null, today, firstPage)),
  );
  timings['network: CSV export'] = ms(
    await time(Math.min(runs, 5), async () => {
      const answer = await listAgreements(db, actor, network, undefined, null, today);
      let length = 0;
      for (const line of agreementsCsvLines(answer)) length += line.length;
      return length;
    }),
  );
  timings['network: XLSX export'] = ms(
    await time(Math.min(runs, 5), async () =>
      agreementsXlsx(await listAgreements(db, actor, network, undefined, null, today)),
    ),
  );
  const staffActor: Actor = { ...actor, userType: 'internal', networkUuid: null };
  timings['agency page'] = ms(
    await time(runs, (i) => listAgreements(db, staffActor, agencyAt(i), undefined, null, today)),
  );
  console.log(
    `  ${label}: p50/p95 ms per call (${runs} runs, after a warm-up; first views and warm-ups 3, exports ${Math.min(runs, 5)}, once kept); ` +
      `load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
  );
  console.table([timings]);
  return pageTiming.p95;
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const results: Record<string, number> = {};
  if (args.driver !== 'pglite') {
    const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/understanding_bench';
    console.log(`PostgreSQL ${url}`);
    await ensurePostgresDatabase(url);
    const database = await openPostgres(url);
    try {
      results.postgres = await measure(
        'postgres',
        database,
        await prepare(database, args.agencies),
        args.runs,
      );
    } finally {
      await database.close();
    }
  }
  if (args.driver !== 'postgres') {
    const dir = path.resolve(appRoot, process.env.BENCH_DATA_DIR ?? 'data-bench');
    console.log(`PGlite ${dir}`);
    const database = await openPglite(dir);
    try {
      results.pglite = await measure('pglite', database, await prepare(database, args.agencies), args.runs);
    } finally {
      await database.close();
    }
  }
  for (const [driver, p95] of Object.entries(results))
    console.log(`${driver}: the network page's p95 ${Math.round(p95)} ms (target < 150 on PostgreSQL)`);
  if (results.postgres && results.pglite)
    console.log(
      `PGlite / PostgreSQL p95: ${(results.pglite / results.postgres).toFixed(1)}x (target within 3x)`,
    );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
