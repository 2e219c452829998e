import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { hashPassword } from 'better-auth/crypto';
import type { UserType } from '#shared/contracts/user.ts';
import type { Db } from '#server/db/client.ts';
import { productFeatures, subscriberFeatures } from '#server/db/schema/access.ts';
import { accounts, users } from '#server/db/schema/auth.ts';
import { carriers, classifications, linesOfBusiness } from '#server/db/schema/dimensions.ts';
import { carrierReportedMonths, commissionFacts, productionFacts } from '#server/db/schema/facts.ts';
import { subscriptionPrices, subscriptionProducts } from '#server/db/schema/billing.ts';
import { agencies, networks, subscribers, subscriptions } from '#server/db/schema/tenancy.ts';
import { requestKey } from '#server/services/read-model/answer-cache.ts';
import { readCodeFigures, readFigures } from '#server/services/read-model/read-model.ts';
import type { FactsRequest } from '#server/services/read-model/request.ts';

const unique = () => randomUUID().slice(0, 8);

/** A new network of its own, so every test has someone else's data nearby. */
export async function buildNetwork(db: Db, overrides: Partial<typeof networks.$inferInsert> = {}) {
  const [network] = await db
    .insert(networks)
    .values({ name: `Network ${unique()}`, abbreviation: 'NET', ...overrides })
    .returning();
  return network!;
}

/** A new agency (in a new network unless one is given), with a subscriber and an active subscription. */
export async function buildAgency(
  db: Db,
  options: { networkUuid?: string; bypassExternalSubscriber?: boolean; subscriptionStatus?: string } = {},
) {
  const networkUuid = options.networkUuid ?? (await buildNetwork(db)).uuid;
  const [agency] = await db
    .insert(agencies)
    .values({ networkUuid, name: `Agency ${unique()}`, city: 'Des Moines', state: 'IA' })
    .returning();
  const [subscriber] = await db
    .insert(subscribers)
    .values({
      agencyUuid: agency!.uuid,
      displayName: agency!.name,
      bypassExternalSubscriber: options.bypassExternalSubscriber ?? true,
    })
    .returning();
  await db.insert(subscriptions).values({
    agencyUuid: agency!.uuid,
    subscriberUuid: subscriber!.uuid,
    planName: 'Understanding Pro',
    status: options.subscriptionStatus ?? 'Active',
  });
  return { ...agency!, subscriber: subscriber! };
}

export const TEST_PASSWORD = 'Correct-horse-9';

/**
 * One scrypt hash per password and process, shared by the users built with it: a hash takes about a
 * quarter of a second of CPU, and most tests build several users. Signing in still verifies the
 * password against the stored hash, as for any user.
 */
const passwordHashes = new Map<string, Promise<string>>();
function passwordHashOf(password: string): Promise<string> {
  let hash = passwordHashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hash.catch(() => passwordHashes.delete(password));
    passwordHashes.set(password, hash);
  }
  return hash;
}

/** A user who can sign in with TEST_PASSWORD; an agency user gets a new agency unless one is given. */
export async function buildUser(
  db: Db,
  options: {
    userType?: UserType;
    agencyUuid?: string;
    networkUuid?: string;
    isOwner?: boolean;
    isAdministrator?: boolean;
    isActive?: boolean;
    password?: string;
  } = {},
) {
  const userType = options.userType ?? 'agency';
  let { agencyUuid, networkUuid } = options;
  if (userType === 'agency' && !agencyUuid) {
    const agency = await buildAgency(db, networkUuid ? { networkUuid } : {});
    agencyUuid = agency.uuid;
    networkUuid = agency.networkUuid;
  }
  if (userType === 'network' && !networkUuid) networkUuid = (await buildNetwork(db)).uuid;
  const id = unique();
  const [user] = await db
    .insert(users)
    .values({
      name: `Test User ${id}`,
      firstName: 'Test',
      lastName: `User ${id}`,
      email: `user-${id}@example.test`,
      emailVerified: true,
      userType,
      agencyUuid: userType === 'agency' ? agencyUuid : null,
      networkUuid: userType === 'internal' ? null : networkUuid,
      isOwner: options.isOwner ?? false,
      isAdministrator: options.isAdministrator ?? false,
      isActive: options.isActive ?? true,
    })
    .returning();
  await db.insert(accounts).values({
    accountId: user!.id,
    providerId: 'credential',
    userId: user!.id,
    password: await passwordHashOf(options.password ?? TEST_PASSWORD),
  });
  return user!;
}

