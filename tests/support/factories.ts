import { randomUUID } from 'node:crypto';
import { hashPassword } from 'better-auth/crypto';
import type { UserType } from '#shared/contracts/user.ts';
import type { Db } from '#server/db/client.ts';
import { accounts, users } from '#server/db/schema/auth.ts';
import { classifications, linesOfBusiness } from '#server/db/schema/dimensions.ts';
import { subscriptionPrices, subscriptionProducts } from '#server/db/schema/billing.ts';
import { agencies, networks, subscribers, subscriptions } from '#server/db/schema/tenancy.ts';

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
    password: await hashPassword(options.password ?? TEST_PASSWORD),
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
