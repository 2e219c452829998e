import type { Ref } from 'react';
import { Button } from '@mantine/core';
import type { CollaborationModeDto } from '#shared/contracts/collaboration.ts';
import { Icon } from '#client/components/icons.tsx';

export type CollaborationMenuProps = {
  mode: CollaborationModeDto;
  onExit: () => void;
  onOpenSettings: () => void;
};

/** The menu's button: the same for the stand-in and the menu's target. */
export function CollaborationMenuButton({
  ref,
  ...props
}: { ref?: Ref<HTMLButtonElement> } & React.ComponentPropsWithoutRef<'button'>) {
  return (
    <Button
      ref={ref}
      variant="light"
      size="sm"
      leftSection={<Icon name="collaboration" size={18} />}
      {...props}
    >
      Collaboration mode active
    </Button>
  );
}
