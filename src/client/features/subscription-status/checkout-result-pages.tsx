import { Anchor, Text, Title } from '@mantine/core';
import { StandalonePage } from '#client/components/standalone-page.tsx';

/** /success: the return from a completed checkout. */
export function CheckoutSuccessPage() {
  return (
    <StandalonePage>
      <Title order={1} size="h2">
        Success!
      </Title>
      <Text>Thank you. Your subscription has been received.</Text>
      <Anchor href="/">Continue to Understanding</Anchor>
    </StandalonePage>
  );
}

/** /cancel: the return from an abandoned checkout. */
export function CheckoutCancelPage() {
  return (
    <StandalonePage>
      <Title order={1} size="h2">
        Transaction canceled
      </Title>
      <Text>No payment was taken.</Text>
      <Anchor href="/">Return to Understanding</Anchor>
    </StandalonePage>
  );
}
