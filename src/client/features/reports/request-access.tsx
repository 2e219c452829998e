import { lazy, Suspense, useState } from 'react';
import { Button } from '@mantine/core';
import type { ReportDescriptor } from '#shared/domain/reports.ts';
import { useOpenedOnce } from '#client/components/deferred.tsx';

// The dialog loads the first time it opens (docs/first-load.md).
const RequestAccessDialog = lazy(async () => ({
  default: (await import('./request-access-dialog.tsx')).RequestAccessDialog,
}));

/**
 * A button that asks support for a report: an optional message, then the request goes the way a new
 * carrier request goes (a ticket, or an e-mail to support).
 */
export function RequestAccess({ report, label }: { report: ReportDescriptor; label: string }) {
  const [opened, setOpened] = useState(false);
  const loaded = useOpenedOnce(opened);
  return (
    <>
      <Button onClick={() => setOpened(true)}>{label}</Button>
      <Suspense fallback={null}>
        {loaded && <RequestAccessDialog report={report} opened={opened} onClose={() => setOpened(false)} />}
      </Suspense>
    </>
  );
}
