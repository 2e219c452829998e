import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { sidebarLinks, type NavigationLink } from '#shared/domain/navigation.ts';
import { useAccess, useClientConfig } from '#client/app/access.ts';
import { useCurrentUser } from '#client/app/current-user.ts';

/** Spec part 1 §2's access-denied sentence, without its pointer at the menu (decision 051). */
export const ACCESS_DENIED_MESSAGE = 'You do not have access to this feature.';

/** Pages worth offering instead: the user's own pages of the sidebar, not this one, not Log Out. */
const NOT_OFFERED = new Set(['logout', 'my-profile', 'help']);

/**
 * A screen the user may not use (spec part 1 §2 generic pages): says so, and names the page that is
 * open to the user (the first of their sidebar) with a link, rather than pointing at a menu that,
 * collapsed, has no words.
 */
export function AccessDeniedPage() {
  const user = useCurrentUser();
  const { features, flags, permissions } = useAccess();
  const config = useClientConfig();
  const { pathname } = useLocation();
  const open: NavigationLink | undefined = sidebarLinks({ user, features, flags, permissions, config }).find(
    (link) => !link.external && !NOT_OFFERED.has(link.key) && link.href !== pathname,
  );
  return (
    <Stack maw={640} gap="sm">
      <Title order={1}>Access denied</Title>
      <Text>{ACCESS_DENIED_MESSAGE}</Text>
      {open ? (
        <Text data-testid="access-denied-open-page">
          <Anchor component={Link} to={open.href}>
            {open.label}
          </Anchor>{' '}
          is open to you.
        </Text>
      ) : (
        <Text>
          Your pages are listed under Navigation, which the button at the top left opens with their names.
        </Text>
      )}
    </Stack>
  );
}
