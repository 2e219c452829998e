/**
 * The deterministic demo data generator: two networks of agencies with five years of monthly
 * production and commission facts, the global dimensions, and the demo users. The same seed and the
 * same `today` produce the same rows (UUIDs included) on every run.
 */
import { eq, getTableColumns, getTableName, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '#server/db/client.ts';
import { tableIndexes, tablesAreEmpty } from '#server/db/bulk-indexes.ts';
import { copyCsvLine, withConnection, type BulkConnection } from '#server/db/copy-from.ts';
import { agencies, networks, subscribers, subscriptions } from '#server/db/schema/tenancy.ts';
import { carriers, classifications, linesOfBusiness } from '#server/db/schema/dimensions.ts';
import {
  agencyCodes,
  carrierReportedMonths,
  commissionFacts,
  productionFacts,
} from '#server/db/schema/facts.ts';
import { accounts, users } from '#server/db/schema/auth.ts';
import { addMonths, latestReportingMonth, type YearMonth } from '#shared/domain/reporting-month.ts';
import {
  AGENCY_NAME_STEMS,
  AGENCY_NAME_SUFFIXES,
  BROAD_LINES,
  CARRIERS,
  CLASSIFICATION,
  COASTAL_AGENCIES,
  COASTAL_STATES,
  DEMO_USERS,
  FARM_STATES,
  HEARTLAND_AGENCIES,
  NETWORKS,
  ROOT_LINE,
  broadLineOf,
  carrierFlags,
  carrierWrites,
  type CatalogAgency,
  type DemoUser,
  type CatalogCarrier,
} from './catalog.ts';
import { deriveRng, type Rng } from './random.ts';
import { ensureReadModel } from '#server/services/read-model/refresh.ts';
import { ensureProductFeatures, grantPlanFeatures, seedDemoAccess } from './access-demo.ts';
import { seedDemoGrowthPlans } from './growth-demo.ts';
import { seedDemoManualEntries } from './manual-demo.ts';
import { seedDemoProfitSharing } from './profit-sharing-demo.ts';
import { seedDemoUpload } from './upload-demo.ts';
import { seedDemoSubscriptions } from './subscription-demo.ts';

export { DEMO_PASSWORD, DEMO_USERS, type DemoUser } from './catalog.ts';

/** The seed used when none is given (the shipped demo). */
export const DEFAULT_DEMO_SEED = 20_240_611;

/** Months of facts generated: five years ending at the latest reporting month, inclusive. */
export const DEMO_MONTHS = 60;

/** Months of unstored history generated before the first month, so earned premium starts smoothed. */
const HISTORY = 12;

/** Agencies written per transaction in large-network mode (keeps memory bounded). */
const LARGE_BATCH_AGENCIES = 50;

/** Rows per COPY of a fact table in large-network mode. */
const COPY_BATCH_ROWS = 50_000;

/** The tables whose indexes a load into a database without facts builds after the rows (decision 077). */
const BULK_TABLES = ['production_facts', 'commission_facts', 'carrier_reported_months'];

/** Sort memory for building those indexes (one index at a time). */
const BULK_MAINTENANCE_WORK_MEM = '1GB';

export type DemoSummary = {
  networks: number;
  agencies: number;
  carriers: number;
  agencyCodes: number;
  reportedMonths: number;
  productionFacts: number;
  commissionFacts: number;
  users: number;
};

export type SeedDemoOptions = {
  today: { year: number; month: number; day: number };
  /** Unset: the demo (two networks, 60 agencies, demo users). Set: one large benchmark network. */
  agencies?: number;
  seed?: number;
  passwordHash: (password: string) => Promise<string>;
  log?: (msg: string) => void;
};

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Executor = Db | Tx;

/**
 * Loads demo data. Without `agencies`: the demo (call it on an empty database only). With
 * `agencies: N`: one extra network "Benchmark Network N" of N agencies (about 30 carriers each),
 * reusing the global dimensions that exist and adding only the missing ones.
 */
export async function seedDemoData(db: Db, options: SeedDemoOptions): Promise<DemoSummary> {
  const seed = options.seed ?? DEFAULT_DEMO_SEED;
  const log = options.log ?? (() => {});
  const months = monthRange(latestReportingMonth(options.today), DEMO_MONTHS);
  const createdAt = new Date(`${months[0]!}-01T00:00:00Z`);
  const summary =
    options.agencies === undefined
      ? await db.transaction((tx) => seedDemo(tx, { ...options, seed, log, months, createdAt }))
      : await seedLargeNetwork(db, options.agencies, { ...options, seed, log, months, createdAt });
  const started = performance.now();
  await ensureReadModel(db, log);
  if (options.agencies !== undefined) log(`read model built in ${seconds(started)} s`);
  if (options.agencies === undefined) {
    const manual = await seedDemoManualEntries(db, options.today, deriveRng(seed, 'demo-manual-entries'));
    summary.productionFacts += manual.facts;
    log(`demo: ${manual.entries} manual entries saved`);
    const upload = await seedDemoUpload(db);
    log(`demo: ${upload.uploads} past upload loaded (${upload.rows} rows)`);
  }
  return summary;
}

type Context = SeedDemoOptions & {
  seed: number;
  log: (msg: string) => void;
  months: YearMonth[];
  createdAt: Date;
};

async function seedDemo(tx: Tx, ctx: Context): Promise<DemoSummary> {
  await skipTriggersIfAllowed(tx);
  // The demo goes into an empty database: its fact tables' indexes are built once after its rows, as
  // a benchmark network's are, instead of kept row by row (decision 077).
  const indexes = (await tablesAreEmpty(tx, BULK_TABLES)) ? await tableIndexes(tx, BULK_TABLES) : null;
  for (const statement of indexes?.drop ?? []) await tx.execute(sql.raw(statement));
  const dims = await ensureDimensions(tx, ctx.seed);
  const writers = createWriters(insertSink(tx));
  const netRng = deriveRng(ctx.seed, 'demo-networks');
  const networkRows = NETWORKS.map((n) => ({ uuid: netRng.uuid(), ...n, createdAt: ctx.createdAt }));
  await tx.insert(networks).values(networkRows);

  const groups: { networkUuid: string; list: readonly CatalogAgency[] }[] = [
    { networkUuid: networkRows[0]!.uuid, list: HEARTLAND_AGENCIES },
    { networkUuid: networkRows[1]!.uuid, list: COASTAL_AGENCIES },
  ];
  const userRng = deriveRng(ctx.seed, 'demo-users');
  const userIds = DEMO_USERS.map(() => userRng.uuid());
  const ownerId = userIds[DEMO_USERS.findIndex((u) => u.isOwner)]!;

  let agencyCount = 0;
  let ownerAgencyUuid = '';
  let lapsedAgencyUuid = '';
  for (const [g, group] of groups.entries()) {
    for (const [i, agency] of group.list.entries()) {
      const rng = deriveRng(ctx.seed, 'demo-agency', g, i);
      const isOwnerAgency = g === 0 && i === 0;
      const uuid = await writeAgency(writers, dims, ctx, rng, {
        ...agency,
        networkUuid: group.networkUuid,
        carrierCount: [12, 44],
        owner: isOwnerAgency ? ownerId : null,
      });
      if (isOwnerAgency) ownerAgencyUuid = uuid;
      if (g === 0 && i === 1) lapsedAgencyUuid = uuid;
      agencyCount++;
    }
    ctx.log(`demo: network ${NETWORKS[g]!.abbreviation} written (${group.list.length} agencies)`);
  }
  await writers.flushAll();
  for (const statement of indexes?.build ?? []) await tx.execute(sql.raw(statement));

  const firstNetwork = networkRows[0]!.uuid;
  await tx.insert(users).values(
    DEMO_USERS.map((u, i) => ({
      id: userIds[i]!,
      name: `${u.firstName} ${u.lastName}`,
      email: u.email,
      emailVerified: true,
      createdAt: ctx.createdAt,
      updatedAt: ctx.createdAt,
      firstName: u.firstName,
      lastName: u.lastName,
      userType: u.userType,
      networkUuid: u.userType === 'internal' ? null : firstNetwork,
      agencyUuid: u.userType === 'agency' ? ownerAgencyUuid : null,
      isOwner: u.isOwner,
      isAdministrator: u.isAdministrator,
      isActive: true,
      enableMfaOptions: u.mfa !== undefined,
      allowAuthenticatorMfa: u.mfa?.authenticator ?? false,
      allowEmailMfa: u.mfa?.email ?? false,
      allowOptOutMfa: u.mfa?.optOut ?? false,
    })),
  );
  const accountRows = [];
  for (const [i, u] of DEMO_USERS.entries()) {
    const id = userIds[i]!;
    accountRows.push({
      id: userRng.uuid(),
      accountId: id,
      providerId: 'credential',
      userId: id,
      password: await ctx.passwordHash(u.password),
      createdAt: ctx.createdAt,
      updatedAt: ctx.createdAt,
    });
  }
  await tx.insert(accounts).values(accountRows);

  const idOf = (role: DemoUser['role']) => userIds[DEMO_USERS.findIndex((u) => u.role === role)]!;
  await ensureProductFeatures(tx);
  await grantPlanFeatures(tx);
  await seedDemoAccess(
    tx,
    {
      staff: idOf('internal staff'),
      network: idOf('network user'),
      owner: idOf('agency owner'),
      admin: idOf('agency administrator'),
      user: idOf('agency user'),
      networkUuid: firstNetwork,
    },
    ctx.months[ctx.months.length - 1]!,
  );
  await seedDemoGrowthPlans(
    tx,
    {
      agencyUuid: ownerAgencyUuid,
      networkUuid: firstNetwork,
      ownerId: idOf('agency owner'),
      workingYear: Number(ctx.months[ctx.months.length - 1]!.slice(0, 4)),
    },
    deriveRng(ctx.seed, 'demo-growth-plans'),
  );
  const agreements = await seedDemoProfitSharing(
    tx,
    {
      agencyUuid: ownerAgencyUuid,
      networkUuid: firstNetwork,
      ownerId: idOf('agency owner'),
      networkUserId: idOf('network user'),
      workingYear: Number(ctx.months[ctx.months.length - 1]!.slice(0, 4)),
      latestMonth: ctx.months[ctx.months.length - 1]!.slice(0, 7),
    },
    deriveRng(ctx.seed, 'demo-profit-sharing'),
  );
  ctx.log(`demo: ${agreements} profit-sharing agreements`);

  await seedDemoSubscriptions(tx, {
    seed: ctx.seed,
    createdAt: ctx.createdAt,
    lapsedAgencyUuid,
    networkUuid: firstNetwork,
    passwordHash: ctx.passwordHash,
  });

  return {
    networks: networkRows.length,
    agencies: agencyCount,
    carriers: dims.carriers.length,
    ...writers.counts(),
    users: DEMO_USERS.length,
  };
}

async function seedLargeNetwork(db: Db, count: number, ctx: Context): Promise<DemoSummary> {
  if (!Number.isInteger(count) || count < 1)
    throw new RangeError(`agencies must be a positive integer, got ${count}`);
  const name = `Benchmark Network ${count}`;
  const existing = await db.select({ uuid: networks.uuid }).from(networks).where(eq(networks.name, name));
  if (existing.length > 0)
    throw new Error(`The network "${name}" already exists; it is not generated twice.`);

  const rng = deriveRng(ctx.seed, 'large-network', count);
  const networkUuid = rng.uuid();
  const dims = await db.transaction(async (tx) => {
    const found = await ensureDimensions(tx, ctx.seed);
    await tx
      .insert(networks)
      .values({ uuid: networkUuid, name, abbreviation: `BN${count}`, createdAt: ctx.createdAt });
    return found;
  });

  const places = [...HEARTLAND_AGENCIES, ...COASTAL_AGENCIES];
  const usedNames = new Set<string>();
  const totals = { agencyCodes: 0, reportedMonths: 0, productionFacts: 0, commissionFacts: 0 };
  const skipTriggers = await canSkipTriggers(db);
  // Into a database without facts (a fresh benchmark database), the fact tables' indexes are built
  // after the load, once, instead of kept row by row (two thirds of the COPY time, decision 077);
  // the whole load is then one transaction, which also takes the drop back if it fails. Beside other
  // networks' facts the indexes stay: the drop would lock their readers out, and building the indexes
  // again would sort every other network's rows too.
  const indexes = (await tablesAreEmpty(db, BULK_TABLES)) ? await tableIndexes(db, BULK_TABLES) : null;
  const started = performance.now();
  // Every row goes by COPY on one connection, one transaction per batch of agencies (or one for the
  // whole load, above). A batch loads while the next one is generated; it commits only once the one
  // before it has loaded, so a failure leaves the batches before it and nothing after.
  await withConnection(db, async (connection) => {
    const sent: Promise<void>[] = [];
    const send = (statement: Promise<void>) => {
      sent.push(statement);
      statement.catch(() => {}); // awaited below, with the rest of its batch
    };
    const begin = () => {
      send(connection.execute('begin'));
      if (skipTriggers) send(connection.execute('set local session_replication_role = replica'));
    };
    let loading: Promise<unknown> = Promise.resolve();
    try {
      if (indexes) {
        begin();
        for (const statement of indexes.drop) send(connection.execute(statement));
      }
      for (let start = 0; start < count; start += LARGE_BATCH_AGENCIES) {
        const end = Math.min(count, start + LARGE_BATCH_AGENCIES);
        const batch = sent.length;
        if (!indexes) begin();
        const writers = createWriters(copySink(connection, send));
        for (let i = start; i < end; i++) {
          const agencyRng = deriveRng(ctx.seed, 'large-agency', count, i);
          const place = agencyRng.pick(places);
          const agencyName = uniqueName(agencyRng, place.city, usedNames);
          await writeAgency(writers, dims, ctx, agencyRng, {
            name: agencyName,
            city: place.city,
            state: place.state,
            networkUuid,
            carrierCount: [26, 34],
            owner: null,
          });
        }
        await writers.flushAll();
        await loading;
        if (!indexes) send(connection.execute('commit'));
        loading = Promise.all(sent.slice(batch));
        const c = writers.counts();
        totals.agencyCodes += c.agencyCodes;
        totals.reportedMonths += c.reportedMonths;
        totals.productionFacts += c.productionFacts;
        totals.commissionFacts += c.commissionFacts;
        ctx.log(`${name}: ${end}/${count} agencies generated (${totals.productionFacts} production facts)`);
      }
      await loading;
      if (indexes) {
        ctx.log(`${name}: rows loaded in ${seconds(started)} s; building the fact tables' indexes...`);
        const building = performance.now();
        // Memory for each index's sort (the default 64 MB spills a large network's keys to disk).
        send(connection.execute(`set local maintenance_work_mem = '${BULK_MAINTENANCE_WORK_MEM}'`));
        for (const statement of indexes.build) send(connection.execute(statement));
        send(connection.execute('commit'));
        await Promise.all(sent);
        ctx.log(`${name}: indexes built in ${seconds(building)} s`);
      }
    } catch (error) {
      await Promise.allSettled(sent);
      throw error;
    }
  });
  const rows = totals.agencyCodes + totals.reportedMonths + totals.productionFacts + totals.commissionFacts;
  ctx.log(
    `${name}: written in ${seconds(started)} s ` +
      `(${Math.round(rows / ((performance.now() - started) / 1000))} rows/s)`,
  );
  await ensureProductFeatures(db);
  await grantPlanFeatures(db);
  return { networks: 1, agencies: count, carriers: dims.carriers.length, ...totals, users: 0 };
}

/**
 * Bulk-load speed-up: when the session may (superuser, as on PGlite), the transaction skips triggers,
 * which in this schema are only the foreign-key checks (about half the insert time). The generator
 * writes parents before children from the same in-memory ids, so the rows are consistent by
 * construction; the tests check referential integrity. Unique indexes are still enforced.
 */
async function skipTriggersIfAllowed(tx: Tx): Promise<void> {
  if (await canSkipTriggers(tx)) await tx.execute(sql`set local session_replication_role = replica`);
}

async function canSkipTriggers(db: Executor): Promise<boolean> {
  const result = await db.execute<{ superuser: boolean }>(
    sql`select rolsuper as superuser from pg_roles where rolname = current_user`,
  );
  return result.rows[0]?.superuser ?? false;
}

const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);

