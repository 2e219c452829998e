import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import {
  ActionIcon,
  Alert,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { Table } from '#client/components/table.tsx';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { MANUAL_LINE_LABELS, type CarrierEntryRecord } from '#shared/contracts/manual-entry.ts';
import { BUSINESS_TIME_ZONE, calendarDateIn } from '#shared/domain/reporting-month.ts';
import { useLevel } from '#client/app/level.ts';
import { Money } from '#client/components/figures.tsx';
import { useOpenedOnce } from '#client/components/deferred.tsx';
import { Icon } from '#client/components/icons.tsx';
import { Select } from '#client/components/select.tsx';
import { DeleteButton, type DeleteTarget } from './delete-button.tsx';
import { useEntryYear } from './entry-year.ts';
import { carrierEntriesQuery } from './manual-entry-api.ts';
import { carrierGroups, type LineBlock } from './manual-entry-model.ts';

// The dialogs load the first time they open (docs/first-load.md).
const EntryModal = lazy(async () => ({ default: (await import('./entry-modal.tsx')).EntryModal }));
const DeleteConfirmation = lazy(async () => ({
  default: (await import('./delete-confirmation.tsx')).DeleteConfirmation,
}));

export const CURRENT_TOOLTIP = 'The latest entry is for the latest reporting month.';
export const NOT_CURRENT_TOOLTIP = 'The latest entry is older than the latest reporting month.';

function Status({ current }: { current: boolean }) {
  return (
    <Text
      component="span"
      c={current ? 'green.8' : 'orange.9'}
      role="img"
      aria-label={current ? 'Current' : 'Not current'}
      title={current ? CURRENT_TOOLTIP : NOT_CURRENT_TOOLTIP}
    >
      <Icon name={current ? 'check' : 'warning'} size={18} />
    </Text>
  );
}

function LineBlockTable({
  block,
  onEdit,
  onDelete,
}: {
  block: LineBlock;
  onEdit: (entry: CarrierEntryRecord) => void;
  onDelete: (target: DeleteTarget) => void;
}) {
  const label = MANUAL_LINE_LABELS[block.code];
  return (
    <Paper withBorder p="sm">
      <Table verticalSpacing={4} aria-label={`Line of business ${label}`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Line of business</Table.Th>
            <Table.Th ta="right">Written Premium YTD</Table.Th>
            <Table.Th>Current</Table.Th>
            <Table.Th>Delete</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          <Table.Tr>
            <Table.Th scope="row">{label}</Table.Th>
            <Table.Td ta="right">
              <Money value={block.entries[0]!.dwp} />
            </Table.Td>
            <Table.Td>
              <Status current={block.current} />
            </Table.Td>
            <Table.Td>
              <DeleteButton
                label={`Delete line of business ${label}`}
                target={{ kind: 'line', importUuids: block.entries.map((e) => e.importUuid) }}
                onDelete={onDelete}
              />
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      <Table.ScrollContainer minWidth={760}>
        <Table highlightOnHover tabularNums verticalSpacing={4} fz="sm" aria-label={`Details of ${label}`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Date</Table.Th>
              <Table.Th ta="right">Written Premium YTD</Table.Th>
              <Table.Th ta="right">New Business YTD</Table.Th>
              <Table.Th ta="right">12 Month Mover</Table.Th>
              <Table.Th ta="right">Incurred Loss YTD</Table.Th>
              <Table.Th ta="right">Earned Premium YTD</Table.Th>
              <Table.Th>
                <VisuallyHidden>Delete</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {block.entries.map((entry) => (
              <Table.Tr key={entry.importUuid}>
                <Table.Th scope="row" fw={400}>
                  <Button
                    variant="subtle"
                    size="compact-sm"
                    onClick={() => onEdit(entry)}
                    aria-label={`Edit ${entry.date}`}
                  >
                    {entry.date}
                  </Button>
                </Table.Th>
                <Table.Td ta="right">
                  <Money value={entry.dwp} />
                </Table.Td>
                <Table.Td ta="right">
                  <Money value={entry.newDwp} />
                </Table.Td>
                <Table.Td ta="right">
                  <Money value={entry['12Mm_dwp']} />
                </Table.Td>
                <Table.Td ta="right">
                  {entry.radio === 'lossRatio' ? (
                    `${entry.lossRatio}% loss ratio`
                  ) : (
                    <Money value={entry.incurred} />
                  )}
                </Table.Td>
                <Table.Td ta="right">
                  {entry.radio === 'lossRatio' ? '' : <Money value={entry.earned} />}
                </Table.Td>
                <Table.Td>
                  <DeleteButton
                    label={`Delete the entry of ${entry.date}`}
                    target={{ kind: 'details', importUuids: [entry.importUuid] }}
                    onDelete={onDelete}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

/**
 * /billingcarriers/edit?carrier&year (spec part 2 §2 "Carrier detail"): one carrier's entries of a
 * year for a chosen sub-code, one block per line of business, newest first. When nothing is left,
 * it goes back to the list.
 */
export function CarrierDetailPage() {
  const levelUuid = useLevel();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [today] = useState(() => calendarDateIn(BUSINESS_TIME_ZONE));
  const [year] = useEntryYear(today);
  const carrierUuid = params.get('carrier');
  const entries = useQuery(carrierEntriesQuery(levelUuid, year));
  const group = useMemo(
    () => (entries.data ? carrierGroups(entries.data).find((g) => g.uuid === carrierUuid) : undefined),
    [entries.data, carrierUuid],
  );
  const [chosenSubCode, setChosenSubCode] = useState<string | null>(null);
  const [editing, setEditing] = useState<CarrierEntryRecord | undefined>();
  const [deleting, setDeleting] = useState<DeleteTarget | null>(null);
  const entryLoaded = useOpenedOnce(editing !== undefined);
  const deleteLoaded = useOpenedOnce(deleting !== null);
  const subCode = group?.subCodes.find((s) => s.uuid === chosenSubCode) ?? group?.subCodes[0];

  const listParams = new URLSearchParams(params);
  listParams.delete('carrier');
  const listHref = `/billingcarriers?${listParams.toString()}`;
  // Spec part 2 §4: when every entry is deleted the view goes back to the carriers list.
  const empty = entries.isSuccess && !group;
  useEffect(() => {
    if (empty) void navigate(listHref, { replace: true });
  }, [empty, navigate, listHref]);

  return (
    <Stack gap="md">
      <Group gap="xs">
        <ActionIcon
          component={Link}
          to={listHref}
          variant="subtle"
          color="gray.8"
          aria-label="Back to the carriers"
        >
          <Icon name="back" />
        </ActionIcon>
        <Title order={1} size="h2">
          {group?.name ?? 'Carrier entries'}
        </Title>
        <Text c="dimmed">{year}</Text>
      </Group>
      {entries.error && (
        <Alert color="red" variant="light" role="alert">
          {entries.error.message}
        </Alert>
      )}
      {entries.isPending && (
        <Center py="xl">
          <Loader role="status" aria-label="Loading carrier entries" />
        </Center>
      )}
      {group && subCode && (
        <>
          <Select
            label="Sub-code"
            data={group.subCodes.map((s) => ({ value: s.uuid, label: s.code }))}
            value={subCode.uuid}
            onChange={setChosenSubCode}
            allowDeselect={false}
            w={260}
          />
          {subCode.lines.map((block) => (
            <LineBlockTable key={block.code} block={block} onEdit={setEditing} onDelete={setDeleting} />
          ))}
        </>
      )}
      <Suspense fallback={null}>
        {entryLoaded && (
          <EntryModal
            opened={editing !== undefined}
            onClose={() => setEditing(undefined)}
            levelUuid={levelUuid}
            today={today}
            year={year}
            entry={editing}
          />
        )}
        {deleteLoaded && (
          <DeleteConfirmation target={deleting} levelUuid={levelUuid} onClose={() => setDeleting(null)} />
        )}
      </Suspense>
    </Stack>
  );
}
