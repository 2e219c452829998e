import type { Ref } from 'react';
import { Button, VisuallyHidden, type ButtonProps } from '@mantine/core';
import type { ProfileMenuCommand, ProfileMenuItem } from '#shared/domain/navigation.ts';
import { Icon } from '#client/components/icons.tsx';

export type ProfileMenuProps = {
  userName: string;
  items: ProfileMenuItem[];
  onCommand: (command: ProfileMenuCommand) => void;
};

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