function uniqueName(rng: Rng, city: string, used: Set<string>): string {
  let name = `${rng.pick(AGENCY_NAME_STEMS)} ${rng.pick(AGENCY_NAME_SUFFIXES)}`;
  if (used.has(name)) name = `${name} of ${city}`;
  for (let n = 2; used.has(name); n++) name = `${name.replace(/ \(\d+\)$/, '')} (${n})`;
  used.add(name);
  return name;
}

// ---------------------------------------------------------------------------------------------
// Dimensions

type DimCarrier = { uuid: string; catalog: CatalogCarrier; writes: string[] };
type Dimensions = { carriers: DimCarrier[]; lineUuid: Map<string, string> };

/**
 * Carriers and the line-of-business tree are global: rows that exist (matched by carrier name, by
 * classification and line code) are reused; only missing ones are inserted, with seeded UUIDs.
 */
async function ensureDimensions(tx: Executor, seed: number): Promise<Dimensions> {
  const rng = deriveRng(seed, 'dimensions');
  const existingCarriers = await tx.select({ uuid: carriers.uuid, name: carriers.name }).from(carriers);
  const carrierUuid = new Map(existingCarriers.map((c) => [c.name, c.uuid]));
  const newCarriers: (typeof carriers.$inferInsert)[] = [];
  for (const c of CARRIERS) {
    const uuid = rng.uuid(); // drawn for every carrier, so UUIDs do not depend on what exists
    if (carrierUuid.has(c.name)) continue;
    carrierUuid.set(c.name, uuid);
    newCarriers.push({ uuid, name: c.name, displayName: c.name, ...carrierFlags(c.kind) });
  }
  if (newCarriers.length > 0) await tx.insert(carriers).values(newCarriers);

  const classificationUuid = rng.uuid();
  const [foundClassification] = await tx
    .select({ uuid: classifications.uuid })
    .from(classifications)
    .where(eq(classifications.code, CLASSIFICATION.code));
  const classUuid = foundClassification?.uuid ?? classificationUuid;
  if (!foundClassification) await tx.insert(classifications).values({ uuid: classUuid, ...CLASSIFICATION });

  const existingLines = await tx
    .select({ uuid: linesOfBusiness.uuid, code: linesOfBusiness.code })
    .from(linesOfBusiness)
    .where(eq(linesOfBusiness.classificationUuid, classUuid));
  const lineUuid = new Map(existingLines.map((l) => [l.code, l.uuid]));
  const newLines: (typeof linesOfBusiness.$inferInsert)[] = [];
  const addLine = (code: string, name: string, level: number, sortOrder: number, parent: string | null) => {
    const uuid = rng.uuid();
    if (lineUuid.has(code)) return;
    lineUuid.set(code, uuid);
    newLines.push({ uuid, classificationUuid: classUuid, parentUuid: parent, code, name, level, sortOrder });
  };
  addLine(ROOT_LINE.code, ROOT_LINE.name, 0, 0, null);
  for (const [b, broad] of BROAD_LINES.entries()) {
    addLine(broad.code, broad.name, 1, b + 1, lineUuid.get(ROOT_LINE.code)!);
    for (const [t, type] of broad.types.entries()) {
      addLine(type.code, type.name, 2, t + 1, lineUuid.get(broad.code)!);
    }
  }
  if (newLines.length > 0) await tx.insert(linesOfBusiness).values(newLines);

  return {
    carriers: CARRIERS.map((c) => ({ uuid: carrierUuid.get(c.name)!, catalog: c, writes: carrierWrites(c) })),
    lineUuid,
  };
}

