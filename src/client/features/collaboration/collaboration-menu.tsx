import type { Ref } from 'react';
import { Button } from '@mantine/core';
import type { CollaborationModeDto } from '#shared/contracts/collaboration.ts';
import { deferred, useStandIn } from '#client/components/deferred.tsx';
import { Icon } from '#client/components/icons.tsx';

export type CollaborationMenuProps = {
  mode: CollaborationModeDto;
  onExit: () => void;
  onOpenSettings: () => void;
};

const menuPart = deferred(() => import('./collaboration-menu-part.tsx'));

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

/**
 * 'Collaboration mode active': a menu to exit collaboration mode or change its settings. The menu
 * (collaboration-menu-part.tsx) loads when the button is first pointed at or focused.
 */
export function CollaborationMenu(props: CollaborationMenuProps) {
  const { module, activation, standInProps } = useStandIn(menuPart);
  if (module) return <module.CollaborationMenuPart {...props} activation={activation} />;
  return <CollaborationMenuButton aria-haspopup="menu" aria-expanded={false} {...standInProps} />;
}