/** The broad lines of business (PL, CL, BOND, CROP) under Total (P&C): the line tree most tests need. */
export async function buildBroadLines(db: Db) {
  const [classification] = await db.insert(classifications).values({ code: 'PC', name: 'P&C' }).returning();
  const [total] = await db
    .insert(linesOfBusiness)
    .values({ classificationUuid: classification!.uuid, code: 'P&C', name: 'Total', level: 0 })
    .returning();
  const broad = [
    ['PL', 'Personal'],
    ['CL', 'Commercial'],
    ['BOND', 'Bond'],
    ['CROP', 'Crop'],
  ] as const;
  const lines = await db
    .insert(linesOfBusiness)
    .values(
      broad.map(([code, name], i) => ({
        classificationUuid: classification!.uuid,
        code,
        name,
        level: 1,
        sortOrder: i,
        parentUuid: total!.uuid,
      })),
    )
    .returning();
  return { classification: classification!, total: total!, lines };
}

/**
 * The line tree: the broad lines under Total (P&C) and, under each broad line given, its standard
 * types (code and name, in display order). Answers every line by code.
 */
export async function buildLineTree(
  db: Db,
  types: Partial<Record<'PL' | 'CL' | 'BOND' | 'CROP', readonly (readonly [string, string])[]>> = {},
) {
  const tree = await buildBroadLines(db);
  const byCode: Record<string, typeof linesOfBusiness.$inferSelect> = { 'P&C': tree.total };
  for (const line of tree.lines) byCode[line.code] = line;
  for (const [broad, children] of Object.entries(types)) {
    if (!children || children.length === 0) continue;
    const rows = await db
      .insert(linesOfBusiness)
      .values(
        children.map(([code, name], i) => ({
          classificationUuid: tree.classification.uuid,
          code,
          name,
          level: 2,
          sortOrder: i + 1,
          parentUuid: byCode[broad]!.uuid,
        })),
      )
      .returning();
    for (const row of rows) byCode[row.code] = row;
  }
  return { ...tree, byCode };
}

/** A carrier with a name of its own (a standard carrier unless told otherwise). */
export async function buildCarrier(db: Db, overrides: Partial<typeof carriers.$inferInsert> = {}) {
  const name = overrides.name ?? `Carrier ${unique()}`;
  const [carrier] = await db
    .insert(carriers)
    .values({ displayName: name, ...overrides, name })
    .returning();
  return carrier!;
}

type FactInput = Omit<typeof productionFacts.$inferInsert, 'agencyUuid' | 'networkUuid' | 'id'>;

/**
 * Production facts of one agency (amounts as exact decimal text; null is "not reported"), and, with
 * `reported`, the months they cover as reported by their carriers. The read model is left to the test
 * (`rebuildNetwork` or `ensureReadModel`).
 */
export async function buildFacts(
  db: Db,
  agency: { uuid: string; networkUuid: string },
  facts: readonly FactInput[],
  options: { reported?: boolean } = {},
) {
  const owned = { agencyUuid: agency.uuid, networkUuid: agency.networkUuid };
  const rows = await db
    .insert(productionFacts)
    .values(facts.map((fact) => ({ ...owned, ...fact })))
    .returning();
  if (options.reported) {
    const months = new Map(facts.map((f) => [`${f.carrierUuid} ${f.month}`, f]));
    await db
      .insert(carrierReportedMonths)
      .values([...months.values()].map((f) => ({ ...owned, carrierUuid: f.carrierUuid, month: f.month })))
      .onConflictDoNothing();
  }
  return rows;
}

