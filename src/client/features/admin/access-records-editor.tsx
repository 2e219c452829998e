import { useState } from 'react';
import { Button, Code, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { Table } from '#client/components/table.tsx';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { AccessRecord, ProductFeature } from '#shared/contracts/access.ts';
import { replaceUserAccess, userAccessKey } from './admin-api.ts';
import { ApiErrorAlert } from './api-error-alert.tsx';

type AccessState = 'none' | 'granted' | 'denied';

const accessChoices: { value: AccessState; label: string }[] = [
  { value: 'none', label: 'No record' },
  { value: 'granted', label: 'Granted' },
  { value: 'denied', label: 'Denied' },
];

type FeatureRow = { key: string; title: string; isLive: boolean | null };

function statesOf(records: readonly AccessRecord[]): Record<string, AccessState> {
  return Object.fromEntries(records.map((r) => [r.productComponentKey, r.denyAccess ? 'denied' : 'granted']));
}

/**
 * One row per product feature, plus any record whose key is no longer a product feature, so that
 * saving (which replaces every record) never drops a record nobody could see.
 */
function featureRows(features: readonly ProductFeature[], records: readonly AccessRecord[]): FeatureRow[] {
  const rows: FeatureRow[] = features.map((f) => ({ key: f.key, title: f.title, isLive: f.isLive }));
  const known = new Set(rows.map((r) => r.key));
  for (const record of records) {
    if (!known.has(record.productComponentKey))
      rows.push({ key: record.productComponentKey, title: record.productComponentKey, isLive: null });
  }
  return rows;
}

/** The records PUT sends: every row that is not "No record", in the table's order. */
function recordsOf(rows: readonly FeatureRow[], states: readonly AccessState[]): AccessRecord[] {
  return rows.flatMap((row, index) => {
    const state = states[index] ?? 'none';
    return state === 'none' ? [] : [{ productComponentKey: row.key, denyAccess: state === 'denied' }];
  });
}

/** Edits a user's access records (spec part 1 §6 feature access) and saves them as one list. */
export function AccessRecordsEditor({
  userUuid,
  productFeatures,
  accessRecords,
}: {
  userUuid: string;
  productFeatures: ProductFeature[];
  accessRecords: AccessRecord[];
}) {
  const queryClient = useQueryClient();
  // The rows as the form opened (a saved orphan record set to "No record" keeps its row).
  const [rows] = useState(() => featureRows(productFeatures, accessRecords));
  const saved = statesOf(accessRecords);
  // By row: a record's key is any text, which a form's field path could misread.
  const { control, handleSubmit } = useForm<{ states: AccessState[] }>({
    defaultValues: { states: rows.map((row) => saved[row.key] ?? 'none') },
  });
  const states = useWatch({ control, name: 'states' });
  const save = useMutation({
    mutationFn: (records: AccessRecord[]) => replaceUserAccess(userUuid, records),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userAccessKey(userUuid) }),
  });

  const dirty = rows.some((row, index) => states[index] !== (saved[row.key] ?? 'none'));

  return (
    <form
      aria-labelledby="feature-access-heading"
      onSubmit={(event) => void handleSubmit((values) => save.mutate(recordsOf(rows, values.states)))(event)}
    >
      <Stack gap="sm">
        <Title order={2} id="feature-access-heading">
          Feature access
        </Title>
        <Text size="sm">
          Granted lets the user use a feature when the agency&apos;s subscription includes it. Without a
          grant, a live feature stays open to agency owners and to users who have no access records at all, so
          any record, even Denied, limits other users to the features granted to them. Internal staff may use
          every feature.
        </Text>
        <ApiErrorAlert
          error={save.error}
          title="Could not save the access records"
          fieldLabels={{ accessRecords: 'Access records' }}
        />
        {rows.length === 0 ? (
          <Text>There are no product features.</Text>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Feature</Table.Th>
                  <Table.Th scope="col">Live</Table.Th>
                  <Table.Th scope="col">Access</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row, index) => (
                  <Table.Tr key={row.key}>
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        {row.title}
                      </Text>
                      <Code>{row.key}</Code>
                      {row.isLive === null && (
                        <Text size="xs" c="dimmed">
                          No longer a product feature
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{row.isLive === null ? '' : row.isLive ? 'Yes' : 'No'}</Table.Td>
                    <Table.Td>
                      <Controller
                        control={control}
                        name={`states.${index}`}
                        render={({ field }) => (
                          <SegmentedControl
                            size="xs"
                            aria-label={`Access to ${row.title}`}
                            data={accessChoices}
                            value={field.value ?? 'none'}
                            onChange={(value) => {
                              save.reset();
                              field.onChange(value);
                            }}
                          />
                        )}
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <Group gap="sm">
          <Button type="submit" loading={save.isPending}>
            Save access
          </Button>
          <Text size="sm" role="status">
            {save.isSuccess && !dirty ? 'Access saved.' : dirty ? 'You have unsaved changes.' : ''}
          </Text>
        </Group>
      </Stack>
    </form>
  );
}
