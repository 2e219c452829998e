import { useState } from 'react';
import { Button, Menu } from '@mantine/core';
import { isCollaborating } from '#shared/domain/collaboration.ts';
import { CollaborationDialog } from './collaboration-dialog.tsx';
import { Icon } from '#client/components/icons.tsx';
import { useCollaboration } from './collaboration-state.ts';
import { ExitConfirmation } from './exit-confirmation.tsx';

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

  return (
    <>
      {active && (
        <Menu position="bottom-end" shadow="md" withinPortal={false} withInitialFocusPlaceholder={false}>
          <Menu.Target>
            <Button variant="light" size="sm" leftSection={<Icon name="collaboration" size={18} />}>
              Collaboration mode active
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Label>
              {mode.shareType === 'names'
                ? `Sharing ${mode.carriersUuid.length} ${mode.carriersUuid.length === 1 ? 'carrier' : 'carriers'}; other names hidden`
                : `Showing only ${mode.carriersUuid.length} ${mode.carriersUuid.length === 1 ? 'carrier' : 'carriers'}`}
            </Menu.Label>
            <Menu.Item onClick={() => setConfirmingExit(true)}>Exit collaboration mode</Menu.Item>
            <Menu.Item onClick={onOpenDialog}>Collaboration mode settings</Menu.Item>
          </Menu.Dropdown>
        </Menu>
      )}
      <CollaborationDialog
        opened={dialogOpened}
        mode={mode}
        onClose={onCloseDialog}
        onExitRequested={() => {
          onCloseDialog();
          setConfirmingExit(true);
        }}
      />
      <ExitConfirmation opened={confirmingExit} onClose={() => setConfirmingExit(false)} />
    </>
  );
}