// ---------------------------------------------------------------------------------------------
// Batched writing

/** Rows per INSERT for the tenancy tables (drizzle inserts; far under 65,535 bind parameters). */
const BATCH_ROWS = 2000;

/**
 * Rows per INSERT for the fact tables. These are written as `INSERT ... SELECT FROM unnest(...)` with
 * one array parameter per column, so the bind-parameter limit does not apply; the size only bounds
 * memory and statement length.
 */
const FACT_BATCH_ROWS = 20_000;

class BatchWriter<Row> {
  private rows: Row[] = [];
  count = 0;
  constructor(
    private readonly write: (rows: Row[]) => Promise<unknown>,
    private readonly batchRows: number,
  ) {}
  push(row: Row): void {
    this.rows.push(row);
    this.count++;
  }
  /** Writes full batches; `all` also writes the remainder. */
  async flush(all: boolean): Promise<void> {
    while (this.rows.length >= this.batchRows || (all && this.rows.length > 0)) {
      const batch = this.rows.slice(0, this.batchRows);
      this.rows = this.rows.slice(batch.length);
      await this.write(batch);
    }
  }
}

/** A row of a fact table as the column values in the order of its column list (NULL = not reported). */
type FactRow = (string | null)[];

type ColumnSpec = readonly (readonly [PgColumn, string])[];

