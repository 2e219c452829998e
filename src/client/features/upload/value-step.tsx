import { useMemo, useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Center,
  Checkbox,
  Group,
  Loader,
  Stack,
  Switch,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ImportRecordResponse, ImportValues } from '#shared/contracts/import.ts';
import { usePaging } from '#client/components/table-pager.tsx';
import { SearchableSelect } from '#client/components/searchable-select.tsx';
import { ApiError } from '#client/lib/api-client.ts';
import { importCandidatesQuery, importValuesQuery, mapValues, type ValueMapping } from './upload-api.ts';

type Value = ImportValues['values'][number];
type Choice = { targetUuid: string | null; miscellaneous: boolean };

const DIMENSION_LABELS: Record<Value['dimension'], string> = {
  carrier: 'Carrier',
  line: 'Policy type',
  agencyCode: 'Agency code',
};

const keyOf = (v: Pick<Value, 'dimension' | 'carrierUuid' | 'value'>) =>
  `${v.dimension}|${v.carrierUuid ?? ''}|${v.value}`;

/** A value is mapped once it has a match or is put in the Miscellaneous bucket. */
const isMapped = (c: Choice) => c.miscellaneous || c.targetUuid !== null;

/**
 * Step 3: the file's carriers, policy types and agency codes matched to the product's, with
 * suggested matches, "Show unmapped only" and the Miscellaneous bucket for rows that are not carrier
 * business. "Submit changes" remembers the matches for the network; agency codes are listed per
 * carrier once the file's carriers are matched.
 */
