import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { accounts, users } from '#server/db/schema/auth.ts';
import { subscriptionPrices, subscriptionProducts } from '#server/db/schema/billing.ts';
import { subscribers, subscriptions } from '#server/db/schema/tenancy.ts';
import { DEMO_PASSWORD } from './catalog.ts';
import { deriveRng } from './random.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * The demo's subscription products: the demo data holds products and prices, so
 * /subscriptions shows them with billing on or off. The same names and amounts as the fake Stripe's
 * catalogue used in the browser tests (tests/support/fake-stripe.ts).
 */
export const DEMO_PRODUCTS = [
  {
    name: 'Understanding Essentials',
    description: 'Carrier production and manual entry for one agency.',
    metadata: { features: 'Carrier Production|Manual carrier entry|Growth plans' },
    prices: [{ name: 'Essentials monthly', amount: '149.00', interval: 'month', metadata: {} }],
  },
  {
    name: 'Understanding Pro',
    description: 'Every report, for agencies that plan with their network.',
    metadata: { features: 'Everything in Essentials|Scorecards and planning|Embedded dashboards' },
    prices: [
      { name: 'Pro monthly', amount: '299.00', interval: 'month', metadata: {} },
      { name: 'Pro yearly', amount: '2990.00', interval: 'year', metadata: { ribbon: 'Best value' } },
    ],
  },
] as const;

/** The agency whose subscription lapsed: its primary user can subscribe again (README demo accounts). */
export const LAPSED_USERS = [
  { email: 'lapsed@understanding.test', firstName: 'Robin', lastName: 'Hayes' },
  { email: 'lapsed-colleague@understanding.test', firstName: 'Sam', lastName: 'Ortiz' },
] as const;

/**
 * Products and prices, and a second agency of the first network whose latest subscription is
 * Canceled and which staff have not bypassed, with two plain users: the first is its primary user.
 */
export async function seedDemoSubscriptions(
  tx: Tx,
  options: {
    seed: number;
    createdAt: Date;
    lapsedAgencyUuid: string;
    networkUuid: string;
    passwordHash: (password: string) => Promise<string>;
  },
): Promise<void> {
  const rng = deriveRng(options.seed, 'demo-subscriptions');
  for (const [index, product] of DEMO_PRODUCTS.entries()) {
    const productUuid = rng.uuid();
    await tx.insert(subscriptionProducts).values({
      uuid: productUuid,
      name: product.name,
      description: product.description,
      metadata: { ...product.metadata },
      sortOrder: index,
      updatedAt: options.createdAt,
    });
    await tx.insert(subscriptionPrices).values(
      product.prices.map((price) => ({
        uuid: rng.uuid(),
        productUuid,
        name: price.name,
        amount: price.amount,
        interval: price.interval,
        metadata: { ...price.metadata },
        updatedAt: options.createdAt,
      })),
    );
  }

  const ids = LAPSED_USERS.map(() => rng.uuid());
  await tx.insert(users).values(
    LAPSED_USERS.map((u, i) => ({
      id: ids[i]!,
      name: `${u.firstName} ${u.lastName}`,
      email: u.email,
      emailVerified: true,
      createdAt: options.createdAt,
      updatedAt: options.createdAt,
      firstName: u.firstName,
      lastName: u.lastName,
      userType: 'agency' as const,
      networkUuid: options.networkUuid,
      agencyUuid: options.lapsedAgencyUuid,
      isOwner: false,
      isAdministrator: false,
      isActive: true,
    })),
  );
  const password = await options.passwordHash(DEMO_PASSWORD);
  await tx.insert(accounts).values(
    ids.map((id) => ({
      id: rng.uuid(),
      accountId: id,
      providerId: 'credential',
      userId: id,
      password,
      createdAt: options.createdAt,
      updatedAt: options.createdAt,
    })),
  );
  await tx
    .update(subscribers)
    .set({ bypassExternalSubscriber: false, primaryUserUuid: ids[0]! })
    .where(eq(subscribers.agencyUuid, options.lapsedAgencyUuid));
  await tx
    .update(subscriptions)
    .set({ status: 'Canceled', currentPeriodEnd: options.createdAt })
    .where(eq(subscriptions.agencyUuid, options.lapsedAgencyUuid));
}