const PRODUCTION_COLUMNS = [
  [productionFacts.agencyUuid, 'uuid'],
  [productionFacts.networkUuid, 'uuid'],
  [productionFacts.carrierUuid, 'uuid'],
  [productionFacts.lineUuid, 'uuid'],
  [productionFacts.agencyCodeUuid, 'uuid'],
  [productionFacts.month, 'date'],
  [productionFacts.source, 'text'],
  [productionFacts.writtenPremium, 'numeric'],
  [productionFacts.newWrittenPremium, 'numeric'],
  [productionFacts.earned, 'numeric'],
  [productionFacts.incurred, 'numeric'],
] as const satisfies ColumnSpec;

const COMMISSION_COLUMNS = [
  [commissionFacts.agencyUuid, 'uuid'],
  [commissionFacts.networkUuid, 'uuid'],
  [commissionFacts.carrierUuid, 'uuid'],
  [commissionFacts.lineUuid, 'uuid'],
  [commissionFacts.month, 'date'],
  [commissionFacts.source, 'text'],
  [commissionFacts.writtenPremium, 'numeric'],
  [commissionFacts.baseCommission, 'numeric'],
  [commissionFacts.additionalCommission, 'numeric'],
] as const satisfies ColumnSpec;

const REPORTED_MONTH_COLUMNS = [
  [carrierReportedMonths.agencyUuid, 'uuid'],
  [carrierReportedMonths.carrierUuid, 'uuid'],
  [carrierReportedMonths.month, 'date'],
  [carrierReportedMonths.networkUuid, 'uuid'],
] as const satisfies ColumnSpec;

