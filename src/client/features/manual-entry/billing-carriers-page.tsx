import { Fragment, lazy, Suspense, useMemo, useState } from 'react';
import { ActionIcon, Alert, Anchor, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { Table } from '#client/components/table.tsx';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { offeredYears } from '#shared/contracts/manual-entry.ts';
import { BUSINESS_TIME_ZONE, calendarDateIn } from '#shared/domain/reporting-month.ts';
import { useLevel } from '#client/app/level.ts';
import { Money } from '#client/components/figures.tsx';
import { useOpenedOnce } from '#client/components/deferred.tsx';
import { Icon } from '#client/components/icons.tsx';
import { Select } from '#client/components/select.tsx';
import { usePaging } from '#client/components/table-pager.tsx';
import { Hint } from '#client/components/hint.tsx';
import { DeleteButton, type DeleteTarget } from './delete-button.tsx';
import { useEntryYear } from './entry-year.ts';
import { carrierEntriesQuery } from './manual-entry-api.ts';
import { BADGE_LINES, carrierGroups, MONTH_NAMES, type CarrierGroup } from './manual-entry-model.ts';
import { TableStatusRow } from '#client/components/report/table-status-row.tsx';

// The dialogs load the first time they open (docs/first-load.md).
const EntryModal = lazy(async () => ({ default: (await import('./entry-modal.tsx')).EntryModal }));
const DeleteConfirmation = lazy(async () => ({
  default: (await import('./delete-confirmation.tsx')).DeleteConfirmation,
}));

export const PAGE_TITLE = 'Input Additional Carrier Production';

type BadgeState = CarrierGroup['badges'][keyof CarrierGroup['badges']];

const badgeLook = (state: BadgeState) => ({
  variant: state === 'none' ? 'outline' : 'filled',
  // A darker green than green.9, whose white label falls short of 4.5:1.
  color: state === 'current' ? '#1e6b30' : state === 'entered' ? 'blue.8' : 'gray.7',
});

function LineBadges({ group }: { group: CarrierGroup }) {
  return (
    <Group gap={4} wrap="nowrap">
      {BADGE_LINES.map((code) => {
        const state = group.badges[code];
        const label = state === 'current' ? 'current' : state === 'entered' ? 'entered' : 'no entry';
        return (
          <Badge key={code} size="sm" {...badgeLook(state)} aria-label={`${code}: ${label}`}>
            {code}
          </Badge>
        );
      })}
    </Group>
  );
}

/** What the line-of-business badges' colours say (the latest reporting month is `currentMonth`). */
export function LineBadgeLegend({ currentMonth }: { currentMonth: string | undefined }) {
  const states: [BadgeState, string][] = [
    [
      'current',
      currentMonth ? `Entered up to ${currentMonth}, the latest month` : 'Entered up to the latest month',
    ],
    ['entered', 'Entered this year, but not for the latest month'],
    ['none', 'No entry this year'],
  ];
  return (
    <Group
      gap="md"
      component="ul"
      aria-label="Line of business badges"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
    >
      {states.map(([state, text]) => (
        <Group key={state} gap={6} wrap="nowrap" component="li">
          <Badge size="sm" {...badgeLook(state)} aria-hidden="true">
            CL
          </Badge>
          <Text size="sm">{text}</Text>
        </Group>
      ))}
    </Group>
  );
}

function MonthsCompleted({ months }: { months: ReadonlySet<number> }) {
  return (
    <Group gap={2} wrap="nowrap" role="list" aria-label={`${months.size} of 12 months completed`}>
      {MONTH_NAMES.map((name, index) => {
        const done = months.has(index + 1);
        return (
          <Hint key={name} label={`${name}: ${done ? 'entered' : 'not entered'}`}>
            <span
              role="listitem"
              aria-label={`${name} ${done ? 'entered' : 'not entered'}`}
              style={{
                display: 'inline-block',
                width: 14,
                height: 14,
                borderRadius: 2,
                border: '1px solid var(--mantine-color-gray-7)',
                background: done ? 'var(--mantine-color-green-8)' : 'transparent',
              }}
            />
          </Hint>
        );
      })}
    </Group>
  );
}

/**
 * /billingcarriers (spec part 2 §2 "Manual carrier entry"): the carriers with manually entered
 * production in a year, each opening to its sub-codes' lines of business; New Entry opens the
 * entry modal and a carrier's name its entries (/billingcarriers/edit).
 */
export function BillingCarriersPage() {
  const levelUuid = useLevel();
  const [today] = useState(() => calendarDateIn(BUSINESS_TIME_ZONE));
  const [year, setYear] = useEntryYear(today);
  const [params] = useSearchParams();
  const [creating, setCreating] = useState(false);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const [deleting, setDeleting] = useState<DeleteTarget | null>(null);
  const entryLoaded = useOpenedOnce(creating);
  const deleteLoaded = useOpenedOnce(deleting !== null);
  const entries = useQuery(carrierEntriesQuery(levelUuid, year));
  const groups = useMemo(() => (entries.data ? carrierGroups(entries.data) : []), [entries.data]);
  const { shown, pager } = usePaging(groups);

  const detailsHref = (carrierUuid: string) => {
    const next = new URLSearchParams(params);
    next.set('carrier', carrierUuid);
    next.set('year', String(year));
    return `/billingcarriers/edit?${next.toString()}`;
  };
  const toggle = (uuid: string) =>
    setExpanded((previous) => {
      const next = new Set(previous);
      if (!next.delete(uuid)) next.add(uuid);
      return next;
    });

  let body;
  if (entries.isPending || entries.isError || shown.length === 0) {
    body = (
      <TableStatusRow
        status={entries.isPending ? 'loading' : entries.isError ? 'error' : 'empty'}
        colSpan={5}
        loadingLabel="Loading carrier entries"
        errorText="Carrier entries could not be loaded."
      />
    );
  } else {
    body = shown.map((group) => (
      <Fragment key={group.uuid}>
        <Table.Tr>
          <Table.Th scope="row" fw={500}>
            <Group gap={4} wrap="nowrap">
              <ActionIcon
                variant="subtle"
                color="gray.8"
                size="sm"
                aria-label={`Sub-codes of ${group.name}`}
                aria-expanded={expanded.has(group.uuid)}
                onClick={() => toggle(group.uuid)}
              >
                <Icon name={expanded.has(group.uuid) ? 'chevron-down' : 'chevron-right'} size={16} />
              </ActionIcon>
              <Anchor component={Link} to={detailsHref(group.uuid)}>
                {group.name}
              </Anchor>
            </Group>
          </Table.Th>
          <Table.Td ta="right">
            <Money value={group.writtenPremiumYtd} />
          </Table.Td>
          <Table.Td>
            <LineBadges group={group} />
          </Table.Td>
          <Table.Td>
            <MonthsCompleted months={group.monthsCompleted} />
          </Table.Td>
          <Table.Td>
            <DeleteButton
              label={`Delete ${group.name}`}
              target={{ kind: 'carrier', importUuids: group.entries.map((e) => e.importUuid) }}
              onDelete={setDeleting}
            />
          </Table.Td>
        </Table.Tr>
        {expanded.has(group.uuid) &&
          group.subCodes.map((subCode) => (
            <Table.Tr key={subCode.uuid} bg="gray.0">
              <Table.Td colSpan={5} pl={44}>
                <Text size="sm" fw={600} mb={4}>
                  Sub-code {subCode.code}
                </Text>
                <Table
                  withTableBorder={false}
                  verticalSpacing={2}
                  fz="sm"
                  aria-label={`Sub-code ${subCode.code}`}
                >
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Line of Business</Table.Th>
                      <Table.Th ta="right">Written Premium</Table.Th>
                      <Table.Th>Last Updated</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {subCode.lines.map((line) => (
                      <Table.Tr key={line.code}>
                        <Table.Td>{line.code}</Table.Td>
                        <Table.Td ta="right">
                          <Money value={line.entries[0]!.dwp} />
                        </Table.Td>
                        <Table.Td nowrap>{line.entries[0]!.date}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.Td>
            </Table.Tr>
          ))}
      </Fragment>
    ));
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Group gap="xs">
          <ActionIcon
            component={Link}
            to={`/production${params.get('level') ? `?level=${params.get('level')}` : ''}`}
            variant="subtle"
            color="gray.8"
            aria-label="Back to Carrier Production"
          >
            <Icon name="back" />
          </ActionIcon>
          <Title order={1} size="h2">
            {PAGE_TITLE}
          </Title>
        </Group>
        <Group gap="sm" align="flex-end">
          <Select
            label="Year"
            data={offeredYears(today).map(String)}
            value={String(year)}
            onChange={(value) => value && setYear(Number(value))}
            allowDeselect={false}
            w={110}
          />
          <Button onClick={() => setCreating(true)} disabled={!levelUuid || entries.isError}>
            New Entry
          </Button>
        </Group>
      </Group>
      {entries.error && (
        <Alert color="red" variant="light" role="alert">
          {entries.error.message}
        </Alert>
      )}
      <LineBadgeLegend currentMonth={entries.data?.currentMonth} />
      <Table.ScrollContainer minWidth={900} maxHeight={800}>
        <Table stickyHeader highlightOnHover tabularNums verticalSpacing={6}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Carrier</Table.Th>
              <Table.Th ta="right">Written Premium (YTD)</Table.Th>
              <Table.Th>Line of Business</Table.Th>
              <Table.Th>Months Completed</Table.Th>
              <Table.Th>Delete</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>{body}</Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {pager}
      <Suspense fallback={null}>
        {entryLoaded && (
          <EntryModal
            opened={creating}
            onClose={() => setCreating(false)}
            levelUuid={levelUuid}
            today={today}
            year={year}
          />
        )}
        {deleteLoaded && (
          <DeleteConfirmation target={deleting} levelUuid={levelUuid} onClose={() => setDeleting(null)} />
        )}
      </Suspense>
    </Stack>
  );
}
