import { Anchor, Stack, Text, Title } from '@mantine/core';

/**
 * The error-reason page of spec part 1 §8 and part 2 §8: 'Unable to process request', the Reason,
 * and whom to contact (a mail link when the support address is known).
 */
export function UnableToProcessRequest({ reason, supportEmail }: { reason: string; supportEmail?: string }) {
  return (
    <Stack gap="sm">
      <Title order={1} size="h2">
        Unable to process request
      </Title>
      <Text>
        <Text span fw={600}>
          Reason:
        </Text>{' '}
        {reason}
      </Text>
      <Text>
        If you think you are receiving this message in error, please{' '}
        {supportEmail ? (
          <Anchor href={`mailto:${supportEmail}`} underline="always">
            contact us
          </Anchor>
        ) : (
          'contact us'
        )}
        .
      </Text>
    </Stack>
  );
}
