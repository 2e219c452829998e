import { Alert, Text } from '@mantine/core';
import { ApiError } from '#client/lib/api-client.ts';

/** A failed call shown where it happened: the server's message and the reference ID support can look up. */
export function RequestError({ error, title }: { error: unknown; title: string }) {
  if (!error) return null;
  const message = error instanceof Error ? error.message : 'The request failed.';
  const referenceId = error instanceof ApiError ? error.referenceId : undefined;
  return (
    <Alert color="red" role="alert" title={title}>
      <Text size="sm">{message}</Text>
      {referenceId && (
        <Text size="xs" mt="xs">
          Reference ID: {referenceId}
        </Text>
      )}
    </Alert>
  );
}