export function ValueStep({
  record,
  onBack,
  onDone,
  onCancel,
}: {
  record: ImportRecordResponse;
  onBack: () => void;
  onDone: () => void;
  onCancel: () => void;
}) {
  const queryClient = useQueryClient();
  const query = importValuesQuery(record.uploadUuid);
  const values = useQuery(query);
  const [edits, setEdits] = useState<ReadonlyMap<string, Choice>>(new Map());
  const [unmappedOnly, setUnmappedOnly] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  const all = useMemo(() => values.data?.values ?? [], [values.data]);
  const carrierNames = useMemo(
    () =>
      new Map(
        all
          .filter((v) => v.dimension === 'carrier' && v.targetUuid)
          .map((v) => [v.targetUuid!, v.targetName ?? v.value]),
      ),
    [all],
  );
  const choiceOf = (v: Value): Choice =>
    edits.get(keyOf(v)) ?? { targetUuid: v.targetUuid, miscellaneous: v.miscellaneous };
  const shownRows = useMemo(
    () => (unmappedOnly ? all.filter((v) => !isMapped(edits.get(keyOf(v)) ?? v)) : all),
    [all, edits, unmappedOnly],
  );
  const { shown, pager } = usePaging(shownRows);
  const unmappedCount = all.filter((v) => !isMapped(choiceOf(v))).length;

  const save = useMutation({
    mutationFn: (mappings: ValueMapping[]) => mapValues(record.uploadUuid, mappings),
    onSuccess: (data) => {
      queryClient.setQueryData(query.queryKey, data);
      setEdits(new Map());
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status < 500) setMessage(error.message);
    },
  });

  const pending = (): ValueMapping[] =>
    all
      .filter((v) => edits.has(keyOf(v)))
      .map((v) => ({ dimension: v.dimension, carrierUuid: v.carrierUuid, value: v.value, ...choiceOf(v) }))
      .filter(isMapped);

  const submit = async (): Promise<boolean> => {
    setMessage(null);
    const mappings = pending();
    if (mappings.length === 0) return true;
    try {
      await save.mutateAsync(mappings);
      return true;
    } catch {
      return false;
    }
  };

  const choose = (v: Value, choice: Choice) =>
    setEdits((previous) => new Map(previous).set(keyOf(v), choice));

  const useSuggestions = () =>
    setEdits((previous) => {
      const next = new Map(previous);
      for (const v of all) {
        const top = v.suggestions[0];
        if (top && !isMapped(next.get(keyOf(v)) ?? v))
          next.set(keyOf(v), { targetUuid: top.id, miscellaneous: false });
      }
      return next;
    });

  if (values.isPending) {
    return (
      <Center h={120}>
        <Loader aria-label="Loading the file's values" />
      </Center>
    );
  }
  if (values.isError) {
    return (
      <Alert color="red" title="The values could not be read">
        {values.error.message}
      </Alert>
    );
  }

  return (
    <Stack gap="md">
      <Title order={2}>Map the values</Title>
      <Text size="sm">
        {record.rowCount.toLocaleString('en-US')} rows read. {all.length} values,{' '}
        <span data-testid="unmapped-count">{unmappedCount}</span> unmapped. Put rows that are not carrier
        business in Miscellaneous: they are not loaded.
      </Text>
      <Group>
        <Switch
          label="Show unmapped only"
          checked={unmappedOnly}
          onChange={(e) => setUnmappedOnly(e.currentTarget.checked)}
        />
        <Button
          variant="default"
          onClick={useSuggestions}
          disabled={!all.some((v) => v.suggestions.length > 0 && !isMapped(choiceOf(v)))}
        >
          Use suggested matches
        </Button>
      </Group>
      <Table striped withTableBorder aria-label="Values of the file">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Kind</Table.Th>
            <Table.Th>Value in the file</Table.Th>
            <Table.Th>Rows</Table.Th>
            <Table.Th>Match</Table.Th>
            <Table.Th>Miscellaneous</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {shown.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={5}>
                {unmappedOnly ? 'Every value is mapped.' : 'The file has no values to map.'}
              </Table.Td>
            </Table.Tr>
          )}
          {shown.map((v) => {
            const choice = choiceOf(v);
            const label =
              v.dimension === 'agencyCode' && v.carrierUuid
                ? `${v.value} at ${carrierNames.get(v.carrierUuid) ?? 'its carrier'}`
                : v.value;
            return (
              <Table.Tr key={keyOf(v)}>
                <Table.Td>{DIMENSION_LABELS[v.dimension]}</Table.Td>
                <Table.Td>
                  {label}{' '}
                  {v.how === 'remembered' && !edits.has(keyOf(v)) && (
                    <Badge size="xs" variant="outline" color="gray.7">
                      remembered
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>{v.rows.toLocaleString('en-US')}</Table.Td>
                <Table.Td miw={260}>
                  <MatchSelect
                    uploadUuid={record.uploadUuid}
                    value={v}
                    label={label}
                    choice={choice}
                    onChoose={(targetUuid) => choose(v, { targetUuid, miscellaneous: false })}
                  />
                </Table.Td>
                <Table.Td>
                  <Checkbox
                    aria-label={`Miscellaneous: ${label}`}
                    checked={choice.miscellaneous}
                    onChange={(e) =>
                      choose(v, {
                        targetUuid: e.currentTarget.checked ? null : v.targetUuid,
                        miscellaneous: e.currentTarget.checked,
                      })
                    }
                  />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      {pager}
      {message && (
        <Alert color="red" title="Not saved">
          {message}
        </Alert>
      )}
      <Group>
        <Button onClick={() => void submit()} loading={save.isPending} disabled={pending().length === 0}>
          Submit changes
        </Button>
        <Button
          variant="light"
          onClick={() => {
            void submit().then((ok) => {
              if (ok) onDone();
            });
          }}
        >
          Preview
        </Button>
        <Button variant="default" onClick={onBack}>
          Back to columns
        </Button>
        <Button variant="default" onClick={onCancel}>
          Back to uploads
        </Button>
      </Group>
    </Stack>
  );
}

/** How many matches a list shows at once; typing narrows the rest. */
const MATCHES_SHOWN = 100;

/**
 * A value's match: its current match and suggestions first, then, once the list is opened, every
 * carrier, standard type or agency code it may be matched to, searchable by name.
 */
function MatchSelect({
  uploadUuid,
  value,
  label,
  choice,
  onChoose,
}: {
  uploadUuid: string;
  value: Value;
  label: string;
  choice: Choice;
  onChoose: (targetUuid: string | null) => void;
}) {
  const [opened, setOpened] = useState(false);
  const everything = useQuery(importCandidatesQuery(uploadUuid, value, opened));
  const suggested = [
    ...(value.targetUuid && value.targetName ? [{ value: value.targetUuid, label: value.targetName }] : []),
    ...value.suggestions
      .filter((s) => s.id !== value.targetUuid)
      .map((s) => ({ value: s.id, label: s.name })),
  ];
  const suggestedIds = new Set(suggested.map((o) => o.value));
  const others = (everything.data?.candidates ?? [])
    .filter((c) => !suggestedIds.has(c.id))
    .map((c) => ({ value: c.id, label: c.name }));
  const data = [
    { group: 'Suggested', items: suggested },
    { group: 'All', items: others },
  ].filter((group) => group.items.length > 0);
  return (
    <SearchableSelect
      aria-label={`Match for ${DIMENSION_LABELS[value.dimension].toLowerCase()} ${label}`}
      placeholder={suggested.length > 0 ? `Suggested: ${suggested[0]!.label}` : 'No suggestion: search'}
      data={data}
      value={choice.miscellaneous ? null : choice.targetUuid}
      disabled={choice.miscellaneous}
      clearable
      limit={MATCHES_SHOWN}
      nothingFoundMessage={everything.isFetching ? 'Loading…' : 'Nothing matches'}
      onDropdownOpen={() => setOpened(true)}
      onChange={onChoose}
    />
  );
}
