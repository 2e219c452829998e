import { useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Loader,
  Modal,
  NativeSelect,
  Pagination,
  Radio,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CollaborationModeDto } from '#shared/contracts/collaboration.ts';
import {
  HIDDEN_CARRIER_NAME,
  isCollaborating,
  NO_COLLABORATION,
  type ShareType,
} from '#shared/domain/collaboration.ts';
import { useLevel } from '#client/app/level.ts';
import { applyCollaboration, enterCollaboration, onboardedCarriersQuery } from './collaboration-state.ts';
import { DialogFrame, DialogHeader } from '#client/components/dialog.tsx';
import { RequestError } from './request-error.tsx';

/** Rows per page the carrier list offers (spec part 2 §2 "Collaboration mode"). */
export const CARRIER_PAGE_SIZES = [5, 10, 25] as const;
type PageSize = (typeof CARRIER_PAGE_SIZES)[number];

type Carrier = { uuid: string; name: string; isMga: boolean; isCoreCarrier: boolean };

function carrierKind(carrier: Carrier): string | undefined {
  const kinds = [carrier.isCoreCarrier && 'Core carrier', carrier.isMga && 'MGA'].filter(Boolean);
  return kinds.length > 0 ? kinds.join(', ') : undefined;
}

function toPageSize(value: string): PageSize {
  return CARRIER_PAGE_SIZES.find((size) => String(size) === value) ?? CARRIER_PAGE_SIZES[0];
}

/**
 * Entering collaboration mode, or changing it ("settings" when a mode is active): the carriers to
 * share, paged 5, 10 or 25 at a time, and what to hide from them. Choosing no carriers in settings
 * means leaving the mode, which the caller confirms first (`onExitRequested`).
 */
export function CollaborationDialog({
  opened,
  mode,
  onClose,
  onExitRequested,
}: {
  opened: boolean;
  /** The active mode (null when not collaborating); the form starts from it each time it opens. */
  mode: CollaborationModeDto | null;
  onClose: () => void;
  onExitRequested: () => void;
}) {
  return (
    <DialogFrame opened={opened} onClose={onClose} size="lg">
      <CollaborationForm mode={mode} onClose={onClose} onExitRequested={onExitRequested} />
    </DialogFrame>
  );
}

