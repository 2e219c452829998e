import { lazy, Suspense, useState } from 'react';
import { isCollaborating } from '#shared/domain/collaboration.ts';
import { useOpenedOnce } from '#client/components/deferred.tsx';
import { CollaborationMenu } from './collaboration-menu.tsx';
import { useCollaboration } from './collaboration-state.ts';

// The dialogs load the first time they open, so the header costs the first page load nothing more.
const CollaborationDialog = lazy(async () => ({
  default: (await import('./collaboration-dialog.tsx')).CollaborationDialog,
}));
const ExitConfirmation = lazy(async () => ({
  default: (await import('./exit-confirmation.tsx')).ExitConfirmation,
}));

/**
 * The header's collaboration control (spec part 1 §6, part 2 §2): while carriers are chosen, a
 * 'Collaboration mode active' menu to exit (after confirming) or change the settings; and the entry
 * or settings dialog, which the shell also opens from the profile menu's 'Enter Collaboration Mode'.
 */
export function CollaborationControl({
  dialogOpened,
  onOpenDialog,
  onCloseDialog,
}: {
  dialogOpened: boolean;
  onOpenDialog: () => void;
  onCloseDialog: () => void;
}) {
  const mode = useCollaboration();
  const [confirmingExit, setConfirmingExit] = useState(false);
  const active = isCollaborating(mode);
  const dialogLoaded = useOpenedOnce(dialogOpened);
  const exitLoaded = useOpenedOnce(confirmingExit);

  return (
    <>
      {active && (
        <CollaborationMenu mode={mode} onExit={() => setConfirmingExit(true)} onOpenSettings={onOpenDialog} />
      )}
      <Suspense fallback={null}>
        {dialogLoaded && (
          <CollaborationDialog
            opened={dialogOpened}
            mode={mode}
            onClose={onCloseDialog}
            onExitRequested={() => {
              onCloseDialog();
              setConfirmingExit(true);
            }}
          />
        )}
        {exitLoaded && <ExitConfirmation opened={confirmingExit} onClose={() => setConfirmingExit(false)} />}
      </Suspense>
    </>
  );
}
