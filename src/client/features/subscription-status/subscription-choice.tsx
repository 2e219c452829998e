import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Card,
  Center,
  Group,
  List,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { SubscriptionPrice } from '#shared/contracts/subscription.ts';
import { BILLING_OFF_MESSAGE } from '#shared/domain/subscription.ts';
import { createCheckoutSession, subscriptionProductsQuery } from './subscription-api.ts';

/** A price as its card shows it: USD, cents only when there are any. */
export function formatPrice(amount: number, currency: string): string {
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: currency.toUpperCase(),
    minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
  }).format(amount);
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
    <Card withBorder padding="lg" component="article" aria-labelledby={headingId}>
      <Stack gap="sm" h="100%">
        {price.ribbon && (
          <Badge variant="filled" w="fit-content">
            {price.ribbon}
          </Badge>
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
          <List size="sm" spacing={4}>
            {price.features.map((feature) => (
              <List.Item key={feature}>{feature}</List.Item>
            ))}
          </List>
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
    </Card>
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
  const checkout = useMutation({
    mutationFn: ({ priceId, requestId }: { priceId: string; requestId: string }) =>
      createCheckoutSession(priceId, requestId),
    onSuccess: ({ checkoutSessionUrl }) => window.location.assign(checkoutSessionUrl),
    onError: (error) => setNotice(error.message),
  });

  if (products.isPending) {
    return (
      <Center py="xl">
        <Loader role="status" aria-label="Loading subscriptions" />
      </Center>
    );
  }
  if (products.error) {
    return (
      <Alert color="red" variant="light" role="alert">
        {products.error.message}
      </Alert>
    );
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
    checkout.mutate(next);
  };
  return (
    <Stack gap="lg">
      {notice && (
        <Alert color={billingEnabled ? 'red' : 'yellow'} variant="light" role="alert">
          {notice}
        </Alert>
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
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
            {product.prices.map((price) => (
              <PriceCard
                key={price.id}
                price={price}
                busy={checkout.isPending && checkout.variables.priceId === price.id}
                onSelect={() => select(price.id)}
              />
            ))}
          </SimpleGrid>
        </Stack>
      ))}
    </Stack>
  );
}
