import type { ReactNode } from 'react';
import { Menu, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import type { ProfileMenuCommand } from '#shared/domain/navigation.ts';
import { useTakeOver, type Activation } from '#client/components/deferred.tsx';
import { Icon } from '#client/components/icons.tsx';
import { ProfileMenuButton, type ProfileMenuProps } from './profile-menu-button.tsx';

const commandIcons: Record<ProfileMenuCommand, ReactNode> = {
  'enter-collaboration': <Icon name="collaboration" size={16} />,
};

/** The profile menu itself (profile-menu.tsx draws its button until this part has loaded). */
export function ProfileMenuPart({
  userName,
  items,
  onCommand,
  activation,
}: ProfileMenuProps & { activation: Activation }) {
  const target = useTakeOver<HTMLButtonElement>(activation);
  return (
    <Menu
      position="bottom-end"
      width={220}
      shadow="md"
      withinPortal={false}
      withInitialFocusPlaceholder={false}
    >
      <Menu.Target>
        <ProfileMenuButton ref={target} userName={userName} />
      </Menu.Target>
      <Menu.Dropdown>
        {items.map((item) =>
          'command' in item ? (
            <Menu.Item
              key={item.key}
              onClick={() => onCommand(item.command)}
              leftSection={commandIcons[item.command]}
            >
              {item.label}
            </Menu.Item>
          ) : item.external ? (
            <Menu.Item
              key={item.key}
              component="a"
              href={item.href}
              target="_blank"
              rel="noopener noreferrer"
              leftSection={<Icon name={item.icon} size={16} />}
              rightSection={<Icon name="external" size={14} />}
            >
              {item.label}
              <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
            </Menu.Item>
          ) : (
            <Menu.Item
              key={item.key}
              component={Link}
              to={item.href}
              leftSection={<Icon name={item.icon} size={16} />}
            >
              {item.label}
            </Menu.Item>
          ),
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