/** A PostgreSQL array literal of text values ('{"a",NULL}'), each element quoted and escaped. */
function arrayLiteral(values: readonly (string | null)[]): string {
  const parts = values.map((v) => (v === null ? 'NULL' : `"${v.replace(/[\\"]/g, '\\$&')}"`));
  return `{${parts.join(',')}}`;
}

/** Inserts rows column-wise: one array parameter per column, unnested in SQL. */
async function insertUnnest(
  tx: Executor,
  table: PgTable,
  columns: ColumnSpec,
  rows: FactRow[],
): Promise<void> {
  const names = columns.map(([column]) => sql.identifier(column.name));
  const arrays = columns.map(
    ([, type], i) => sql`${arrayLiteral(rows.map((row) => row[i] ?? null))}::${sql.raw(type)}[]`,
  );
  await tx.execute(
    sql`insert into ${table} (${sql.join(names, sql`, `)}) select * from unnest(${sql.join(arrays, sql`, `)})`,
  );
}

/** Where the writers send their batches: INSERT statements in a transaction, or COPY. */
type RowSink = {
  rows: <T extends PgTable>(table: T, rows: T['$inferInsert'][]) => Promise<unknown>;
  facts: (table: PgTable, columns: ColumnSpec, rows: FactRow[]) => Promise<unknown>;
  factBatchRows: number;
};

/** The demo's sink: INSERT statements in the caller's transaction. */
function insertSink(tx: Executor): RowSink {
  return {
    rows: (table, rows) => tx.insert(table).values(rows),
    facts: (table, columns, rows) => insertUnnest(tx, table, columns, rows),
    factBatchRows: FACT_BATCH_ROWS,
  };
}

/**
 * The large network's sink: each batch as one COPY on the connection, handed to `send` and not
 * waited for (the connection runs them in order, parents before the facts that name them).
 */
