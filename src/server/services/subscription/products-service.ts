import { and, asc, eq, isNotNull, notInArray, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { SubscriptionProduct } from '#shared/contracts/subscription.ts';
import { billedEveryLabel } from '#shared/domain/subscription.ts';
import type { Db } from '#server/db/client.ts';
import { subscriptionPrices, subscriptionProducts } from '#server/db/schema/billing.ts';

/** How long a sync from Stripe stays fresh before the products are read from Stripe again. */
export const PRODUCT_SYNC_TTL_MS = 60_000;

const textMetadata = (metadata: Stripe.Metadata | null | undefined): Record<string, string> =>
  Object.fromEntries(Object.entries(metadata ?? {}).filter(([, v]) => typeof v === 'string'));

/**
 * Copies Stripe's active products and their recurring prices into the database (products
 * and prices kept in the database, synced from Stripe when it is configured). Products and prices
 * Stripe no longer offers are kept but marked inactive, so subscriptions naming them still resolve.
 */
export async function syncProductsFromStripe(db: Db, stripe: Stripe): Promise<void> {
  const products: Stripe.Product[] = [];
  for await (const product of stripe.products.list({ active: true, limit: 100 })) products.push(product);
  const prices: Stripe.Price[] = [];
  for await (const price of stripe.prices.list({ active: true, type: 'recurring', limit: 100 })) {
    prices.push(price);
  }

  await db.transaction(async (tx) => {
    const productUuids = new Map<string, string>();
    for (const [index, product] of products.entries()) {
      const values = {
        name: product.name,
        description: product.description ?? '',
        imageUrls: product.images ?? [],
        metadata: textMetadata(product.metadata),
        active: true,
        sortOrder: index,
        updatedAt: new Date(),
      };
      const [row] = await tx
        .insert(subscriptionProducts)
        .values({ stripeProductId: product.id, ...values })
        .onConflictDoUpdate({ target: subscriptionProducts.stripeProductId, set: values })
        .returning({ uuid: subscriptionProducts.uuid });
      productUuids.set(product.id, row!.uuid);
    }
    const kept: string[] = [];
    for (const price of prices) {
      const productId = typeof price.product === 'string' ? price.product : price.product.id;
      const productUuid = productUuids.get(productId);
      if (!productUuid || !price.recurring || price.unit_amount === null) continue;
      const values = {
        productUuid,
        name: price.nickname ?? '',
        // Stripe's amounts are whole cents: the division happens in SQL numeric, exactly.
        amount: sql`(${price.unit_amount}::numeric / 100)`,
        currency: price.currency,
        interval: price.recurring.interval,
        intervalCount: price.recurring.interval_count,
        metadata: textMetadata(price.metadata),
        active: true,
        updatedAt: new Date(),
      };
      await tx
        .insert(subscriptionPrices)
        .values({ stripePriceId: price.id, ...values })
        .onConflictDoUpdate({ target: subscriptionPrices.stripePriceId, set: values });
      kept.push(price.id);
    }
    const offered = [...productUuids.keys()];
    await tx
      .update(subscriptionProducts)
      .set({ active: false, updatedAt: new Date() })
      .where(
        and(
          isNotNull(subscriptionProducts.stripeProductId),
          offered.length > 0 ? notInArray(subscriptionProducts.stripeProductId, offered) : undefined,
        ),
      );
    await tx
      .update(subscriptionPrices)
      .set({ active: false, updatedAt: new Date() })
      .where(
        and(
          isNotNull(subscriptionPrices.stripePriceId),
          kept.length > 0 ? notInArray(subscriptionPrices.stripePriceId, kept) : undefined,
        ),
      );
  });
}

/** Splits a metadata list ('Reports|Exports|Support') into its items. */
function listOf(value: string | undefined): string[] {
  return (value ?? '')
    .split('|')
    .map((item) => item.trim())
    .filter((item) => item.length > 0);
}

/**
 * The products on offer with their active prices, in display order. With billing on only products
 * synced from Stripe are offered (a price must exist in Stripe to be bought); with billing off, the
 * products kept in the database (the demo data's, or an operator's).
 */
export async function listProducts(
  db: Db,
  { fromStripe }: { fromStripe: boolean },
): Promise<SubscriptionProduct[]> {
  const rows = await db
    .select({
      product: subscriptionProducts,
      price: {
        uuid: subscriptionPrices.uuid,
        name: subscriptionPrices.name,
        // numeric -> text, so the dollars leave SQL exactly as stored.
        amount: sql<string>`${subscriptionPrices.amount}::text`,
        currency: subscriptionPrices.currency,
        interval: subscriptionPrices.interval,
        intervalCount: subscriptionPrices.intervalCount,
        metadata: subscriptionPrices.metadata,
      },
    })
    .from(subscriptionProducts)
    .innerJoin(
      subscriptionPrices,
      and(eq(subscriptionPrices.productUuid, subscriptionProducts.uuid), eq(subscriptionPrices.active, true)),
    )
    .where(
      and(
        eq(subscriptionProducts.active, true),
        fromStripe ? isNotNull(subscriptionPrices.stripePriceId) : undefined,
      ),
    )
    .orderBy(
      asc(subscriptionProducts.sortOrder),
      asc(subscriptionProducts.name),
      asc(subscriptionPrices.amount),
    );

  const products = new Map<string, SubscriptionProduct>();
  for (const { product, price } of rows) {
    let entry = products.get(product.uuid);
    if (!entry) {
      entry = {
        id: product.uuid,
        name: product.name,
        description: product.description,
        imageUrls: product.imageUrls,
        metadata: product.metadata,
        prices: [],
      };
      products.set(product.uuid, entry);
    }
    entry.prices.push({
      id: price.uuid,
      name: price.name || product.name,
      amount: Number(price.amount),
      currency: price.currency,
      interval: price.interval,
      intervalCount: price.intervalCount,
      billedEvery: billedEveryLabel(price.interval, price.intervalCount),
      metadata: price.metadata,
      ribbon: price.metadata.ribbon?.trim() || null,
      features: listOf(price.metadata.features ?? product.metadata.features),
      description: price.metadata.description ?? product.description,
    });
  }
  return [...products.values()];
}
