import { useState } from 'react';
import { Alert, Badge, Button, Checkbox, Group, Stack, Text, Title } from '@mantine/core';
import { Table } from '#client/components/table.tsx';
import { TableStatusRow } from '#client/components/report/table-status-row.tsx';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  importMappingCandidatesSchema,
  importMappingListSchema,
  importMappingSchema,
  type ImportMapping,
  type ImportMappingUpdate,
} from '#shared/contracts/import-mappings.ts';
import { SearchableSelect } from '#client/components/searchable-select.tsx';
import { usePaging } from '#client/components/table-pager.tsx';
import { apiRequest, apiSend, ApiError } from '#client/lib/api-client.ts';

// Under the uploads' key: loading an upload refreshes the list with what it remembered.
const mappingsKey = ['imports', 'mappings'] as const;

/** GET /api/import-mappings: the remembered matches the caller may see (the network's, or the agency's). */
const mappingsQuery = (networkUuid: string | undefined, enabled: boolean) =>
  queryOptions({
    queryKey: [...mappingsKey, networkUuid ?? null],
    queryFn: ({ signal }) =>
      apiRequest(
        `/api/import-mappings?${new URLSearchParams(networkUuid ? { networkUuid } : {}).toString()}`,
        importMappingListSchema,
        { signal },
      ),
    enabled,
  });

const DIMENSION_LABELS: Record<ImportMapping['dimension'], string> = {
  carrier: 'Carrier',
  line: 'Policy type',
  agencyCode: 'Agency code',
};

/**
 * The matches remembered from loaded uploads, for the caller's scope: an agency administrator sees
 * their agency's own; network users and staff the network's and each agency's. Each can be changed
 * or deleted (deleted: the value is matched afresh next time).
 */
