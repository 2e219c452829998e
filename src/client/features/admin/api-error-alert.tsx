import { Alert, List, Text } from '@mantine/core';
import { ApiError } from '#client/lib/api-client.ts';

/** The per-field messages of a 400 answer (`error.fields`), empty for any other failure. */
export function errorFields(error: unknown): Record<string, string> {
  return error instanceof ApiError ? (error.body?.error.fields ?? {}) : {};
}

/**
 * A failed call shown where it happened: the server's message, each field message it named (with
 * the field's label when the form knows it) and the reference ID support can look up.
 */
export function ApiErrorAlert({
  error,
  title,
  fieldLabels = {},
}: {
  error: unknown;
  title: string;
  fieldLabels?: Record<string, string>;
}) {
  if (!error) return null;
  const message = error instanceof Error ? error.message : 'The request failed.';
  const fields = Object.entries(errorFields(error));
  const referenceId = error instanceof ApiError ? error.referenceId : undefined;
  return (
    <Alert color="red" role="alert" title={title}>
      <Text size="sm">{message}</Text>
      {fields.length > 0 && (
        <List size="sm" mt="xs">
          {fields.map(([field, fieldMessage]) => (
            <List.Item key={field}>
              {fieldLabels[field] ?? field}: {fieldMessage}
            </List.Item>
          ))}
        </List>
      )}
      {referenceId && (
        <Text size="xs" mt="xs">
          Reference ID: {referenceId}
        </Text>
      )}
    </Alert>
  );
}