type CommissionInput = Omit<typeof commissionFacts.$inferInsert, 'agencyUuid' | 'networkUuid' | 'id'>;

/**
 * Commission facts of one agency (amounts as exact decimal text; null is "not reported"). The read
 * model is left to the test (`rebuildNetwork`).
 */
export async function buildCommissionFacts(
  db: Db,
  agency: { uuid: string; networkUuid: string },
  facts: readonly CommissionInput[],
) {
  const owned = { agencyUuid: agency.uuid, networkUuid: agency.networkUuid };
  return db
    .insert(commissionFacts)
    .values(facts.map((fact) => ({ ...owned, ...fact })))
    .returning();
}

/** A subscription product kept in the database (billing off), with one monthly price. */
export async function buildSubscriptionProduct(
  db: Db,
  options: { name?: string; amount?: string; metadata?: Record<string, string> } = {},
) {
  const [product] = await db
    .insert(subscriptionProducts)
    .values({ name: options.name ?? `Plan ${unique()}`, description: 'A plan for tests.' })
    .returning();
  const [price] = await db
    .insert(subscriptionPrices)
    .values({
      productUuid: product!.uuid,
      name: `${product!.name} monthly`,
      amount: options.amount ?? '149.00',
      interval: 'month',
      metadata: options.metadata ?? {},
    })
    .returning();
  return { product: product!, price: price! };
}

/**
 * Three agencies for tenant checks: `home`, a `sibling` in the same network and a `foreign` one in a
 * network of its own.
 */
export async function buildAgencyTrio(db: Db) {
  const home = await buildAgency(db);
  const sibling = await buildAgency(db, { networkUuid: home.networkUuid });
  const foreign = await buildAgency(db);
  return { home, sibling, foreign };
}

/** A live product feature that the given agencies subscribe to. */
export async function buildProductFeature(
  db: Db,
  feature: { key: string; title: string; externalId: string },
  agencyUuids: string[],
) {
  await db.insert(productFeatures).values({ ...feature, isLive: true });
  await db
    .insert(subscriberFeatures)
    .values(agencyUuids.map((agencyUuid) => ({ agencyUuid, externalId: feature.externalId })));
}

/** Every row of each of `tables` that belongs to the network, as text, sorted: a table's contents to compare. */
export async function networkRows(
  db: Pick<Db, 'execute'>,
  networkUuid: string,
  tables: readonly string[],
): Promise<Record<string, string[]>> {
  const rows: Record<string, string[]> = {};
  for (const table of tables) {
    const found = await db.execute<{ row: string }>(
      sql`select t::text as row from ${sql.raw(table)} t where t.network_uuid = ${networkUuid}::uuid`,
    );
    rows[table] = found.rows.map((r) => r.row).sort();
  }
  return rows;
}

/**
 * Carrier Production by agency for each request, as `readFigures` answers it (kept in process or
 * computed), or the planning tool's codes for a request by agency code (`readCodeFigures`), as text
 * with every map and object in key order: answers to compare.
 */
export async function byAgencyAnswers(db: Db, requests: readonly FactsRequest[]): Promise<string[]> {
  const answers: string[] = [];
  for (const request of requests) {
    if (request.grouping === 'agencyCode') {
      const codes = (await readCodeFigures(db, request)).rows();
      answers.push(
        codes
          .map((c) => `${c.uuid} ${c.agencyUuid} ${[...c.cents].join(' ')}`)
          .sort()
          .join('\n'),
      );
      continue;
    }
    const { lines, missing } = await readFigures(db, request);
    answers.push(requestKey({ lines: Object.fromEntries(lines), missing: Object.fromEntries(missing) }));
  }
  return answers;
}