export function RememberedMatches({
  networkUuid,
  enabled,
  mayOverride,
}: {
  networkUuid: string | undefined;
  enabled: boolean;
  mayOverride: boolean;
}) {
  const queryClient = useQueryClient();
  const list = useQuery(mappingsQuery(networkUuid, enabled));
  const [editing, setEditing] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const { shown, pager } = usePaging(list.data?.mappings ?? []);
  const refresh = () => queryClient.invalidateQueries({ queryKey: mappingsKey });
  const remove = useMutation({
    mutationFn: (m: ImportMapping) => apiSend(`/api/import-mappings/${m.mappingUuid}`, { method: 'DELETE' }),
    onSuccess: () => {
      setMessage(null);
      void refresh();
    },
    onError: (error) => setMessage(error instanceof ApiError ? error.message : 'Not deleted.'),
  });

  return (
    <Stack gap="sm">
      <Title order={2}>Remembered matches</Title>
      <Text size="sm" c="dimmed">
        Matches chosen for a file are remembered once it is loaded, for the agency whose upload it was or for
        the whole network. An exact code or name match always wins unless a network user overrides it.
      </Text>
      {list.isError && (
        <Alert color="red" title="The remembered matches could not be read">
          {list.error.message}
        </Alert>
      )}
      {message && (
        <Alert color="red" title="Not saved">
          {message}
        </Alert>
      )}
      <Table striped withTableBorder aria-label="Remembered matches">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Applies to</Table.Th>
            <Table.Th>Kind</Table.Th>
            <Table.Th>Value in the files</Table.Th>
            <Table.Th>Match</Table.Th>
            <Table.Th>Changed by</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.isSuccess && shown.length === 0 && (
            <TableStatusRow status="empty" colSpan={6} emptyText="No match is remembered yet." />
          )}
          {shown.map((m) => {
            const label = m.carrierName ? `${m.value} at ${m.carrierName}` : m.value;
            return (
              <Table.Tr key={m.mappingUuid}>
                <Table.Td>{m.agencyName ?? 'The whole network'}</Table.Td>
                <Table.Td>{DIMENSION_LABELS[m.dimension]}</Table.Td>
                <Table.Td>{label}</Table.Td>
                <Table.Td miw={260}>
                  {editing === m.mappingUuid ? (
                    <MatchEditor
                      mapping={m}
                      label={label}
                      mayOverride={mayOverride}
                      onDone={(error) => {
                        setMessage(error);
                        if (error === null) {
                          setEditing(null);
                          void refresh();
                        }
                      }}
                      onCancel={() => setEditing(null)}
                    />
                  ) : (
                    <>
                      {m.miscellaneous ? 'Miscellaneous' : (m.targetName ?? 'No longer exists')}{' '}
                      {m.overridesExact && (
                        <Badge size="xs" variant="outline" color="orange.9">
                          overrides exact matches
                        </Badge>
                      )}
                    </>
                  )}
                </Table.Td>
                <Table.Td>
                  {m.updatedBy}, {new Date(m.updatedAt).toLocaleDateString('en-US')}
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Button
                      size="xs"
                      variant="default"
                      aria-label={`Change the match of ${label}`}
                      onClick={() => setEditing(m.mappingUuid)}
                      disabled={editing === m.mappingUuid}
                    >
                      Change
                    </Button>
                    <Button
                      size="xs"
                      variant="default"
                      color="red"
                      aria-label={`Delete the match of ${label}`}
                      loading={remove.isPending && remove.variables.mappingUuid === m.mappingUuid}
                      onClick={() => remove.mutate(m)}
                    >
                      Delete
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      {pager}
    </Stack>
  );
}

/** A remembered match's new target (from everything it may point to), Miscellaneous, or override. */
function MatchEditor({
  mapping,
  label,
  mayOverride,
  onDone,
  onCancel,
}: {
  mapping: ImportMapping;
  label: string;
  mayOverride: boolean;
  onDone: (error: string | null) => void;
  onCancel: () => void;
}) {
  const [choice, setChoice] = useState<Required<ImportMappingUpdate>>({
    targetUuid: mapping.targetUuid,
    miscellaneous: mapping.miscellaneous,
    overridesExact: mapping.overridesExact,
  });
  const candidates = useQuery({
    queryKey: [...mappingsKey, mapping.mappingUuid, 'candidates'],
    queryFn: ({ signal }) =>
      apiRequest(`/api/import-mappings/${mapping.mappingUuid}/candidates`, importMappingCandidatesSchema, {
        signal,
      }),
  });
  const save = useMutation({
    mutationFn: () =>
      apiRequest(`/api/import-mappings/${mapping.mappingUuid}`, importMappingSchema, {
        method: 'PUT',
        body: choice,
      }),
    onSuccess: () => onDone(null),
    onError: (error) => onDone(error instanceof ApiError ? error.message : 'Not saved.'),
  });
  return (
    <Stack gap={4}>
      <SearchableSelect
        aria-label={`New match for ${label}`}
        placeholder="Search"
        data={(candidates.data?.candidates ?? []).map((c) => ({ value: c.id, label: c.name }))}
        value={choice.miscellaneous ? null : choice.targetUuid}
        disabled={choice.miscellaneous}
        nothingFoundMessage={candidates.isFetching ? 'Loading…' : 'Nothing matches'}
        onChange={(targetUuid) => setChoice({ ...choice, targetUuid })}
      />
      <Checkbox
        size="xs"
        label="Miscellaneous"
        checked={choice.miscellaneous}
        onChange={(e) => setChoice({ ...choice, miscellaneous: e.currentTarget.checked })}
      />
      {mayOverride && (
        <Checkbox
          size="xs"
          label="Override exact matches"
          checked={choice.overridesExact}
          onChange={(e) => setChoice({ ...choice, overridesExact: e.currentTarget.checked })}
        />
      )}
      <Group gap="xs">
        <Button size="xs" onClick={() => save.mutate()} loading={save.isPending}>
          Save
        </Button>
        <Button size="xs" variant="default" onClick={onCancel}>
          Cancel
        </Button>
      </Group>
    </Stack>
  );
}
