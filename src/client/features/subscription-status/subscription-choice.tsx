import { useState } from 'react';
import { Anchor, Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { SubscriptionPrice } from '#shared/contracts/subscription.ts';
import { BILLING_OFF_MESSAGE } from '#shared/domain/subscription.ts';
import { ApiError } from '#client/lib/api-client.ts';
import { saveReturnPath } from '#client/lib/return-path.ts';
import { createCheckoutSession, subscriptionProductsQuery } from './subscription-api.ts';

const SIGN_IN_TO_SUBSCRIBE = 'Sign in to subscribe your agency.';

/** A price as its card shows it: USD, cents only when there are any. */
export function formatPrice(amount: number, currency: string): string {
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: currency.toUpperCase(),
    minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
  }).format(amount);
}

/** A message about the choice, announced to assistive technology (light: this page loads before the shell). */
function Notice({ tone, children }: { tone: 'error' | 'warning'; children: string }) {
  return (
    <Paper role="alert" withBorder p="sm" bg={tone === 'error' ? 'red.0' : 'yellow.0'}>
      <Text c={tone === 'error' ? 'red.9' : 'yellow.9'}>{children}</Text>
    </Paper>
  );
}

function PriceCard({
  price,
  busy,
  onSelect,
}: {
  price: SubscriptionPrice;
  busy: boolean;
  onSelect: () => void;
}) {
  const headingId = `price-${price.id}`;
  return (
    <Paper withBorder p="lg" component="article" aria-labelledby={headingId} w={300} maw="100%">
      <Stack gap="sm" h="100%">
        {price.ribbon && (
          <Text size="xs" fw={700} tt="uppercase" c="white" bg="understanding.8" px="xs" w="fit-content">
            {price.ribbon}
          </Text>
        )}
        <Title order={3} size="h4" id={headingId}>
          {price.name}
        </Title>
        <Group gap={6} align="baseline">
          <Text fz={28} fw={700}>
            {formatPrice(price.amount, price.currency)}
          </Text>
          <Text c="dimmed">{price.billedEvery}</Text>
        </Group>
        {price.features.length > 0 && (
          <ul style={{ margin: 0, paddingInlineStart: '1.25rem' }}>
            {price.features.map((feature) => (
              <Text component="li" size="sm" key={feature}>
                {feature}
              </Text>
            ))}
          </ul>
        )}
        <Text size="sm">{price.description}</Text>
        <Button
          mt="auto"
          onClick={onSelect}
          loading={busy}
          aria-label={`Select ${price.name}, ${formatPrice(price.amount, price.currency)} ${price.billedEvery}`}
        >
          Select
        </Button>
      </Stack>
    </Paper>
  );
}

/**
 * The subscription choice (spec part 2 §2 "Subscription choice page"): each product with its price
 * cards; Select starts a Stripe Checkout and the browser goes there. With billing off on this server
 * the products still show and Select explains that online payment is not configured.
 */
export function SubscriptionChoice({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const products = useQuery(subscriptionProductsQuery);
  const [notice, setNotice] = useState<string | null>(null);
  const [choice, setChoice] = useState<{ priceId: string; requestId: string } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  if (products.isPending) {
    return (
      <Center py="xl">
        <Loader role="status" aria-label="Loading subscriptions" />
      </Center>
    );
  }
  if (products.error) {
    return <Notice tone="error">{products.error.message}</Notice>;
  }
  const { billingEnabled } = products.data;
  const select = (priceId: string) => {
    setNotice(null);
    if (!billingEnabled) {
      setNotice(BILLING_OFF_MESSAGE);
      return;
    }
    // The same choice retried keeps its request id, so the server answers the same session.
    const next = choice?.priceId === priceId ? choice : { priceId, requestId: crypto.randomUUID() };
    setChoice(next);
    setBusy(priceId);
    createCheckoutSession(next.priceId, next.requestId).then(
      ({ checkoutSessionUrl }) => window.location.assign(checkoutSessionUrl),
      (error: unknown) => {
        setBusy(null);
        if (error instanceof ApiError && error.status === 401) {
          saveReturnPath(window.location);
          setNotice(SIGN_IN_TO_SUBSCRIBE);
          return;
        }
        setNotice(error instanceof Error ? error.message : 'The checkout could not start. Please try again.');
      },
    );
  };
  return (
    <Stack gap="lg">
      {notice && <Notice tone={billingEnabled ? 'error' : 'warning'}>{notice}</Notice>}
      {notice === SIGN_IN_TO_SUBSCRIBE && (
        <Anchor href="/auth/auth0" w="fit-content">
          Sign in
        </Anchor>
      )}
      {products.data.products.length === 0 && (
        <Text>No subscriptions are on offer yet. Please contact us.</Text>
      )}
      {products.data.products.map((product) => (
        <Stack key={product.id} gap="sm" component="section" aria-label={product.name}>
          <Title order={headingLevel} size="h3">
            {product.name}
          </Title>
          {product.description && <Text c="dimmed">{product.description}</Text>}
          <Group align="stretch" gap="md">
            {product.prices.map((price) => (
              <PriceCard
                key={price.id}
                price={price}
                busy={busy === price.id}
                onSelect={() => select(price.id)}
              />
            ))}
          </Group>
        </Stack>
      ))}
    </Stack>
  );
}
