import { Menu } from '@mantine/core';
import { useTakeOver, type Activation } from '#client/components/deferred.tsx';
import { CollaborationMenuButton, type CollaborationMenuProps } from './collaboration-menu-button.tsx';

/** The collaboration menu itself (collaboration-menu.tsx draws its button until this part has loaded). */
export function CollaborationMenuPart({
  mode,
  onExit,
  onOpenSettings,
  activation,
}: CollaborationMenuProps & { activation: Activation }) {
  const target = useTakeOver<HTMLButtonElement>(activation);
  return (
    <Menu position="bottom-end" shadow="md" withinPortal={false} withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <CollaborationMenuButton ref={target} />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          {mode.shareType === 'names'
            ? `Sharing ${mode.carriersUuid.length} ${mode.carriersUuid.length === 1 ? 'carrier' : 'carriers'}; other names hidden`
            : `Showing only ${mode.carriersUuid.length} ${mode.carriersUuid.length === 1 ? 'carrier' : 'carriers'}`}
        </Menu.Label>
        <Menu.Item onClick={onExit}>Exit collaboration mode</Menu.Item>
        <Menu.Item onClick={onOpenSettings}>Collaboration mode settings</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