function copySink(connection: BulkConnection, send: (statement: Promise<void>) => void): RowSink {
  const copy = (table: PgTable, names: string[], lines: string[]) =>
    send(connection.copy(`${getTableName(table)} (${names.join(', ')}) with (format csv)`, lines.join('')));
  return {
    rows: async (table, rows) => {
      const columns = getTableColumns(table);
      const keys = Object.keys(rows[0]!) as (keyof (typeof rows)[number] & keyof typeof columns)[];
      copy(
        table,
        keys.map((key) => columns[key]!.name),
        rows.map((row) =>
          copyCsvLine(keys.map((key) => row[key] as Parameters<typeof copyCsvLine>[0][number])),
        ),
      );
    },
    facts: async (table, columns, rows) => {
      // A fact's values are ids, dates, 'feed' and decimal strings, none of which CSV quotes, and
      // NULLs, which `join` writes as the empty field: the line copyCsvLine would write, at a
      // fraction of its cost (it was a tenth of the generator's time).
      copy(
        table,
        columns.map(([column]) => column.name),
        rows.map((row) => `${row.join(',')}\n`),
      );
    },
    factBatchRows: COPY_BATCH_ROWS,
  };
}

function createWriters(sink: RowSink) {
  const w = {
    agencies: new BatchWriter<typeof agencies.$inferInsert>((r) => sink.rows(agencies, r), BATCH_ROWS),
    subscribers: new BatchWriter<typeof subscribers.$inferInsert>(
      (r) => sink.rows(subscribers, r),
      BATCH_ROWS,
    ),
    subscriptions: new BatchWriter<typeof subscriptions.$inferInsert>(
      (r) => sink.rows(subscriptions, r),
      BATCH_ROWS,
    ),
    agencyCodes: new BatchWriter<typeof agencyCodes.$inferInsert>(
      (r) => sink.rows(agencyCodes, r),
      BATCH_ROWS,
    ),
    reportedMonths: new BatchWriter<FactRow>(
      (r) => sink.facts(carrierReportedMonths, REPORTED_MONTH_COLUMNS, r),
      sink.factBatchRows,
    ),
    productionFacts: new BatchWriter<FactRow>(
      (r) => sink.facts(productionFacts, PRODUCTION_COLUMNS, r),
      sink.factBatchRows,
    ),
    commissionFacts: new BatchWriter<FactRow>(
      (r) => sink.facts(commissionFacts, COMMISSION_COLUMNS, r),
      sink.factBatchRows,
    ),
  };
  const parents = [w.agencies, w.subscribers, w.subscriptions, w.agencyCodes];
  const facts = [w.reportedMonths, w.productionFacts, w.commissionFacts];
  return {
    ...w,
    /** Writes the parent rows whole (foreign keys) and the full batches of facts. */
    flushFull: async () => {
      for (const writer of parents) await writer.flush(true);
      for (const writer of facts) await writer.flush(false);
    },
    flushAll: async () => {
      for (const writer of [...parents, ...facts]) await writer.flush(true);
    },
    counts: () => ({
      agencyCodes: w.agencyCodes.count,
      reportedMonths: w.reportedMonths.count,
      productionFacts: w.productionFacts.count,
      commissionFacts: w.commissionFacts.count,
    }),
  };
}

type Writers = ReturnType<typeof createWriters>;

// ---------------------------------------------------------------------------------------------
// One agency

type AgencySpec = {
  name: string;
  city: string;
  state: string;
  networkUuid: string;
  carrierCount: [number, number];
  /** The demo owner's user id when this is the owner's agency. */
  owner: string | null;
};

/** Seasonal factors by calendar month (January first), averaging 1 over a year. */
const SEASON: Record<string, readonly number[]> = {
  PL: [0.92, 0.9, 1.0, 1.05, 1.1, 1.1, 1.08, 1.04, 1.0, 0.96, 0.92, 0.93],
  CL: [1.3, 0.95, 0.95, 1.05, 0.95, 0.92, 1.1, 0.9, 0.95, 1.0, 0.93, 1.0],
  BOND: [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1],
  MPCI: [0, 0, 0.6, 1.2, 0.6, 0.2, 1.4, 2.6, 2.8, 1.8, 0.6, 0.2],
  HAIL: [0, 0, 0, 0.5, 2.5, 3.5, 3.0, 1.5, 0.8, 0.2, 0, 0],
  PFLOOD: [0.85, 0.85, 0.95, 1.1, 1.25, 1.2, 1.1, 1.0, 0.95, 0.9, 0.9, 0.95],
};

function seasonFor(typeCode: string): readonly number[] {
  return SEASON[typeCode] ?? SEASON[broadLineOf(typeCode).code] ?? SEASON.BOND!;
}

/** Relative size of a carrier in an agency's book, by kind and where the agency is. */
function carrierPull(carrier: CatalogCarrier, state: string): number {
  switch (carrier.kind) {
    case 'core':
      return 3;
    case 'standard':
      return 1.5;
    case 'mga':
      return 0.6;
    case 'crop':
      return FARM_STATES.has(state) ? 2 : 0.2;
    case 'flood':
      return COASTAL_STATES.has(state) ? 0.8 : 0.15;
    case 'surety':
      return 0.3;
    case 'workersComp':
      return 0.6;
  }
}

