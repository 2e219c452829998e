import { lazy, Suspense, useState } from 'react';
import { Alert, Anchor, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { ImportRecordResponse } from '#shared/contracts/import.ts';
import { mayUploadCarrierFiles } from '#shared/domain/access.ts';
import { joinUrl } from '#shared/domain/navigation.ts';
import { portalPermissionsQuery, useClientConfig } from '#client/app/access.ts';
import { useCurrentUser } from '#client/app/current-user.ts';
import { levelsQuery, useLevel } from '#client/app/level.ts';
import { importListQuery, importsKey } from './upload-api.ts';
import { UploadForm } from './upload-form.tsx';
import { UploadList } from './upload-list.tsx';
import { RememberedMatches } from './remembered-matches.tsx';

export const PAGE_TITLE = 'Upload carrier files';

// The steps after the first load on first use, so the page's first load stays small.
const ColumnStep = lazy(async () => ({ default: (await import('./column-step.tsx')).ColumnStep }));
const ValueStep = lazy(async () => ({ default: (await import('./value-step.tsx')).ValueStep }));
const PreviewStep = lazy(async () => ({ default: (await import('./preview-step.tsx')).PreviewStep }));

type Step = 'columns' | 'values' | 'preview';
type Work = { record: ImportRecordResponse; step: Step };

/** Where a staged upload resumes: its columns until they are mapped, then its values. */
function resumeAt(record: ImportRecordResponse): Work {
  return { record, step: record.columns ? 'values' : 'columns' };
}

/**
 * The network staff upload for: the network of the level chosen in the header. Network users and
 * agency administrators are bound to their own on the server, so they name none.
 */
function useUploadNetwork(): { networkUuid: string | undefined; ready: boolean } {
  const user = useCurrentUser();
  const level = useLevel();
  const staff = user.userType === 'internal';
  const levels = useQuery({ ...levelsQuery, enabled: staff });
  if (!staff) return { networkUuid: undefined, ready: true };
  const network = levels.data?.networks.find(
    (n) => n.uuid === level || n.agencies.some((a) => a.uuid === level),
  );
  return { networkUuid: network?.uuid, ready: network !== undefined };
}

/** A carrier and month named by the link that led here (`?carrier&carrierName&month`, the monthly close). */
function useInitialChoice() {
  const [params] = useSearchParams();
  const uuid = params.get('carrier');
  const name = params.get('carrierName');
  const month = params.get('month');
  // The form checks the month, and the server the carrier, as for anything typed.
  return { carrier: uuid && name ? { uuid, name } : null, through: month };
}

/**
 * The upload portal built into the product (spec part 1 §2 names `/upload`): choose and
 * upload carrier files, map their columns and values, preview, commit; the list of uploads with Undo.
 * Used when no external portal (UPLOAD_PORTAL_URL) is configured.
 */
export function UploadPage() {
  const user = useCurrentUser();
  const config = useClientConfig();
  const permissions = useQuery(portalPermissionsQuery);
  const allowed = permissions.isSuccess && mayUploadCarrierFiles(user, permissions.data);
  const { networkUuid, ready } = useUploadNetwork();
  const queryClient = useQueryClient();
  const [listPage, setListPage] = useState(1);
  const list = useQuery(importListQuery(networkUuid, listPage, allowed && ready));
  const [work, setWork] = useState<Work | null>(null);
  const [queue, setQueue] = useState<ImportRecordResponse[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const initial = useInitialChoice();

  if (permissions.isPending || config === null) {
    return (
      <Center h={200}>
        <Loader aria-label="Loading" />
      </Center>
    );
  }
  const portal = joinUrl(config.uploadPortalUrl, '/upload');
  if (portal) {
    return (
      <Stack p="md">
        <Title order={1}>{PAGE_TITLE}</Title>
        <Text>
          Carrier files are uploaded in the <Anchor href={portal}>upload portal</Anchor>.
        </Text>
      </Stack>
    );
  }
  if (!allowed) {
    return (
      <Stack p="md">
        <Title order={1}>{PAGE_TITLE}</Title>
        <Alert color="red" title="Access denied">
          You do not have access to this feature. Please select an option from the menu on the left.
        </Alert>
      </Stack>
    );
  }

  const refreshList = () => queryClient.invalidateQueries({ queryKey: importsKey });
  const next = (remaining: ImportRecordResponse[]) => {
    const [first, ...rest] = remaining;
    setQueue(rest);
    setWork(first ? resumeAt(first) : null);
  };
  const goTo = (record: ImportRecordResponse, step: Step) => setWork({ record, step });
  const leave = () => {
    setWork(null);
    setQueue([]);
    void refreshList();
  };

  return (
    <Stack p="md" gap="lg">
      <Title order={1}>{PAGE_TITLE}</Title>
      {notice && (
        <Alert
          color="green"
          variant="light"
          role="status"
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setNotice(null)}
        >
          {notice}
        </Alert>
      )}
      {work === null ? (
        <UploadForm
          networkUuid={networkUuid}
          initial={initial}
          disabled={!ready}
          onUploaded={(records) => {
            setNotice(null);
            void refreshList();
            next(records);
          }}
        />
      ) : (
        <Suspense
          fallback={
            <Center h={120}>
              <Loader aria-label="Loading the next step" />
            </Center>
          }
        >
          <Text c="dimmed" size="sm">
            {work.record.fileName}
            {queue.length > 0 ? ` (then ${queue.length} more file${queue.length === 1 ? '' : 's'})` : ''}
          </Text>
          {work.step === 'columns' && (
            <ColumnStep
              record={work.record}
              onMapped={(record) => {
                // The list shows the rows just read.
                void refreshList();
                goTo(record, 'values');
              }}
              onCancel={leave}
            />
          )}
          {work.step === 'values' && (
            <ValueStep
              record={work.record}
              mayOverride={user.userType !== 'agency'}
              onBack={() => goTo(work.record, 'columns')}
              onDone={() => goTo(work.record, 'preview')}
              onCancel={leave}
            />
          )}
          {work.step === 'preview' && (
            <PreviewStep
              record={work.record}
              onBack={() => goTo(work.record, 'values')}
              onCommitted={(record) => {
                const loaded = record.rowsLoaded ?? 0;
                const skipped = record.rowsSkipped ?? 0;
                setNotice(
                  `${record.fileName}: ${loaded.toLocaleString('en-US')} ${loaded === 1 ? 'row' : 'rows'} loaded` +
                    (skipped > 0 ? `, ${skipped.toLocaleString('en-US')} in Miscellaneous.` : '.'),
                );
                // Every report reads the facts the commit changed: they load afresh when next shown.
                void queryClient.invalidateQueries({ refetchType: 'none' });
                void refreshList();
                next(queue);
              }}
              onCancel={leave}
            />
          )}
        </Suspense>
      )}
      <UploadList
        list={list}
        page={listPage}
        onPage={setListPage}
        onContinue={(record) => {
          setNotice(null);
          setQueue([]);
          setWork(resumeAt(record));
        }}
        onUndone={(record) => {
          setNotice(null);
          void queryClient.invalidateQueries({ refetchType: 'none' });
          if (work?.record.uploadUuid === record.uploadUuid) setWork(null);
        }}
      />
      <RememberedMatches
        networkUuid={networkUuid}
        enabled={allowed && ready}
        mayOverride={user.userType !== 'agency'}
      />
    </Stack>
  );
}
