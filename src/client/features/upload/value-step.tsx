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
  Text,
  Title,
} from '@mantine/core';
import { Table } from '#client/components/table.tsx';
import { TableStatusRow } from '#client/components/report/table-status-row.tsx';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ImportRecordResponse, ImportValues } from '#shared/contracts/import.ts';
import { confidentSuggestion, PREFILL_CONFIDENCE } from '#shared/domain/import-matching.ts';
import { usePaging } from '#client/components/table-pager.tsx';
import { SearchableSelect } from '#client/components/searchable-select.tsx';
import { ApiError } from '#client/lib/api-client.ts';
import { importCandidatesQuery, importValuesQuery, mapValues, type ValueMapping } from './upload-api.ts';

type Value = ImportValues['values'][number];
type Choice = { targetUuid: string | null; miscellaneous: boolean; overridesExact?: boolean };

/** The confidence "Use suggested matches" needs, as people read it. */
export const PREFILL_PERCENT = `${Math.round(PREFILL_CONFIDENCE * 100)}%`;

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
 * business. "Submit changes" keeps the matches for this file; they are remembered for its agency or
 * network when it is loaded. Agency codes are listed per carrier once the file's carriers are
 * matched. A value matching exactly keeps its match unless a network user overrides it explicitly.
 */
export function ValueStep({
  record,
  mayOverride = false,
  onBack,
  onDone,
  onCancel,
}: {
  record: ImportRecordResponse;
  /** Network users and staff may map a value away from its exact match. */
  mayOverride?: boolean;
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
  const [suggestionNote, setSuggestionNote] = useState<string | null>(null);

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
    edits.get(keyOf(v)) ?? {
      targetUuid: v.targetUuid,
      miscellaneous: v.miscellaneous,
      overridesExact: v.overridesExact,
    };
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
      .map((v) => {
        const { overridesExact, ...choice } = choiceOf(v);
        return {
          dimension: v.dimension,
          carrierUuid: v.carrierUuid,
          value: v.value,
          ...choice,
          ...(overridesExact ? { overridesExact } : {}),
        };
      })
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

  // Only a suggestion at the stated confidence is taken; the others wait for a person to decide.
  const useSuggestions = () => {
    const next = new Map(edits);
    let used = 0;
    let left = 0;
    for (const v of all) {
      if (isMapped(next.get(keyOf(v)) ?? v)) continue;
      const sure = confidentSuggestion(v.suggestions);
      if (sure) {
        next.set(keyOf(v), { targetUuid: sure.id, miscellaneous: false });
        used++;
      } else left++;
    }
    setEdits(next);
    const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
    setSuggestionNote(
      `${plural(used, 'suggested match', 'suggested matches')} used. ` +
        (left === 0
          ? 'Every value is mapped.'
          : `${plural(left, 'value', 'values')} left unmapped: no suggestion of ${PREFILL_PERCENT} confidence or more. Choose ${left === 1 ? 'its match' : 'their matches'} or put ${left === 1 ? 'it' : 'them'} in Miscellaneous.`),
    );
  };

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
        <Button variant="default" onClick={useSuggestions} disabled={unmappedCount === 0}>
          Use suggested matches
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        Only suggestions of {PREFILL_PERCENT} confidence or more are used; the other values stay unmapped
        until you choose. Your matches apply to this file, and are remembered for{' '}
        {record.agencyUuid ? 'your agency' : 'the network'} once it is loaded.
      </Text>
      {suggestionNote && (
        <Alert color="blue" variant="light" role="status">
          {suggestionNote}
        </Alert>
      )}
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
            <TableStatusRow
              status="empty"
              colSpan={5}
              emptyText={unmappedOnly ? 'Every value is mapped.' : 'The file has no values to map.'}
            />
          )}
          {shown.map((v) => {
            const choice = choiceOf(v);
            // A value matching a code or name exactly keeps it unless overridden explicitly.
            const exact = v.how === 'exact' || v.overridesExact;
            const exactLocked = exact && !choice.overridesExact;
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
                  {v.how === 'exact' && !edits.has(keyOf(v)) && (
                    <Badge size="xs" variant="outline" color="gray.7">
                      exact match
                    </Badge>
                  )}
                  {choice.overridesExact && (
                    <Badge size="xs" variant="outline" color="orange.9">
                      overrides the exact match
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
                    locked={exactLocked}
                    onChoose={(targetUuid) =>
                      choose(v, { targetUuid, miscellaneous: false, overridesExact: choice.overridesExact })
                    }
                  />
                  {exact && mayOverride && (
                    <Checkbox
                      mt={4}
                      size="xs"
                      label="Override the exact match"
                      checked={choice.overridesExact === true}
                      onChange={(e) =>
                        choose(v, {
                          targetUuid: e.currentTarget.checked ? choice.targetUuid : v.targetUuid,
                          miscellaneous: e.currentTarget.checked ? choice.miscellaneous : false,
                          overridesExact: e.currentTarget.checked,
                        })
                      }
                    />
                  )}
                </Table.Td>
                <Table.Td>
                  <Checkbox
                    aria-label={`Miscellaneous: ${label}`}
                    checked={choice.miscellaneous}
                    disabled={exactLocked}
                    onChange={(e) =>
                      choose(v, {
                        targetUuid: e.currentTarget.checked ? null : v.targetUuid,
                        miscellaneous: e.currentTarget.checked,
                        overridesExact: choice.overridesExact,
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
  locked,
  onChoose,
}: {
  uploadUuid: string;
  value: Value;
  label: string;
  choice: Choice;
  /** An exact match not overridden: shown, not changed. */
  locked: boolean;
  onChoose: (targetUuid: string | null) => void;
}) {
  const [opened, setOpened] = useState(false);
  const everything = useQuery(importCandidatesQuery(uploadUuid, value, opened));
  const sure = confidentSuggestion(value.suggestions);
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
      placeholder={sure ? `Suggested: ${sure.name}` : 'No confident match: choose or search'}
      data={data}
      value={choice.miscellaneous ? null : choice.targetUuid}
      disabled={choice.miscellaneous || locked}
      clearable
      limit={MATCHES_SHOWN}
      nothingFoundMessage={everything.isFetching ? 'Loading…' : 'Nothing matches'}
      onDropdownOpen={() => setOpened(true)}
      onChange={onChoose}
    />
  );
}
