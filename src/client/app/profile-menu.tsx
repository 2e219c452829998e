import type { ReactNode } from 'react';
import { Button, Menu, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import type { ProfileMenuCommand, ProfileMenuItem } from '#shared/domain/navigation.ts';
import { Icon } from '#client/components/icons.tsx';

const commandIcons: Record<ProfileMenuCommand, ReactNode> = {
  'enter-collaboration': <Icon name="collaboration" size={16} />,
};

/**
 * The header's profile menu: the items `profileMenuLinks` allows, under the user's name. Links
 * navigate; commands (such as entering collaboration mode) are handed to `onCommand`.
 */
export function ProfileMenu({
  userName,
  items,
  onCommand,
}: {
  userName: string;
  items: ProfileMenuItem[];
  onCommand: (command: ProfileMenuCommand) => void;
}) {
  return (
    <Menu
      position="bottom-end"
      width={220}
      shadow="md"
      withinPortal={false}
      withInitialFocusPlaceholder={false}
    >
      <Menu.Target>
        <Button variant="default" size="sm" leftSection={<Icon name="user" size={18} />}>
          <VisuallyHidden>Profile menu for </VisuallyHidden>
          <span data-testid="signed-in-user">{userName}</span>
        </Button>
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