/** How likely an agency is to be appointed with a carrier, by kind and where the agency is. */
function carrierLikelihood(carrier: CatalogCarrier, state: string): number {
  switch (carrier.kind) {
    case 'core':
      return 6;
    case 'standard':
      return 3;
    case 'mga':
      return 1.5;
    case 'crop':
      return FARM_STATES.has(state) ? 5 : 0.2;
    case 'flood':
      return COASTAL_STATES.has(state) ? 5 : 0.6;
    case 'surety':
      return 1.5;
    case 'workersComp':
      return 1.5;
  }
}

const TYPES_PER_CARRIER = [1, 2, 3, 4, 5] as const;
const TYPES_PER_CARRIER_WEIGHT = [45, 28, 15, 8, 4] as const;

async function writeAgency(
  writers: Writers,
  dims: Dimensions,
  ctx: Context,
  rng: Rng,
  spec: AgencySpec,
): Promise<string> {
  const uuid = rng.uuid();
  const months = ctx.months;
  const monthDates = months.map((m) => `${m}-01`);
  // The calendar month (1-12) of each month k over history+months, worked out once per agency.
  const calendarMonths = Array.from({ length: HISTORY + months.length }, (_, k) =>
    Number(addMonths(months[0]!, k - HISTORY).slice(5, 7)),
  );
  const calendarMonth = (k: number) => calendarMonths[k]!;

  // Tenancy: the agency, its subscriber and subscription.
  writers.agencies.push({
    uuid,
    networkUuid: spec.networkUuid,
    name: spec.name,
    city: spec.city,
    state: spec.state,
    createdAt: ctx.createdAt,
  });
  const subscriberUuid = rng.uuid();
  const bypass = spec.owner ? true : rng.chance(0.5);
  writers.subscribers.push({
    agencyUuid: uuid,
    uuid: subscriberUuid,
    displayName: spec.name,
    primaryUserUuid: spec.owner,
    bypassExternalSubscriber: bypass,
    createdAt: ctx.createdAt,
  });
  const statusDraw = rng.next();
  const status = spec.owner
    ? 'Active'
    : statusDraw < 0.06
      ? 'Canceled'
      : statusDraw < 0.12
        ? 'PastDue'
        : 'Active';
  const { year, month } = ctx.today;
  writers.subscriptions.push({
    agencyUuid: uuid,
    uuid: rng.uuid(),
    subscriberUuid,
    // The demo owner's agency is always on Pro, so the owner sees every live report.
    planName: rng.chance(0.8) || spec.owner ? 'Understanding Pro' : 'Understanding Essentials',
    status,
    currentPeriodEnd:
      status === 'Canceled'
        ? new Date(Date.UTC(year, month - 1 - rng.int(2, 10), 1))
        : new Date(Date.UTC(year, month, 1)),
    createdAt: ctx.createdAt,
  });

  // The book: size, growth, carriers and how the premium splits among them.
  const annualDollars = Math.exp(rng.float(Math.log(3_000_000), Math.log(60_000_000)));
  const agencyGrowth = rng.float(-0.03, 0.1);
  const carrierCount = Math.min(dims.carriers.length, rng.int(spec.carrierCount[0], spec.carrierCount[1]));
  const chosen = rng.sample(dims.carriers, carrierCount, (c) => carrierLikelihood(c.catalog, spec.state));
  const pulls = chosen.map((c) => carrierPull(c.catalog, spec.state) * Math.exp(0.8 * rng.normal()));
  const pullTotal = pulls.reduce((a, b) => a + b, 0);
  const totalMonths = HISTORY + months.length;

  for (const [ci, carrier] of chosen.entries()) {
    const feed = carrier.catalog.feed ?? {};
    const codeUuid = rng.uuid();
    writers.agencyCodes.push({
      agencyUuid: uuid,
      uuid: codeUuid,
      carrierUuid: carrier.uuid,
      code: `A${rng.int(10000, 99999)}`,
      name: spec.name,
      createdAt: ctx.createdAt,
    });

    // Which months this carrier reported: all but its reporting lag and, rarely, a gap.
    const reported = months.map((_, k) => k < months.length - (feed.lagMonths ?? 0));
    if (rng.chance(0.03)) {
      const start = rng.int(3, months.length - 10);
      const length = rng.int(1, 4);
      for (let k = start; k < start + length; k++) reported[k] = false;
    }
    for (const [k, date] of monthDates.entries()) {
      if (reported[k]) {
        writers.reportedMonths.push([uuid, carrier.uuid, date, spec.networkUuid]);
      }
    }

    const typeCount = Math.min(
      carrier.writes.length,
      rng.weighted(TYPES_PER_CARRIER, (n) => TYPES_PER_CARRIER_WEIGHT[n - 1]!),
    );
    const types = rng.sample(carrier.writes, typeCount, (code) => popularity(code));
    const typeShares = types.map(() => Math.exp(0.6 * rng.normal()));
    const typeShareTotal = typeShares.reduce((a, b) => a + b, 0);
    const carrierAnnual = (annualDollars * pulls[ci]!) / pullTotal;
    const growth = agencyGrowth + 0.04 * rng.normal();
    const lossRatio = rng.chance(0.04) ? rng.float(0.95, 1.4) : rng.float(0.4, 0.65);
    const newRatio = rng.float(0.1, 0.3);
    const commissionRate = rng.float(0.11, 0.17);
    const broadLineCommission = rng.chance(0.1);
    const contingency = carrier.catalog.kind === 'core';

    // Written premium per type in integer cents, history first.
    const writtenByType = types.map((code, t) => {
      const monthly = (carrierAnnual * typeShares[t]!) / typeShareTotal / 12;
      const season = seasonFor(code);
      const noise = monthly < 2000 ? 0.3 : 0.1;
      const cents: number[] = [];
      for (let k = 0; k < totalMonths; k++) {
        const level = monthly * Math.pow(1 + growth, (k - (totalMonths - 1)) / 12);
        const value = level * season[calendarMonth(k) - 1]! * Math.exp(noise * rng.normal());
        cents.push(Math.max(0, Math.round(value * 100)));
      }
      return cents;
    });

    for (const [t, code] of types.entries()) {
      const written = writtenByType[t]!;
      const lineUuid = dims.lineUuid.get(code)!;
      for (let k = 0; k < months.length; k++) {
        const h = k + HISTORY;
        const w = written[h]!;
        // Drawn for every month (reported or not) so a gap does not shift the rest of the stream.
        const newShare = Math.min(0.9, Math.max(0.02, newRatio * Math.exp(0.2 * rng.normal())));
        const noNewBusiness = rng.chance(0.02);
        let trailing = 0;
        for (let j = h - 11; j <= h; j++) trailing += written[j]!;
        const earned = Math.round((trailing / 12) * rng.float(0.97, 1.03));
        let monthLoss = lossRatio * Math.exp(0.35 * rng.normal() - 0.06);
        if (rng.chance(0.015)) monthLoss *= rng.float(3, 8);
        const noLoss = rng.chance(earned < 300_000 ? 0.2 : 0.04);
        const incurred = noLoss ? 0 : Math.round(earned * monthLoss);
        if (!reported[k]) continue;
        // Columns in the order of PRODUCTION_COLUMNS.
        writers.productionFacts.push([
          uuid,
          spec.networkUuid,
          carrier.uuid,
          lineUuid,
          codeUuid,
          monthDates[k]!,
          'feed',
          formatCents(w),
          formatCents(noNewBusiness ? 0 : Math.round(w * newShare)),
          feed.noEarned ? null : formatCents(earned),
          feed.noEarned || feed.noIncurred ? null : formatCents(incurred),
        ]);
      }
    }

    // Commission: per standard type, or per broad line where the statement maps no further.
    const commissionLines = new Map<string, number[]>();
    for (const [t, code] of types.entries()) {
      const key = broadLineCommission ? broadLineOf(code).code : code;
      const sum = commissionLines.get(key);
      if (sum) writtenByType[t]!.forEach((c, k) => (sum[k]! += c));
      else commissionLines.set(key, [...writtenByType[t]!]);
    }
    const contingencyRate = new Map<number, number>();
    for (const [code, written] of commissionLines) {
      const lineUuid = dims.lineUuid.get(code)!;
      for (let k = 0; k < months.length; k++) {
        const h = k + HISTORY;
        const w = written[h]!;
        const rate = Math.min(0.18, Math.max(0.1, commissionRate * (1 + 0.03 * rng.normal())));
        let additional = 0;
        const calMonth = calendarMonth(h);
        if (contingency && calMonth === 3) {
          const yearKey = Number(months[k]!.slice(0, 4));
          if (!contingencyRate.has(yearKey))
            contingencyRate.set(yearKey, rng.chance(0.75) ? rng.float(0.01, 0.04) : 0);
          let lastYear = 0;
          for (let j = h - 12; j < h; j++) lastYear += written[j] ?? 0;
          additional = Math.round(lastYear * contingencyRate.get(yearKey)!);
        }
        if (!reported[k]) continue;
        // Columns in the order of COMMISSION_COLUMNS.
        writers.commissionFacts.push([
          uuid,
          spec.networkUuid,
          carrier.uuid,
          lineUuid,
          monthDates[k]!,
          'feed',
          formatCents(w),
          formatCents(Math.round(w * rate)),
          formatCents(additional),
        ]);
      }
    }
  }
  await writers.flushFull();
  return uuid;
}

function popularity(typeCode: string): number {
  return broadLineOf(typeCode).types.find((t) => t.code === typeCode)?.popularity ?? 1;
}

/** Integer cents as an exact decimal string ('1234.05'); money is never formatted from a float sum. */
export function formatCents(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not a whole number of cents: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** The `count` months ending at `latest`, oldest first. */
function monthRange(latest: YearMonth, count: number): YearMonth[] {
  return Array.from({ length: count }, (_, i) => addMonths(latest, i - (count - 1)));
}
