import type { Ref } from 'react';
import { Button, VisuallyHidden, type ButtonProps } from '@mantine/core';
import type { ProfileMenuCommand, ProfileMenuItem } from '#shared/domain/navigation.ts';
import { deferred, useStandIn } from '#client/components/deferred.tsx';
import { Icon } from '#client/components/icons.tsx';

export type ProfileMenuProps = {
  userName: string;
  items: ProfileMenuItem[];
  onCommand: (command: ProfileMenuCommand) => void;
};

const menuPart = deferred(() => import('./profile-menu-part.tsx'));

/** The menu's button under the user's name: the same for the stand-in and the menu's target. */
export function ProfileMenuButton({
  userName,
  ref,
  ...props
}: { userName: string; ref?: Ref<HTMLButtonElement> } & ButtonProps &
  Omit<React.ComponentPropsWithoutRef<'button'>, keyof ButtonProps>) {
  return (
    <Button ref={ref} variant="default" size="sm" leftSection={<Icon name="user" size={18} />} {...props}>
      <VisuallyHidden>Profile menu for </VisuallyHidden>
      <span data-testid="signed-in-user">{userName}</span>
    </Button>
  );
}

/**
 * The header's profile menu: the items `profileMenuLinks` allows, under the user's name. Links
 * navigate; commands (such as entering collaboration mode) are handed to `onCommand`. The menu
 * (profile-menu-part.tsx) loads when the button is first pointed at or focused.
 */
export function ProfileMenu(props: ProfileMenuProps) {
  const { module, activation, standInProps } = useStandIn(menuPart);
  if (module) return <module.ProfileMenuPart {...props} activation={activation} />;
  return (
    <ProfileMenuButton
      userName={props.userName}
      aria-haspopup="menu"
      aria-expanded={false}
      {...standInProps}
    />
  );
}