/** Mounted while the dialog is open, so it starts from the mode as it was on opening. */
function CollaborationForm({
  mode,
  onClose,
  onExitRequested,
}: {
  mode: CollaborationModeDto | null;
  onClose: () => void;
  onExitRequested: () => void;
}) {
  const [initial] = useState(() => (isCollaborating(mode) ? mode : null));
  const settings = initial !== null;
  const queryClient = useQueryClient();
  const levelUuid = useLevel();
  const carriers = useQuery(onboardedCarriersQuery(levelUuid));
  const [selected, setSelected] = useState<string[]>(() => [
    ...(initial?.carriersUuid ?? NO_COLLABORATION.carriersUuid),
  ]);
  const [shareType, setShareType] = useState<ShareType>(initial?.shareType ?? NO_COLLABORATION.shareType);
  const [search, setSearch] = useState('');
  const [pageSize, setPageSize] = useState<PageSize>(CARRIER_PAGE_SIZES[0]);
  const [page, setPage] = useState(1);

  const enter = useMutation({
    mutationFn: enterCollaboration,
    onSuccess: (entered) => {
      void applyCollaboration(queryClient, entered);
      onClose();
    },
  });

  const all = carriers.data?.carriers ?? [];
  const term = search.trim().toLocaleLowerCase();
  const matching = term ? all.filter((c) => c.name.toLocaleLowerCase().includes(term)) : all;
  const pageCount = Math.max(1, Math.ceil(matching.length / pageSize));
  const currentPage = Math.min(page, pageCount);
  const first = (currentPage - 1) * pageSize;
  const rows = matching.slice(first, first + pageSize);

  const namesByUuid = new Map<string, string>(
    initial?.carriersUuid.map((uuid, i) => [uuid, initial.carriersName[i] ?? uuid]) ?? [],
  );
  for (const carrier of all) namesByUuid.set(carrier.uuid, carrier.name);
  const selectedNames = selected.map((uuid) => namesByUuid.get(uuid) ?? uuid);

  // One click for the carriers the search shows (all of them without a search), and one to let go.
  const selectedSet = new Set(selected);
  const unselectedMatching = matching.filter((c) => !selectedSet.has(c.uuid));
  const selectMatching = () => setSelected([...selected, ...unselectedMatching.map((c) => c.uuid)]);

  const loading = carriers.isPending;
  const canSubmit = !loading && (selected.length > 0 || settings);

  const submit = () => {
    if (selected.length === 0) {
      if (settings) onExitRequested();
      return;
    }
    enter.mutate({ carriersUuid: selected, shareType });
  };

  return (
    <>
      <DialogHeader title={settings ? 'Collaboration mode settings' : 'Enter collaboration mode'} />
      <Modal.Body>
        <Stack gap="md">
          <Text size="sm">
            Choose the carriers you are sharing the report with, and what the report hides while you
            collaborate.
          </Text>

          <TextInput
            label="Search carriers"
            type="search"
            value={search}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              setPage(1);
            }}
          />

          {loading && <Loader size="sm" role="status" aria-label="Loading carriers" />}
          {carriers.isError && (
            <RequestError error={carriers.error} title="The carriers could not be loaded" />
          )}
          {carriers.isSuccess && matching.length > 1 && (
            <Group gap="xs">
              <Button
                variant="default"
                size="xs"
                onClick={selectMatching}
                disabled={unselectedMatching.length === 0}
              >
                {term ? `Select the ${matching.length} found` : `Select all ${matching.length}`}
              </Button>
              <Button
                variant="default"
                size="xs"
                onClick={() => setSelected([])}
                disabled={selected.length === 0}
              >
                Clear selection
              </Button>
            </Group>
          )}
          {carriers.isSuccess && (
            <Checkbox.Group label="Carriers" value={selected} onChange={setSelected}>
              <Stack gap="xs" mt="xs">
                {rows.map((carrier) => (
                  <Checkbox
                    key={carrier.uuid}
                    value={carrier.uuid}
                    label={carrier.name}
                    description={carrierKind(carrier)}
                  />
                ))}
                {rows.length === 0 && (
                  <Text size="sm">
                    {all.length === 0
                      ? 'No carriers have data at this level.'
                      : 'No carriers match your search.'}
                  </Text>
                )}
              </Stack>
            </Checkbox.Group>
          )}

          {carriers.isSuccess && matching.length > 0 && (
            <Group justify="space-between" gap="sm" wrap="wrap">
              <Text size="sm">
                Showing {first + 1}–{first + rows.length} of {matching.length}{' '}
                {matching.length === 1 ? 'carrier' : 'carriers'}
              </Text>
              <Group gap="sm" wrap="nowrap">
                <NativeSelect
                  label="Rows per page"
                  size="xs"
                  data={CARRIER_PAGE_SIZES.map(String)}
                  value={String(pageSize)}
                  onChange={(event) => {
                    setPageSize(toPageSize(event.currentTarget.value));
                    setPage(1);
                  }}
                />
                <Pagination
                  size="sm"
                  total={pageCount}
                  value={currentPage}
                  onChange={setPage}
                  hideWithOnePage
                  getItemProps={(itemPage) => ({
                    'aria-label': `Page ${itemPage}`,
                    'aria-current': itemPage === currentPage ? 'page' : undefined,
                  })}
                  getControlProps={(control) => ({
                    'aria-label': `${control[0]!.toUpperCase()}${control.slice(1)} page`,
                  })}
                />
              </Group>
            </Group>
          )}

          <Text size="sm" role="status">
            {selected.length === 0
              ? 'No carriers selected.'
              : `Selected (${selected.length}): ${selectedNames.join(', ')}`}
          </Text>

          <Radio.Group
            label="What to hide"
            value={shareType}
            onChange={(value) => setShareType(value === 'all' ? 'all' : 'names')}
          >
            <Stack gap="xs" mt="xs">
              <Radio
                value="names"
                label="Hide carrier names"
                description={`Every carrier stays in the report; carriers you did not choose are named '${HIDDEN_CARRIER_NAME}'.`}
              />
              <Radio
                value="all"
                label="Show only these carriers"
                description="Carriers you did not choose are left out of the report."
              />
            </Stack>
          </Radio.Group>

          {settings && selected.length === 0 && (
            <Alert title="No carriers selected">Applying without carriers exits collaboration mode.</Alert>
          )}
          <RequestError
            error={enter.error}
            title={settings ? 'Could not change collaboration mode' : 'Could not enter collaboration mode'}
          />

          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={enter.isPending}>
              Cancel
            </Button>
            <Button onClick={submit} disabled={!canSubmit} loading={enter.isPending}>
              {settings ? 'Apply' : 'Enter'}
            </Button>
          </Group>
        </Stack>
      </Modal.Body>
    </>
  );
}
